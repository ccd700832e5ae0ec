/**
 * The library of uploaded images (decision 075): each image with its alt text in each language, the Markdown that
 * places it in a body, and the state the editor's script follows while an upload is made.
 */
import type { RequestHandler, Router } from 'express';
import { createElement } from 'react';

import { locales } from '../../shared/lib/locale';
import { consoleUser, sendPage, textFields } from '../console/page';
import type { ConsoleSectionTools } from '../console/section';
import { readBody } from '../http/formEndpoint';
import { LIMITS } from './fields';
import type { ArticleImages } from './images';
import { thumbnailOf } from './uploadedImages';
import { ImageLibraryPage } from './views/ImageLibraryPage';

interface LibraryOptions {
  images: ArticleImages;
  assets: ConsoleSectionTools['assets'];
  guardPost: RequestHandler[];
}

const HASH = /^[0-9a-f]{16}$/;

export function imageLibraryRoutes(router: Router, { images, assets, guardPost }: LibraryOptions): void {
  router.get('/staff/articles/images', async (req, res) => {
    sendPage(
      res,
      200,
      createElement(ImageLibraryPage, {
        assets: assets(),
        user: consoleUser(res),
        images: await images.library(),
        saved: req.query.saved === 'alt',
      }),
    );
  });

  // What the editor's script asks while an upload is made: its state, and its thumbnail once ready.
  router.get('/staff/articles/images/:hash/state', async (req, res, next) => {
    if (!HASH.test(req.params.hash)) return next();
    const state = await images.state(req.params.hash);
    // An image deleted or never uploaded: the script stops asking.
    if (!state) return res.json({ status: 'missing' });
    const path = (await images.library()).find((image) => image.hash === req.params.hash)!.path;
    res.json({ ...state, ...(state.status === 'ready' ? { thumbnail: thumbnailOf(path) } : {}) });
  });

  router.post('/staff/articles/images/:hash', ...guardPost, async (req, res, next) => {
    const hash = String(req.params.hash);
    if (!HASH.test(hash)) return next();
    const body = readBody(req, res);
    const form = textFields(body.ok ? body.fields : undefined);
    for (const locale of locales) {
      const alt = (form[`alt-${locale}`] ?? '').trim().slice(0, LIMITS.imageAlt);
      if (!(await images.describe(hash, locale, alt))) return next();
    }
    res.redirect(303, `/staff/articles/images?saved=alt#image-${hash}`);
  });
}
