import { Router } from 'express';

import { publishedIndex } from '../../shared/content/publishedArticles';
import { defaultLocale, locales, localeTags } from '../../shared/lib/locale';
import { absoluteUrl } from '../../shared/lib/runtime';
import type { SitePage } from '../../shared/routes';
import { indexablePagesNow } from '../../shared/routes';

/** A translated page's hreflang alternates (every language, itself included, and x-default), as the head lists them. */
function alternateLinks(siteUrl: string, page: SitePage): string {
  const languages = locales.filter((locale) => page.alternates[locale] !== undefined);
  if (languages.length < 2) return '';
  const link = (hreflang: string, path: string) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${absoluteUrl(siteUrl, path)}"/>`;
  const fallback = page.alternates[defaultLocale];
  return [
    ...languages.map((locale) => link(localeTags[locale].lang, page.alternates[locale]!)),
    fallback ? link('x-default', fallback) : '',
  ].join('');
}

/**
 * URLs in one sitemap file at most. The standard (sitemaps.org) allows 50,000 and 50 MB; with three
 * alternates an entry is about 500 bytes, so 10,000 keeps each file near 5 MB, which a crawler fetches at
 * once and the site makes in a few milliseconds (decision 083).
 */
const URLS_PER_SITEMAP = 10_000;

const urlset = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;

/** The sitemap file of the nth part (from 1) of a sitemap index. */
const partPath = (part: number) => `/sitemap-${part}.xml`;

/** What /sitemap.xml and its parts answer: one urlset, or past the limit an index of parts, each a urlset. */
interface Sitemaps {
  root: string;
  parts: string[];
}

function sitemaps(siteUrl: string, urlsPerSitemap: number): Sitemaps {
  const pages = indexablePagesNow();
  const entries = pages.map((page) => {
    const lastmod = page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : '';
    return `  <url><loc>${absoluteUrl(siteUrl, page.path)}</loc>${lastmod}${alternateLinks(siteUrl, page)}</url>`;
  });
  if (entries.length <= urlsPerSitemap) return { root: urlset(entries), parts: [] };
  const parts: string[] = [];
  const listed: string[] = [];
  for (let start = 0; start < entries.length; start += urlsPerSitemap) {
    parts.push(urlset(entries.slice(start, start + urlsPerSitemap)));
    // A part changed when its newest page did: ISO dates sort as strings.
    const newest = pages
      .slice(start, start + urlsPerSitemap)
      .reduce((latest, page) => (page.lastmod && page.lastmod > latest ? page.lastmod : latest), '');
    const lastmod = newest ? `<lastmod>${newest}</lastmod>` : '';
    listed.push(`  <sitemap><loc>${absoluteUrl(siteUrl, partPath(parts.length))}</loc>${lastmod}</sitemap>`);
  }
  const root = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${listed.join('\n')}\n</sitemapindex>\n`;
  return { root, parts };
}

function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /staff\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`;
}

/**
 * robots.txt and sitemap.xml (every page, each article published now with its date), generated from the
 * route table and SITE_URL; the sitemap again only when the published articles change (decision 052). Past
 * `urlsPerSitemap` URLs, sitemap.xml is an index of /sitemap-1.xml, /sitemap-2.xml… (decision 083).
 */
export function crawlerRoutes(siteUrl: string, { urlsPerSitemap = URLS_PER_SITEMAP } = {}): Router {
  const router = Router();
  let made: { index: unknown; sitemaps: Sitemaps } | undefined;
  const current = () => {
    const index = publishedIndex();
    if (made?.index !== index) made = { index, sitemaps: sitemaps(siteUrl, urlsPerSitemap) };
    return made.sitemaps;
  };
  const robots = robotsTxt(siteUrl);
  router.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').set('Cache-Control', 'no-cache').send(current().root);
  });
  router.get('/sitemap-:part.xml', (req, res, next) => {
    const { part } = req.params;
    const xml = /^[1-9]\d{0,5}$/.test(part) ? current().parts[Number(part) - 1] : undefined;
    if (xml === undefined) return next();
    res.type('application/xml').set('Cache-Control', 'no-cache').send(xml);
  });
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robots);
  });
  return router;
}
