import type { DatabaseSync } from 'node:sqlite';
import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { z } from 'zod';
import type { SubscribeOutcome } from '../../shared/content/blog';
import { SUBSCRIBE_ENDPOINT, newsletterReturnHref, parseCategory } from '../../shared/lib/blog';
import { decodeBody, rawBody, readFormBody } from '../formBody';
import { sameSiteOnly } from '../http';
import { perClientLimit } from '../rateLimit';
import { createSubscriberStore } from '../subscribers';

/** A sign-up is one short address: anything bigger is refused before parsing. */
const BODY_LIMIT_BYTES = 2048;
/** Enough for a typo or two; a script filling the list gets 429. */
const SIGNUPS_PER_WINDOW = 5;
const WINDOW_MS = 60_000;

const bodySchema = z.object({ email: z.unknown().optional(), category: z.string().max(40).optional() });
const emailSchema = z.string().trim().pipe(z.email().max(254));

const INVALID_EMAIL = 'Please enter a valid e-mail address.';

/** A plain form post (no JavaScript) is answered with a redirect back to the page; fetch asks for JSON. */
function isFormPost(req: Request, res: Response): boolean {
  return res.locals.bodyFormat === 'form' && req.accepts(['html', 'json']) !== 'json';
}

function answer(req: Request, res: Response, category: string | undefined, outcome: SubscribeOutcome, json: () => void): void {
  if (isFormPost(req, res)) res.redirect(303, newsletterReturnHref(parseCategory(category), outcome));
  else json();
}

/**
 * POST /api/subscribe: adds an address to the newsletter. JSON for fetch
 * (201 subscribed, 200 already subscribed, 400 with the reason), a 303 back
 * to /blog for a plain form post. Answered only after the row is committed.
 */
export function subscribeRoutes(db: DatabaseSync): Router {
  const store = createSubscriberStore(db);
  const router = Router();
  const limit: RequestHandler = perClientLimit({
    limit: SIGNUPS_PER_WINDOW,
    windowMs: WINDOW_MS,
    onLimited: (req, res) => {
      if (isFormPost(req, res)) res.redirect(303, newsletterReturnHref('all', 'limited'));
      else res.json({ error: 'Too many attempts. Please wait a minute, then try again.' });
    },
  });

  router.post(SUBSCRIBE_ENDPOINT, sameSiteOnly, ...readFormBody(BODY_LIMIT_BYTES), limit, (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const decoded = decodeBody(res.locals.bodyFormat ?? 'json', rawBody(req.body));
    if (!decoded.ok) {
      res.status(400).json({ error: decoded.error });
      return;
    }
    const body = bodySchema.safeParse(decoded.fields);
    if (!body.success) {
      res.status(400).json({ error: 'Expected an object with an "email" field.' });
      return;
    }
    const { category } = body.data;
    const email = emailSchema.safeParse(body.data.email);
    if (!email.success) {
      answer(req, res, category, 'invalid', () => res.status(400).json({ error: INVALID_EMAIL }));
      return;
    }
    const result = store.add(email.data);
    if (result === 'subscribed') {
      answer(req, res, category, 'subscribed', () => res.status(201).json({ status: 'subscribed' }));
    } else {
      answer(req, res, category, 'already', () => res.status(200).json({ status: 'already-subscribed' }));
    }
  });
  return router;
}
