import type { Request, Response } from 'express';
import { Router } from 'express';
import { z } from 'zod';

import type { SubscribeOutcome } from '../../shared/content/blog';
import { NEWSLETTER_ANCHOR } from '../../shared/content/newsletter';
import { ATTRIBUTION_FIELD } from '../../shared/lib/attribution';
import type { Locale } from '../../shared/lib/locale';
import { localeOf } from '../../shared/lib/locale';
import { newsletterReturnHref, parseCategory, SUBSCRIBE_ENDPOINT } from '../../shared/model/blog';
import { localizePath } from '../../shared/routes';
import type { StoredAttribution } from '../analytics/attribution';
import { signUpAttributionOf } from '../analytics/attribution';
import type { FormGuard } from '../formGuard';
import type { AfterAnswer } from '../http/afterAnswer';
import { formEndpoint, isPlainFormPost, readBody } from '../http/formEndpoint';
import { requestClient } from '../http/rateLimit';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import { catalogues } from '../pages/catalogues';
import type { SubscriberStore } from './store';

/** A sign-up is one short address: anything bigger is refused before parsing. */
const BODY_LIMIT_BYTES = 2048;
/** Enough for a typo or two; a script filling the list gets 429. */
const SIGNUPS_PER_MINUTE = 5;

const bodySchema = z.object({
  email: z.unknown().optional(),
  category: z.string().max(40).optional(),
  [ATTRIBUTION_FIELD]: z.unknown().optional(),
});
const emailSchema = z.string().trim().pipe(z.email().max(254));

const INVALID_EMAIL = 'Please enter a valid e-mail address.';
const HOUR_MS = 60 * 60_000;

/** Where a plain form post lands: the blog in the sign-up's language, at the box, with the outcome. */
function returnHref(category: string | undefined, outcome: SubscribeOutcome, locale: Locale): string {
  return localizePath(newsletterReturnHref(parseCategory(category), outcome), locale);
}

function answer(
  req: Request,
  res: Response,
  { category, outcome, json }: { category: string | undefined; outcome: SubscribeOutcome; json: () => void },
): void {
  if (isPlainFormPost(req)) res.redirect(303, returnHref(category, outcome, localeOf(req.originalUrl)));
  else json();
}

/** A sign-up as the quarantine keeps it until staff deliver it (decision 073). */
export interface HeldSignUp {
  email: string;
  locale: Locale;
  source: StoredAttribution;
}

/**
 * Delivers a sign-up the quarantine held, as if it had just arrived: its confirmation e-mail is booked from
 * the same budgets (with no client to count it against) and the address signed up.
 */
export const deliverSignUp =
  (store: SubscriberStore) =>
  async ({ email, locale, source }: HeldSignUp): Promise<void> => {
    const now = new Date();
    const due = await store.schedule(email, '', now);
    if (!due) throw new Error('The confirmation budgets are spent for the day');
    await store.signUp(email, { now, locale, source, due });
  };

interface SubscribeRoutesOptions {
  store: SubscriberStore;
  /** The checks a sign-up passes before anything is booked or sent (decision 073). */
  guard: FormGuard<HeldSignUp>;
  siteUrl: string;
  /** Where the sign-up itself runs, once the answer is sent. */
  afterAnswer: AfterAnswer;
  /** Shared rate-limit counters, when several instances run. */
  counters?: RateLimitCounters;
  /** Counts a sign-up in the visitor analytics. */
  converted?: (req: Request, signUp: { locale: Locale; source: string }) => void;
  /** The newsletter's e-mails wait for the lab's identity settings (decision 061): the answer says the link comes later. */
  held?: boolean;
}

/**
 * POST /api/subscribe: a newsletter sign-up, pending until its confirmation
 * link is opened. JSON for fetch (202 pending, 400 with the reason), a 303
 * back to the blog (/es/blog for a Spanish sign-up) for a plain form post.
 * A valid address is answered first and signed up after (decision 032): a
 * new, a pending, a confirmed, a suppressed or a limited address get the same
 * answer in the same time, so nobody can test who is on the list or was
 * mailed lately. Before the answer, only the time its confirmation e-mail
 * may go is booked (decision 060), from budgets that know nothing of the
 * address's state: when it is put off, the answer says so ("delayed", 202),
 * and when it cannot go within a day, "busy" (429). The sign-up's language
 * (?locale=) is the confirmation e-mail's. While the newsletter's e-mails are
 * held for the lab's identity (decision 061), every valid address is told
 * "held": its e-mail will come later, not that it was sent.
 */
export function subscribeRoutes({
  store,
  guard,
  siteUrl,
  afterAnswer,
  counters,
  converted,
  held = false,
}: SubscribeRoutesOptions): Router {
  const router = Router();
  const endpoint = formEndpoint({
    siteUrl,
    perMinute: SIGNUPS_PER_MINUTE,
    counters: counters?.('subscribe'),
    maxBytes: BODY_LIMIT_BYTES,
    formPage: (locale) => localizePath(`/blog#${NEWSLETTER_ANCHOR}`, locale),
    message: (refusal, locale) =>
      refusal.kind === 'rateLimited' ? catalogues[locale].blog.newsletter.messages.limited : undefined,
    plainRedirect: (refusal, locale) =>
      refusal.kind === 'rateLimited' ? returnHref('all', 'limited', locale) : undefined,
  });

  router.post(SUBSCRIBE_ENDPOINT, ...endpoint, async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    const decoded = readBody(req, res);
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
      answer(req, res, { category, outcome: 'invalid', json: () => res.status(400).json({ error: INVALID_EMAIL }) });
      return;
    }
    const locale = localeOf(req.originalUrl);
    // Where the visit came from (decision 047): kept with the address, and erased with it.
    const source = signUpAttributionOf(body.data[ATTRIBUTION_FIELD], req, siteUrl);
    // Held back (decision 073): no budget is spent and nothing is sent, and the answer is everyone's.
    const submission = { fields: decoded.fields, email: email.data, summary: email.data };
    if (await guard.held(req, { ...submission, payload: { email: email.data, locale, source } })) {
      const outcome = held ? 'held' : 'pending';
      answer(req, res, { category, outcome, json: () => res.status(202).json({ status: outcome }) });
      return;
    }
    const now = new Date();
    const due = await store.schedule(email.data, requestClient(req), now);
    if (!due) {
      // The budgets' day ahead moves on by an hour at the next hour.
      res.setHeader('Retry-After', String(Math.ceil((HOUR_MS - (now.getTime() % HOUR_MS)) / 1000)));
      const error = catalogues[locale].blog.newsletter.messages.busy;
      answer(req, res, { category, outcome: 'busy', json: () => res.status(429).json({ status: 'busy', error }) });
      return;
    }
    // Held: nothing goes until a start with the settings, so neither "sent" nor an hour can be promised.
    const outcome = held ? 'held' : due > now ? 'delayed' : 'pending';
    answer(req, res, { category, outcome, json: () => res.status(202).json({ status: outcome }) });
    // Counted once per address (a repeat is no new sign-up), and only after the answer, which it cannot change.
    afterAnswer.run('newsletter sign-up', async () => {
      if (await store.signUp(email.data, { now, locale, source, due }))
        converted?.(req, { locale, source: source.source });
    });
  });
  return router;
}
