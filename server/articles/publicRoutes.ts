/**
 * What visitors reach of the articles beside their pages (decision 052): the JSON the browser loads on a
 * client-side navigation (a language's posts, an article's body), the uploaded images, and the 301 from a
 * published article's old slug to its new URL.
 */
import type { Response } from 'express';
import { Router } from 'express';

import type { Locale } from '../../shared/lib/locale';
import { localePrefix, locales } from '../../shared/lib/locale';
import { postPath } from '../../shared/model/articles';
import type { ArticleContent } from './content';
import type { ArticleImages } from './images';
import type { ArticleStore } from './store';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function articlePublicRoutes(content: ArticleContent, store: ArticleStore, images: ArticleImages): Router {
  const router = Router();

  // An uploaded image's variant: its name holds its content's hash, so it is cached for a year.
  router.get('/media/articles/:file', async (req, res, next) => {
    const match = /^([0-9a-f]{16})-(\d{1,5})\.(avif|webp)$/.exec(req.params.file);
    const body = match && (await images.file(match[1]!, Number(match[2]), match[3] as 'avif' | 'webp'));
    if (!body) return next();
    res.type(`image/${match[3]}`).set('Cache-Control', 'public, max-age=31536000, immutable').send(body);
  });
  const localeNamed = (value: string) => locales.find((locale) => locale === value);
  // Revalidated on each use: a publish changes them at once.
  const sendJson = (res: Response, value: unknown) =>
    res.set('Cache-Control', 'no-cache').type('application/json').send(JSON.stringify(value));

  router.get('/api/articles/:file', (req, res, next) => {
    const locale = localeNamed(req.params.file.replace(/\.json$/, ''));
    if (!locale || !req.params.file.endsWith('.json')) return next();
    const { index, posts } = content.current();
    sendJson(res, { index, posts: { [locale]: posts[locale] } });
  });

  router.get('/api/articles/:locale/:file', (req, res, next) => {
    const locale = localeNamed(req.params.locale);
    const slug = req.params.file.replace(/\.json$/, '');
    const html = locale && req.params.file.endsWith('.json') ? content.current().bodies[locale].get(slug) : undefined;
    if (html === undefined) return next();
    sendJson(res, { html });
  });

  // An article path that names no published article: its old slug's 301, when it had one.
  for (const locale of locales)
    router.get(`${localePrefix(locale)}/blog/:slug`, async (req, res, next) => {
      const { slug } = req.params;
      if (!SLUG.test(slug) || content.current().bodies[locale].has(slug)) return next();
      const moved = await store.redirect(locale as Locale, slug);
      if (!moved) return next();
      const query = req.originalUrl.slice(req.path.length);
      res.redirect(301, postPath(moved) + query);
    });

  return router;
}
