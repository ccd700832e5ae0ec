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

/** An image uploaded in the console is named with its size; any other is a file under public/. */
const imageSizes = (rootDir: string) => (src: string) => uploadedImage(src) ?? readImageSize(rootDir, src);

/**
 * Renders a body for its page, with its read time; a body the rules refuse (a link to javascript:, an image
 * without alt text or from another host, a "# " heading) comes back as the reason, for the editor to show.
 */
export function renderArticle(markdown: string, locale: Locale, rootDir: string): RenderedArticle {
  try {
    const html = sanitize(renderMarkdown(markdown, { imageSize: imageSizes(rootDir) }), ARTICLE_HTML);
    return { ok: true, html, readTime: readTime(html, locale) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/**
 * What a load of the published articles reads of a body it has no read time for yet (decisions 092, 094): its read
 * time, or the reason the rules refuse it, without the sanitizer's pass, which refuses nothing and changes no word
 * the renderer writes (the build counts its read times the same way). It is that pass's garbage, over every body at
 * each load, that the heap kept: about 50 MB of 2,000 articles' idle memory.
 */
export function articleReadTime(
  markdown: string,
  locale: Locale,
  rootDir: string,
): { ok: true; readTime: string } | { ok: false; error: string } {
  try {
    return { ok: true, readTime: readTime(renderMarkdown(markdown, { imageSize: imageSizes(rootDir) }), locale) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
