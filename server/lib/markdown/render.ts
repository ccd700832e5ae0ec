/**
 * Markdown to the HTML the site may show: the build renders the seed articles
 * and the legal pages with it, the server the articles the staff write (the
 * browser never gets the parser). Safe by construction: raw HTML is shown as
 * text, links go only to web, mail or site addresses, external ones get
 * rel="noopener noreferrer", images need alt text and get their sizes, and
 * nothing carries a style attribute (the CSP forbids them). A rule that refuses what it took before comes with a
 * migration that empties the articles' read_time: the loads then check every live body again (decision 094).
 */
import type { Tokens } from 'marked';
import { Marked } from 'marked';

import { escapeHtml } from '../../../shared/lib/html';

export interface ImageSize {
  width: number;
  height: number;
}

export interface RenderOptions {
  /** The intrinsic size of a site image (a path under public/), or undefined when there is no such file. */
  imageSize: (src: string) => ImageSize | undefined;
}

/** A link target the site accepts: its own paths and anchors, web pages and e-mail. */
function checkHref(href: string): { external: boolean } {
  if (/^(\/(?!\/)|#)/.test(href)) return { external: false };
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(href)) return { external: false };
  if (/^https?:\/\/[^\s/]+/i.test(href)) return { external: true };
  throw new Error(`link "${href}" is not a site path, an http(s) address or a mailto: address`);
}

/** Renders one document's Markdown body; throws with the reason when it holds something the site does not allow. */
export function renderMarkdown(markdown: string, { imageSize }: RenderOptions): string {
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      // Raw HTML in the Markdown is shown as the text it is, never as markup.
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      heading({ tokens, depth }: Tokens.Heading) {
        if (depth === 1)
          throw new Error('a "# " heading in the body: the title is the page\'s only h1, start sections at "## "');
        return `<h${depth}>${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const { external } = checkHref(href);
        const rel = external ? ' rel="noopener noreferrer"' : '';
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
        return `<a href="${escapeHtml(href)}"${titleAttr}${rel}>${this.parser.parseInline(tokens)}</a>`;
      },
      image({ href, text }: Tokens.Image) {
        if (!text.trim()) throw new Error(`image "${href}" has no alt text: write ![what it shows](${href})`);
        const size = href.startsWith('/') ? imageSize(href) : undefined;
        if (!size) throw new Error(`image "${href}" is not a file under public/ (other hosts are not allowed)`);
        return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}" width="${size.width}" height="${size.height}" loading="lazy" decoding="async">`;
      },
      // A code block may be wider than a phone: focusable, so the keyboard can scroll it too.
      code({ text, lang, escaped }: Tokens.Code) {
        const language = lang ? ` class="language-${escapeHtml(lang.split(/\s/)[0]!)}"` : '';
        return `<pre tabindex="0"><code${language}>${escaped ? text : escapeHtml(text)}</code></pre>\n`;
      },
      // Alignment as a class: marked's align="" is obsolete HTML, and style="" is blocked by the CSP.
      tablecell({ tokens, header, align }: Tokens.TableCell) {
        const tag = header ? 'th' : 'td';
        const scope = header ? ' scope="col"' : '';
        const cls = align ? ` class="align-${align}"` : '';
        return `<${tag}${scope}${cls}>${this.parser.parseInline(tokens)}</${tag}>\n`;
      },
      // Wide tables scroll sideways on a phone; the region is focusable so the keyboard can scroll it.
      table(token: Tokens.Table) {
        const head = token.header.map((cell) => this.tablecell(cell)).join('');
        const body = token.rows
          .map((row) => this.tablerow({ text: row.map((cell) => this.tablecell(cell)).join('') }))
          .join('');
        const label = escapeHtml(token.header.map((cell) => cell.text).join(', '));
        return `<div class="table-scroll" role="region" aria-label="Table: ${label}" tabindex="0"><table>\n<thead>\n${this.tablerow({ text: head })}</thead>\n<tbody>\n${body}</tbody>\n</table></div>\n`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  // A last check of the promise above, whatever a future marked release emits: no tag may run or style anything.
  for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
    if (/^<(script|style|iframe|object|embed)\b|\sstyle\s*=|\son[a-z]+\s*=|javascript:/i.test(tag))
      throw new Error(`the rendered HTML holds ${tag}`);
  }
  return html;
}

const stock = new Marked({ gfm: true, async: false });

/**
 * marked's own rendering, which refuses nothing: a campaign's, whose e-mail profile keeps only its text and
 * links. The site's rules would refuse the image or the "# " heading a campaign may hold, and show as text the
 * raw HTML the e-mail has always dropped.
 */
export function renderStockMarkdown(markdown: string): string {
  return stock.parse(markdown, { async: false });
}
