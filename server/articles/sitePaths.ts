/**
 * Links in an article's body to site paths that lead nowhere (decision 075), flagged before it goes live. What
 * exists is read from the site itself, never a list kept by hand: the route table with the articles published
 * now, their old slugs (a 301), the blog's feeds, uploaded images and the files under public/.
 */
import fs from 'node:fs';
import path from 'node:path';

import { uploadedImage } from '../../shared/lib/assetNames';
import { locales } from '../../shared/lib/locale';
import { postPath } from '../../shared/model/articles';
import { blogFeeds } from '../../shared/model/blog';
import { findPage } from '../../shared/routes';
import type { ArticleContent } from './content';
import type { ArticleFields } from './fields';
import { renderArticle } from './markdown';

/** Whether a site path (no query, no fragment) answers with something other than the not-found page. */
export type SitePathExists = (path: string) => boolean;

/** A path's %-escapes read, or the path as written when they are not valid (it then names nothing). */
const decodePath = (text: string) => {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
};

const decodeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A file under public/, by a path that stays inside it. */
function isPublicFile(rootDir: string, sitePath: string): boolean {
  const dir = path.join(rootDir, 'public');
  const file = path.join(dir, path.normalize(sitePath));
  return file.startsWith(dir + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

export function sitePathExists(content: ArticleContent, rootDir: string): SitePathExists {
  const feeds = new Set<string>(locales.flatMap((locale) => blogFeeds(locale, '').map((feed) => feed.path)));
  const isMoved = (sitePath: string) => {
    const { moved } = content.current();
    return locales.some((locale) => {
      const blog = postPath({ slug: '', locale });
      return sitePath.startsWith(blog) && moved[locale].has(sitePath.slice(blog.length));
    });
  };
  return (sitePath) => {
    // One spelling answers, a trailing slash's is redirected to it (decision 064).
    const page = sitePath.length > 1 ? sitePath.replace(/\/+$/, '') : sitePath;
    return (
      findPage(page) !== undefined ||
      feeds.has(page) ||
      isMoved(page) ||
      uploadedImage(page) !== undefined ||
      (path.extname(page) !== '' && isPublicFile(rootDir, page))
    );
  };
}

/**
 * The site paths the body links to that lead nowhere, each once, as written (without a query or fragment). The
 * article's own address counts as there: it is, once it is live.
 */
export function missingLinks(fields: ArticleFields, rootDir: string, exists: SitePathExists): string[] {
  const rendered = renderArticle(fields.body, fields.locale, rootDir);
  return rendered.ok ? linksLeadingNowhere(rendered.html, fields, exists) : [];
}

/** The same read from a body rendered already (`article`: its own slug and language). */
export function linksLeadingNowhere(
  html: string,
  article: Pick<ArticleFields, 'slug' | 'locale'>,
  exists: SitePathExists,
): string[] {
  const own = postPath(article);
  const linked = [...html.matchAll(/<a [^>]*?href="(\/(?!\/)[^"?#]*)/g)].map((match) => decodeHtml(match[1]!));
  return [...new Set(linked)].filter((sitePath) => sitePath !== own && !exists(decodePath(sitePath)));
}
