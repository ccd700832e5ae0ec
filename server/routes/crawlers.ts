import { Router } from 'express';
import { absoluteUrl } from '../../shared/lib/runtime';
import { indexablePages } from '../../shared/routes';

export function sitemapXml(siteUrl: string): string {
  const urls = indexablePages
    .map((page) => {
      const lastmod = page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : '';
      return `  <url><loc>${absoluteUrl(siteUrl, page.path)}</loc>${lastmod}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /staff\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`;
}

/** robots.txt and sitemap.xml (every page, each article with its date), generated from the route table and SITE_URL. */
export function crawlerRoutes(siteUrl: string): Router {
  const router = Router();
  const sitemap = sitemapXml(siteUrl);
  const robots = robotsTxt(siteUrl);
  router.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(sitemap);
  });
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robots);
  });
  return router;
}
