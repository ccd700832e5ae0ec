import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, async: false });

/**
 * A campaign's Markdown as HTML a mail client may show: marked renders it, and
 * sanitize-html keeps only text markup and http(s) or mailto links (no script,
 * style, form, image or event handler), whatever the staff typed or pasted.
 */
export function markdownToSafeHtml(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, {
    allowedTags: [
      'p',
      'br',
      'h2',
      'h3',
      'h4',
      'strong',
      'em',
      'a',
      'ul',
      'ol',
      'li',
      'blockquote',
      'code',
      'pre',
      'hr',
    ],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto'],
  });
}
