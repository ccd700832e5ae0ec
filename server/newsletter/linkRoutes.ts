import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import { NewsletterTokenContext } from '../../shared/components/newsletter/token';
import { locales } from '../../shared/lib/locale';
import { CONFIRM_PATH, resultHref, TOKEN_PARAM, UNSUBSCRIBE_PATH } from '../../shared/model/newsletter';
import { localizePath } from '../../shared/routes';
import { formEndpoint, isPlainFormPost, readBody } from '../http/formEndpoint';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import type { RenderPage } from '../pages/render';
import type { SubscriberStore } from './store';

/** A newsletter link's step is one click; a client hammering tokens that do not verify gets 429. */
const POSTS_PER_MINUTE = 10;
const BODY_LIMIT_BYTES = 1024;
/** What a token looks like (base64url, and the unsubscribe token's "id."): anything else is no token. */
const TOKEN_PATTERN = /^[\w.-]{1,200}$/;

function tokenOf(value: unknown): string | null {
  return typeof value === 'string' && TOKEN_PATTERN.test(value) ? value : null;
}

/** The token from the link's query, else from the posted form. */
function postedToken(req: Request, res: Response): string | null {
  const fromQuery = tokenOf(req.query[TOKEN_PARAM]);
  if (fromQuery) return fromQuery;
  const body = readBody(req, res);
  return body.ok && typeof body.fields === 'object' && body.fields !== null
    ? tokenOf((body.fields as Record<string, unknown>)[TOKEN_PARAM])
    : null;
}

interface NewsletterRoutesOptions {
  store: SubscriberStore;
  siteUrl: string;
  /** Shared rate-limit counters, when several instances run. */
  counters?: RateLimitCounters;
  renderPage: RenderPage;
}

/**
 * The pages a newsletter e-mail links to, and their one-click POSTs:
 *   GET  /newsletter/confirm?token=…      the page with the "confirm" button (never cached, no script)
 *   POST /newsletter/confirm              confirms (token in the form), 303 to ?result=
 *   GET  /newsletter/unsubscribe?token=…  the page with the "unsubscribe" button
 *   POST /newsletter/unsubscribe?token=…  unsubscribes: the page's button, or a mail
 *                                         client's RFC 8058 one-click POST (any body)
 * and the same at each language's paths (/es/boletin/confirmar, /es/boletin/cancelar).
 * Opened without a token, the pages are ordinary (cacheable) pages of the route table.
 */
export function newsletterRoutes({ store, siteUrl, renderPage, counters }: NewsletterRoutesOptions): Router {
  const router = Router();

  const showWithToken = (path: string) => (req: Request, res: Response, next: NextFunction) => {
    if (req.query[TOKEN_PARAM] === undefined) {
      next();
      return;
    }
    const token = tokenOf(req.query[TOKEN_PARAM]);
    if (!token) {
      res.redirect(303, resultHref(path, 'invalid'));
      return;
    }
    // The token is the page's slot: the page is rendered once and kept, each link's token written in (decision 064).
    renderPage(req, res, {
      path,
      status: 200,
      slot: token,
      wrap: (page, slot) => createElement(NewsletterTokenContext, { value: slot ?? null }, page),
    }).catch(next);
  };

  const answer = (
    req: Request,
    res: Response,
    { path, result, done }: { path: string; result: string; done: boolean },
  ) => {
    res.setHeader('Cache-Control', 'no-store');
    if (isPlainFormPost(req)) res.redirect(303, resultHref(path, result));
    else res.status(done ? 200 : 400).json({ result });
  };

  // Refusals (a cross-site post, too many, too large) are worded in the page's language.
  const endpoint = (path: string, anyMediaType: boolean) =>
    formEndpoint({
      siteUrl,
      perMinute: POSTS_PER_MINUTE,
      counters: counters?.(path),
      maxBytes: BODY_LIMIT_BYTES,
      formPage: path,
      anyMediaType,
    });

  // A mail provider's one-click POST (RFC 8058) comes from its own servers, for many readers from a few
  // addresses, some with its webmail's Origin: the site's signature on the URL's token is its authority, so
  // it skips the same-site check and the per-client limit, and is never refused. That opens no flood: nothing
  // is written without a valid token, and a token used once writes nothing again. A token that does not verify
  // (one read by id and an HMAC) goes on through the checks and the limit like any other post.
  const signedUnsubscribe = (path: string) => async (req: Request, res: Response, next: NextFunction) => {
    const token = tokenOf(req.query[TOKEN_PARAM]);
    if (token && (await store.unsubscribe(token)) === 'unsubscribed')
      answer(req, res, { path, result: 'unsubscribed', done: true });
    else next();
  };

  // Each language's pages, at their own paths: an e-mail links to those of the language the address signed up in.
  for (const locale of locales) {
    const confirmPath = localizePath(CONFIRM_PATH, locale);
    const unsubscribePath = localizePath(UNSUBSCRIBE_PATH, locale);

    router.get(confirmPath, showWithToken(confirmPath));
    router.get(unsubscribePath, showWithToken(unsubscribePath));

    router.post(confirmPath, ...endpoint(confirmPath, false), async (req: Request, res: Response) => {
      const token = postedToken(req, res);
      const result = token ? await store.confirm(token) : 'invalid';
      answer(req, res, { path: confirmPath, result, done: result === 'confirmed' });
    });

    router.post(
      unsubscribePath,
      signedUnsubscribe(unsubscribePath),
      ...endpoint(unsubscribePath, true),
      async (req: Request, res: Response) => {
        // A token in the URL was tried before the checks and did not verify; one in the form is tried now.
        const token = req.query[TOKEN_PARAM] === undefined ? postedToken(req, res) : null;
        const result = token ? await store.unsubscribe(token) : 'invalid';
        answer(req, res, { path: unsubscribePath, result, done: result === 'unsubscribed' });
      },
    );
  }
  return router;
}
