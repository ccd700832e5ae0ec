/**
 * An article's Markdown as the HTML its page shows (decisions 052, 053): the site's rules first (raw HTML
 * as text, links only to site paths, http(s) and mailto:, images with alt text), then the article profile,
 * so no tag, attribute or URL the rules did not mean to make can reach a public page.
 */
import { uploadedImage } from '../../shared/lib/assetNames';
import type { Locale } from '../../shared/lib/locale';
import { readImageSize } from '../lib/markdown/imageSize';
import { ARTICLE_HTML, sanitize } from '../lib/markdown/profiles';
import { readTime } from '../lib/markdown/readTime';
import { renderMarkdown } from '../lib/markdown/render';

export type RenderedArticle = { ok: true; html: string; readTime: string } | { ok: false; error: string };

/**
 * Renders a body for its page, with its read time; a body the rules refuse (a link to javascript:, an image
 * without alt text or from another host, a "# " heading) comes back as the reason, for the editor to show.
 */
export function renderArticle(markdown: string, locale: Locale, rootDir: string): RenderedArticle {
  try {
    // An image uploaded in the console is named with its size; any other is a file under public/.
    const imageSize = (src: string) => uploadedImage(src) ?? readImageSize(rootDir, src);
    const html = sanitize(renderMarkdown(markdown, { imageSize }), ARTICLE_HTML);
    return { ok: true, html, readTime: readTime(html, locale) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
