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

function sitemapXml(siteUrl: string): string {
  const urls = indexablePagesNow()
    .map((page) => {
      const lastmod = page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : '';
      return `  <url><loc>${absoluteUrl(siteUrl, page.path)}</loc>${lastmod}${alternateLinks(siteUrl, page)}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /staff\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`;
}

/**
 * robots.txt and sitemap.xml (every page, each article published now with its date), generated from the
 * route table and SITE_URL; the sitemap again only when the published articles change (decision 052).
 */
export function crawlerRoutes(siteUrl: string): Router {
  const router = Router();
  let sitemap: { index: unknown; xml: string } | undefined;
  const robots = robotsTxt(siteUrl);
  router.get('/sitemap.xml', (_req, res) => {
    const index = publishedIndex();
    if (sitemap?.index !== index) sitemap = { index, xml: sitemapXml(siteUrl) };
    res.type('application/xml').set('Cache-Control', 'no-cache').send(sitemap.xml);
  });
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robots);
  });
  return router;
}
