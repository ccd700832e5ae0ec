import type { DatabaseSync } from 'node:sqlite';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express, { Router } from 'express';
import { z } from 'zod';
import type { SubscribeOutcome } from '../../shared/content/blog';
import { newsletterReturnHref, parseCategory } from '../../shared/lib/blog';
import { sameSiteOnly } from '../http';
import { perClientLimit } from '../rateLimit';
import { subscribe } from '../subscribers';

/** A sign-up is one short address: anything bigger is refused before parsing. */
const BODY_LIMIT = '2kb';
/** Enough for a typo or two; a script filling the list gets 429. */
const SIGNUPS_PER_WINDOW = 5;
const WINDOW_MS = 60_000;

const bodySchema = z.object({ email: z.unknown().optional(), category: z.string().max(40).optional() });
const emailSchema = z.string().trim().pipe(z.email().max(254));

const INVALID_EMAIL = 'Please enter a valid e-mail address.';

const jsonBody = express.json({ limit: BODY_LIMIT });
const formBody = express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 10 });

/** A plain form post (no JavaScript) is answered with a redirect back to the page; fetch asks for JSON. */
function isFormPost(req: Request): boolean {
  return Boolean(req.is('application/x-www-form-urlencoded')) && req.accepts(['html', 'json']) !== 'json';
}

/** JSON or a urlencoded form, size-limited; parser failures become short 4xx answers, never a 500. */
function parseBody(req: Request, res: Response, next: NextFunction): void {
  const parser = req.is('application/json') ? jsonBody : req.is('application/x-www-form-urlencoded') ? formBody : null;
  if (!parser) {
    res.status(415).json({ error: 'Send the address as JSON or as a form (application/x-www-form-urlencoded).' });
    return;
  }
  parser(req, res, (error?: unknown) => {
    if (!error) {
      next();
      return;
    }
    const status = (error as { status?: unknown }).status;
    if (status === 413) res.status(413).json({ error: 'The request body is too large.' });
    else if (status === 415) res.status(415).json({ error: 'Unsupported charset or encoding.' });
    else if (typeof status === 'number' && status >= 400 && status < 500) res.status(400).json({ error: 'The body could not be read: it is not valid JSON or form data.' });
    else next(error);
  });
}

function answer(req: Request, res: Response, category: string | undefined, outcome: SubscribeOutcome, json: () => void): void {
  if (isFormPost(req)) res.redirect(303, newsletterReturnHref(parseCategory(category), outcome));
  else json();
}

/**
 * POST /api/subscribe: adds an address to the newsletter. JSON for fetch
 * (201 subscribed, 200 already subscribed, 400 with the reason), a 303 back
 * to /blog for a plain form post. Answered only after the row is committed.
 */
export function subscribeRoutes(db: DatabaseSync): Router {
  const router = Router();
  const limit: RequestHandler = perClientLimit({
    limit: SIGNUPS_PER_WINDOW,
    windowMs: WINDOW_MS,
    onLimited: (req, res) => {
      if (isFormPost(req)) res.redirect(303, newsletterReturnHref('all', 'limited'));
      else res.json({ error: 'Too many attempts. Please wait a minute, then try again.' });
    },
  });

  router.post('/api/subscribe', sameSiteOnly, limit, parseBody, (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const body = bodySchema.safeParse(req.body);
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
    const result = subscribe(db, email.data);
    if (result === 'subscribed') {
      answer(req, res, category, 'subscribed', () => res.status(201).json({ status: 'subscribed' }));
    } else {
      answer(req, res, category, 'already', () => res.status(200).json({ status: 'already-subscribed' }));
    }
  });
  return router;
}
