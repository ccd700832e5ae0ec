/**
 * An article's Markdown as the HTML its page shows (decisions 052, 053): the build's rules first (raw HTML
 * as text, links only to site paths, http(s) and mailto:, images with alt text), then sanitize-html with an
 * allow-list, so no tag, attribute or URL the rules did not mean to make can reach a public page.
 */
import sanitizeHtml from 'sanitize-html';

import type { Locale } from '../../shared/lib/locale';
import { readImageSize } from '../lib/markdown/imageSize';
import { readTime } from '../lib/markdown/readTime';
import { renderMarkdown } from '../lib/markdown/render';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'a', 'img', 'pre', 'code', 'blockquote', 'hr', 'br'],
    ...['ul', 'ol', 'li', 'strong', 'em', 'del', 'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    pre: ['tabindex'],
    code: ['class'],
    ol: ['start'],
    th: ['scope', 'class'],
    td: ['class'],
    div: ['class', 'role', 'aria-label', 'tabindex'],
  },
  allowedClasses: {
    code: ['language-*'],
    th: ['align-left', 'align-center', 'align-right'],
    td: ['align-left', 'align-center', 'align-right'],
    div: ['table-scroll'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  // marked escapes quotes in text (&#39;, &quot;) and the sanitizer does not: escaped as marked does, an
  // article's bytes are the build's.
  textFilter: (text) => text.replace(/'/g, '&#39;').replace(/"/g, '&quot;'),
};

export type RenderedArticle = { ok: true; html: string; readTime: string } | { ok: false; error: string };

/** Sanitizes HTML to the tags, attributes and URLs an article may hold. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/**
 * Renders a body for its page, with its read time; a body the rules refuse (a link to javascript:, an image
 * without alt text or from another host, a "# " heading) comes back as the reason, for the editor to show.
 */
export function renderArticle(markdown: string, locale: Locale, rootDir: string): RenderedArticle {
  try {
    const html = sanitizeArticleHtml(renderMarkdown(markdown, { imageSize: (src) => readImageSize(rootDir, src) }));
    return { ok: true, html, readTime: readTime(html, locale) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
