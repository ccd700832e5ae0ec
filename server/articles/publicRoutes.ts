/**
 * What visitors reach of the articles beside their pages (decision 052): the JSON the browser loads on a
 * client-side navigation (a language's posts, an article's body), the uploaded images of published articles
 * (and of the others, to the staff), and the 301 from a published article's old slug to its new URL.
 */
import type { Request, Response } from 'express';
import { Router } from 'express';

import { localePrefix, locales } from '../../shared/lib/locale';
import type { ArticleContent } from './content';
import type { ArticleImages } from './images';
import { drawShareImage } from './shareImage';

interface PublicRoutesOptions {
  content: ArticleContent;
  /** The project's root, whose public/ holds the build's covers. */
  rootDir: string;
  images: ArticleImages;
  /** Whether the request comes from a signed-in staff member. */
  isStaff: (req: Request) => Promise<boolean>;
}

export function articlePublicRoutes({ content, images, isStaff, rootDir }: PublicRoutesOptions): Router {
  const router = Router();

  // An uploaded image's variant. Its name is its file's hash, which anyone holding the file can compute: until
  // an article that shows it is published, only the staff get it (decision 066). Once public, its name holds
  // its content, so it is cached for a year. An image a body places is named by its site path
  // ("<hash>-<width>x<height>"): its largest WebP.
  router.get('/media/articles/:file', async (req, res, next) => {
    const match = /^([0-9a-f]{16})-(\d{1,5})(?:\.(avif|webp)|x\d{1,5})$/.exec(req.params.file);
    if (!match) return next();
    const published = content.current().images.has(match[1]!);
    if (!published && !(await isStaff(req))) return next();
    const format = (match[3] ?? 'webp') as 'avif' | 'webp';
    const body = await images.file(match[1]!, Number(match[2]), format);
    if (!body) return next();
    res
      .type(`image/${format}`)
      .set('Cache-Control', published ? 'public, max-age=31536000, immutable' : 'private, no-store')
      .send(body);
  });
  // A published article's social card (decision 075), drawn at its first request and kept: its name changes with
  // what it shows, so it is cached for a year.
  const cards = new Map<string, Promise<Buffer>>();
  router.get('/media/og/:file', async (req, res, next) => {
    const path = `/media/og/${req.params.file}`;
    const post = locales
      .flatMap((locale) => content.current().posts[locale])
      .find((candidate) => candidate.share === path);
    if (!post?.image) return next();
    let card = cards.get(path);
    if (!card) {
      // A card whose title changed since is not asked for again: the kept ones stay few.
      if (cards.size >= 100) cards.clear();
      card = drawShareImage({ title: post.title, image: post.image }, rootDir, images);
      cards.set(path, card);
      card.catch(() => cards.delete(path));
    }
    res
      .type('image/jpeg')
      .set('Cache-Control', 'public, max-age=31536000, immutable')
      .send(await card);
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

  router.get('/api/articles/:locale/:file', async (req, res, next) => {
    const locale = localeNamed(req.params.locale);
    const slug = req.params.file.replace(/\.json$/, '');
    const html = locale && req.params.file.endsWith('.json') ? await content.body(locale, slug) : null;
    if (html === null) return next();
    sendJson(res, { html });
  });

  // An article path that names no published article: its old slug's 301, when it had one. Read from
  // memory, so a flood of made-up article paths costs no query (decision 054).
  for (const locale of locales)
    router.get(`${localePrefix(locale)}/blog/:slug`, (req, res, next) => {
      const { slug } = req.params;
      const { ids, moved } = content.current();
      const to = ids[locale].has(slug) ? undefined : moved[locale].get(slug);
      if (!to) return next();
      const query = req.originalUrl.slice(req.path.length);
      res.redirect(301, to + query);
    });

  return router;
}

/**
 * Whether a path may be a published article's old slug, which articlePublicRoutes answers with a 301: its
 * last segment is one in any language (the early not-found answer must never take one, decision 054).
 */
export const isOldSlugPath =
  (content: ArticleContent) =>
  (path: string): boolean => {
    const slug = path.slice(path.lastIndexOf('/') + 1);
    const { moved } = content.current();
    return locales.some((locale) => moved[locale].has(slug));
  };
