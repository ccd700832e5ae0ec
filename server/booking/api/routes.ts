/**
 * The booking API for machines (decision 088), such as the lab's voice agent booking by phone:
 *   GET  /api/booking/slots?from=YYYY-MM-DD&days=N&lang=en|es&tz=Area/City[&office=…]
 *   POST /api/booking   JSON { start, name, email, company, phone?, topic, message?, lang, tz, office? }
 * Both take `Authorization: Bearer <BOOKING_API_TOKEN>`; without the setting they answer 404 (`booking_api_off`).
 * A booking here is the page's: the same lead (its source "api"), invitations and owner. Every error is JSON
 * `{ error: { code, message } }`; docs/booking-api.openapi.yaml describes it all, and a test holds them together.
 */
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import express, { Router } from 'express';

import { BOOK_PATH } from '../../../shared/content/bookingFacts';
import { BOOKING_OFFICES } from '../../../shared/content/bookingFacts';
import { localizePath } from '../../../shared/routes';
import { bearerCheck } from '../../http/bearer';
import { perClientLimit } from '../../http/rateLimit';
import type { RateLimitCounters } from '../../http/rateLimitCounters';
import { officeKey } from '../routes';
import type { BookingService } from '../service';
import type { Slot } from '../slots';
import { bookingBody, daysOf, problemOf, slotsQuery } from './requests';

const SLOTS_ENDPOINT = '/api/booking/slots';
const BOOKING_ENDPOINT = '/api/booking';
const BODY_LIMIT_BYTES = 16 * 1024;
/** Requests one client may make per minute: a voice agent books a call or two a minute, not hundreds. */
const REQUESTS_PER_MINUTE = 60;
/** Free times a 409 offers instead. */
const NEXT_FREE = 5;
const DAY = 86_400_000;

/** Where the lead of a booking by machine came from (decision 047's touch, filled in by the API). */
const API_TOUCH = { source: 'api', medium: 'voice-agent', campaign: '', content: '', referrer: '', landing: '' };
const API_VISIT_ATTRIBUTION = {
  attribution: JSON.stringify({ first: API_TOUCH, last: API_TOUCH, formPage: '', pagesSeen: 0 }),
  source: 'api',
  campaign: '',
};

const fail = (res: Response, status: number, code: string, message: string, extra: object = {}) =>
  res.status(status).json({ error: { code, message }, ...extra });

const shown = (slots: readonly Slot[]) =>
  slots.map((slot) => ({
    start: new Date(slot.start).toISOString(),
    end: new Date(slot.end).toISOString(),
    office: officeKey(slot.office),
  }));

interface ApiOptions {
  service: BookingService;
  siteUrl: string;
  /** BOOKING_API_TOKEN; none: the API is off. */
  token?: string;
  counters?: RateLimitCounters;
}

export function bookingApiRoutes({ service, siteUrl, token, counters }: ApiOptions): Router {
  const router = Router();
  const authorized = token === undefined ? undefined : bearerCheck(token);
  const paths = [SLOTS_ENDPOINT, BOOKING_ENDPOINT];

  // Checked before anything is read: a stranger's request costs a hash and no body.
  const guard: RequestHandler = (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!authorized) {
      fail(res, 404, 'booking_api_off', 'The booking API is off: the site has no BOOKING_API_TOKEN.');
      return;
    }
    if (!authorized(req.get('authorization'))) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      fail(res, 401, 'unauthorized', 'Expected Authorization: Bearer <BOOKING_API_TOKEN>.');
      return;
    }
    next();
  };
  const limit = perClientLimit({
    limit: REQUESTS_PER_MINUTE,
    windowMs: 60_000,
    store: counters?.('booking-api'),
    onLimited: (_req, res, seconds) => fail(res, 429, 'rate_limited', `Too many requests: try again in ${seconds} s.`),
  });
  router.use(paths, guard, limit);

  router.get(SLOTS_ENDPOINT, async (req, res) => {
    const query = slotsQuery.safeParse(req.query);
    const days = query.success ? daysOf(query.data) : undefined;
    if (!query.success || !days) {
      fail(res, 400, 'invalid_request', query.success ? 'from: no such date' : problemOf(query.error));
      return;
    }
    const { lang, office } = query.data;
    const slots = await service.slots({
      ...days,
      language: lang,
      office: office ? BOOKING_OFFICES[office] : undefined,
    });
    res.json({ slots: shown(slots) });
  });

  const json: RequestHandler = (req, res, next) => {
    if (!/^application\/json\s*(;\s*charset="?utf-?8"?\s*)?$/i.test(req.get('content-type') ?? '')) {
      fail(res, 415, 'unsupported_media_type', 'Expected Content-Type: application/json.');
      return;
    }
    next();
  };
  const bodyErrors: ErrorRequestHandler = (error: { type?: unknown }, _req, res, next) => {
    if (error.type === 'entity.too.large')
      fail(res, 413, 'body_too_large', `The body is larger than ${BODY_LIMIT_BYTES} bytes.`);
    else if (typeof error.type === 'string') fail(res, 400, 'invalid_body', 'The body could not be read.');
    else next(error);
  };

  const receive = async (req: Request, res: Response) => {
    let fields: unknown;
    try {
      fields = JSON.parse((req.body as Buffer).toString('utf8'));
    } catch {
      fail(res, 400, 'invalid_json', 'The body is not valid JSON.');
      return;
    }
    const parsed = bookingBody.safeParse(fields);
    if (!parsed.success) {
      fail(res, 400, 'invalid_request', problemOf(parsed.error));
      return;
    }
    const { start: startText, lang, tz, office, ...visitor } = parsed.data;
    const start = Date.parse(startText);
    const now = Date.now();
    if (start <= now) {
      fail(res, 400, 'start_in_past', 'start: the time has passed.');
      return;
    }
    const city = office ? BOOKING_OFFICES[office] : undefined;
    const outcome = await service.book(
      { ...visitor, start, language: lang, office: city, timeZone: tz },
      {
        client: { address: req.ip ?? '', userAgent: req.get('user-agent') ?? '' },
        attribution: API_VISIT_ATTRIBUTION,
        page: BOOKING_ENDPOINT,
      },
    );
    if ('taken' in outcome) {
      const next = await service.slots({ from: start, to: now + 90 * DAY, language: lang, office: city });
      fail(res, 409, 'slot_taken', 'That time is not free (just taken, or never offered).', {
        slots: shown(next.slice(0, NEXT_FREE)),
      });
      return;
    }
    const { booking, token: manage } = outcome;
    res.status(201).json({
      id: booking.id,
      start: booking.startAt,
      end: booking.endAt,
      office: officeKey(booking.office),
      manageUrl: `${siteUrl}${localizePath(BOOK_PATH, lang)}?manage=${manage}`,
    });
  };
  router.post(
    BOOKING_ENDPOINT,
    json,
    express.raw({ type: () => true, limit: BODY_LIMIT_BYTES }),
    bodyErrors,
    (req: Request, res: Response, next: NextFunction) => {
      receive(req, res).catch(next);
    },
  );
  return router;
}
