/**
 * What rendered Markdown may hold where it is shown, one profile per place, side by side (decisions 044,
 * 053): sanitize-html keeps a profile's tags, attributes, classes and URL schemes and nothing else, so no
 * markup the renderer did not mean to make, nor anything a staff member typed, reaches a reader.
 */
import sanitizeHtml from 'sanitize-html';

/** Text markup, without attributes: what every profile keeps. */
const TEXT_TAGS = ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'em', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr'];
/** Web pages and e-mail addresses: never javascript:, data: or vbscript:. */
const LINK_SCHEMES = ['http', 'https', 'mailto'];
const ALIGNMENTS = ['align-left', 'align-center', 'align-right'];

/**
 * An article page: the text, links, site images and tables in their scrolling region, with the attributes and
 * classes the site's rules (render.ts) write, so the seed articles pass byte for byte. Anything else is escaped
 * to text, so a mistake shows instead of vanishing.
 */
export const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, 'h5', 'h6', 'del', 'a', 'img', 'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
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
    th: ALIGNMENTS,
    td: ALIGNMENTS,
    div: ['table-scroll'],
  },
  allowedSchemes: LINK_SCHEMES,
  // Images from site paths only: the rules give them their sizes from public/.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  // marked escapes quotes in text (&#39;, &quot;) and the sanitizer does not: escaped as marked does, an
  // article's bytes are the build's.
  textFilter: (text) => text.replace(/'/g, '&#39;').replace(/"/g, '&quot;'),
};

/**
 * A campaign e-mail: the text and bare links, no image (so no tracking pixel), no class, no table; anything
 * else is dropped and its text kept. It keeps no h5, h6 or del because campaigns have never had them: adding
 * them would change how a campaign already written reads.
 */
export const EMAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: LINK_SCHEMES,
};

/** HTML cut down to what a profile allows. */
export function sanitize(html: string, profile: sanitizeHtml.IOptions): string {
  return sanitizeHtml(html, profile);
}
