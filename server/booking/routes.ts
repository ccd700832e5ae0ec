/**
 * The booking page's steps without script (decision 082), at /book and /es/reservar:
 *   GET  ?topic=…&lang=…&office=…&tz=…   the free times and the details form (never cached)
 *   GET  ?manage=<token>                  a manage link's page: move or cancel, or why the link no longer acts
 *   POST                                  book (the details form), or "do=cancel" / "do=move" with a token
 * Posts pass the contact form's guard: same site, a rate limit per client, the media type and the size.
 */
import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';
import { z } from 'zod';

import type { BookingView, OfferedSlot } from '../../shared/components/book/view';
import { BookingViewContext } from '../../shared/components/book/view';
import type { BookingTopic } from '../../shared/content/bookingFacts';
import { BOOK_PATH, BOOKING_OFFICES, BOOKING_TOPICS } from '../../shared/content/bookingFacts';
import { DEFAULT_ZONES } from '../../shared/content/bookingZones';
import { book as enBook } from '../../shared/content/i18n/en/book';
import { book as esBook } from '../../shared/content/i18n/es/book';
import { ATTRIBUTION_FIELD } from '../../shared/lib/attribution';
import { HOLD_FIELD } from '../../shared/lib/bookingHold';
import type { Locale } from '../../shared/lib/locale';
import { isLocale, localeOf, locales } from '../../shared/lib/locale';
import { HONEYPOT_FIELD } from '../../shared/model/contactForm';
import { localizePath } from '../../shared/routes';
import { attributionOf, fieldOf } from '../analytics/attribution';
import { OFFICE_TIME_ZONES } from '../console/people/profile';
import type { FormGuard } from '../formGuard';
import { formEndpoint, readBody } from '../http/formEndpoint';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import type { RenderPage } from '../pages/render';
import type { HeldBooking } from './guarded';
import type { BookingService, Opened } from './service';
import type { Slot } from './slots';

const POSTS_PER_MINUTE = 10;
/** The answer to a held booking: the booked page's words, with no link that acts (decision 088). */
const HELD_ANSWER = { step: 'manage', token: '', slots: [], notice: 'booked' } as const;
const BODY_LIMIT_BYTES = 16 * 1024;
const DAY = 86_400_000;
/** The page lists a week of free times at a time: a month of them would be thousands of radio buttons. */
const WEEK = 7 * DAY;
const texts = { en: enBook, es: esBook };
export const officeKey = (city: string) => Object.keys(BOOKING_OFFICES).find((key) => BOOKING_OFFICES[key] === city)!;

/** Whether Intl knows the zone: the page offers a list, but a typed URL may name any. */
export function isZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The first step's choices from a query or a form, each falling back to the page's own. */
function choiceOf(fields: Record<string, unknown>, locale: Locale) {
  const topic = BOOKING_TOPICS.find((value) => value === fields.topic) ?? BOOKING_TOPICS[0]!;
  const office = typeof fields.office === 'string' && fields.office in BOOKING_OFFICES ? fields.office : '';
  return {
    topic: topic as BookingTopic,
    language: isLocale(fields.lang) ? fields.lang : locale,
    office,
    zone: isZone(fields.tz) ? fields.tz : DEFAULT_ZONES[locale],
  };
}

const offered = (slots: readonly Slot[]): OfferedSlot[] =>
  slots.map((slot) => ({
    start: slot.start,
    office: officeKey(slot.office),
    officeZone: OFFICE_TIME_ZONES[slot.office],
  }));

const detailsSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().max(254).pipe(z.email()),
  company: z.string().trim().min(1).max(200),
  phone: z.string().trim().max(50),
  message: z.string().trim().max(5000),
});

interface RoutesOptions {
  service: BookingService;
  /** The forms' checks (decisions 073, 088): a held booking is answered as a booked one, and books nothing. */
  guard: FormGuard<HeldBooking>;
  siteUrl: string;
  renderPage: RenderPage;
  counters?: RateLimitCounters;
}

export function bookingRoutes({ service, guard, siteUrl, renderPage, counters }: RoutesOptions): Router {
  const router = Router();
  const paths = locales.map((locale) => localizePath(BOOK_PATH, locale));

  const show = (req: Request, res: Response, next: NextFunction, status: number, view: BookingView) => {
    res.setHeader('Cache-Control', 'no-store');
    renderPage(req, res, {
      path: localizePath(BOOK_PATH, localeOf(req.originalUrl)),
      status,
      wrap: (page) => createElement(BookingViewContext, { value: view }, page),
      // The free times' page holds the time chosen and proves its post with a script of its own (decision 088).
      ...(view.step === 'slots' ? { script: 'booking' as const } : {}),
    }).catch(next);
  };

  /** A week of free times from `after` (the first free one by default), and where the next week starts. */
  const freeFor = async (choice: ReturnType<typeof choiceOf>, after = 0) => {
    const now = Date.now();
    const office = BOOKING_OFFICES[choice.office];
    const all = await service.slots({
      from: Math.max(now, after),
      to: now + 90 * DAY,
      language: choice.language,
      office,
    });
    const weekEnds = (all[0]?.start ?? now) + WEEK;
    const shown = all.filter((slot) => slot.start < weekEnds);
    return { slots: offered(shown), later: shown.length < all.length ? weekEnds : null };
  };

  const showOpened = async (req: Request, res: Response, next: NextFunction, found: Opened, notice = '') => {
    if ('stale' in found) {
      show(req, res, next, 200, { step: 'stale', reason: found.stale, justCancelled: false });
      return;
    }
    const { booking, token } = found;
    const now = Date.now();
    const slots = await service.slots({ from: now, to: now + 90 * DAY, language: booking.locale });
    show(req, res, next, notice === 'taken' ? 409 : 200, {
      step: 'manage',
      token,
      start: Date.parse(booking.startAt),
      zone: booking.timeZone,
      email: booking.email,
      // The person's own other times: a move keeps the call with them.
      slots: offered(
        slots.filter((slot, _, all) => slot.people.includes(booking.personId) && slot.start < all[0]!.start + WEEK),
      ),
      notice: notice === 'booked' || notice === 'moved' || notice === 'taken' ? notice : '',
    });
  };

  router.get(paths, async (req, res, next) => {
    const query = req.query as Record<string, unknown>;
    if (typeof query.manage === 'string') {
      await showOpened(req, res, next, await service.open(query.manage), text(query.notice));
      return;
    }
    if (query.tz === undefined) {
      next();
      return;
    }
    const choice = choiceOf(query, localeOf(req.originalUrl));
    const attribution = attributionOf(undefined, req, siteUrl).attribution;
    const after = Number(text(query.after));
    show(req, res, next, 200, {
      ...{ step: 'slots', choice, values: {}, problems: [], taken: false, attribution },
      ...(await freeFor(choice, Number.isSafeInteger(after) ? after : 0)),
    });
  });

  /** Whether the guard keeps the post in the quarantine: then nothing is booked, and the page says "booked". */
  const heldBack = (req: Request, fields: Record<string, unknown>, payload: HeldBooking) =>
    guard.held(req, {
      fields,
      honeypot: text(fields[HONEYPOT_FIELD]) !== '',
      email: payload.request.email,
      text: payload.request.message,
      summary: `${payload.request.name} (${payload.request.company}), a call at ${new Date(payload.request.start).toISOString()}: ${payload.request.message}`,
      payload,
    });

  const receive = async (req: Request, res: Response, next: NextFunction) => {
    const locale = localeOf(req.originalUrl);
    const body = readBody(req, res);
    const fields = (body.ok && typeof body.fields === 'object' && body.fields !== null ? body.fields : {}) as Record<
      string,
      unknown
    >;
    const page = localizePath(BOOK_PATH, locale);
    const to = (token: string, notice: string) => res.redirect(303, `${page}?manage=${token}&notice=${notice}`);
    if (fields.do === 'cancel' || fields.do === 'move') {
      const token = text(fields.token);
      if (fields.do === 'cancel') {
        const result = await service.cancel(token);
        if ('cancelled' in result)
          show(req, res, next, 200, { step: 'stale', reason: 'cancelled', justCancelled: true });
        else await showOpened(req, res, next, result);
        return;
      }
      const start = Number(text(fields.slot).split('.')[0]);
      const moved = Number.isSafeInteger(start) ? await service.move(token, start) : await service.open(token);
      if ('taken' in moved) await showOpened(req, res, next, await service.open(token), 'taken');
      else if ('stale' in moved || !Number.isSafeInteger(start)) await showOpened(req, res, next, moved);
      else to(moved.token, 'moved');
      return;
    }
    const choice = choiceOf(fields, locale);
    const values = Object.fromEntries(
      ['name', 'email', 'company', 'phone', 'message', 'slot'].map((name) => [name, text(fields[name])]),
    );
    const [startText = '', office = ''] = values.slot!.split('.');
    const start = /^\d{1,15}$/.test(startText) ? Number(startText) : NaN;
    const details = detailsSchema.safeParse(values);
    const errors = texts[locale].errors;
    const problems = [
      ...(Number.isNaN(start) || !(office in BOOKING_OFFICES) ? [errors.slot] : []),
      ...(details.success
        ? []
        : [...new Set(details.error.issues.map((issue) => String(issue.path[0])))].map((name) =>
            name in errors ? errors[name as keyof typeof errors] : errors.tooLong,
          )),
    ];
    const attribution = attributionOf(fieldOf(fields, ATTRIBUTION_FIELD), req, siteUrl);
    const again = async (status: number, taken: boolean) =>
      show(req, res, next, status, {
        ...{ step: 'slots', choice, problems, taken, attribution: attribution.attribution },
        values: taken ? { ...values, slot: '' } : values,
        ...(await freeFor(choice)),
      });
    if (problems.length > 0 || !details.success) {
      await again(400, false);
      return;
    }
    const request = {
      ...details.data,
      start,
      language: choice.language,
      office: BOOKING_OFFICES[office],
      topic: choice.topic,
      timeZone: choice.zone,
      holdKey: text(fields[HOLD_FIELD]).slice(0, 64),
    };
    const userAgent = req.get('user-agent') ?? '';
    if (await heldBack(req, fields, { request, attribution, userAgent })) {
      show(req, res, next, 200, { ...HELD_ANSWER, start, zone: choice.zone, email: request.email });
      return;
    }
    const outcome = await service.book(request, { client: { address: req.ip ?? '', userAgent }, attribution });
    if ('taken' in outcome) await again(409, true);
    else to(outcome.token, 'booked');
  };

  router.post(
    paths,
    ...formEndpoint({
      siteUrl,
      perMinute: POSTS_PER_MINUTE,
      counters: counters?.('booking'),
      maxBytes: BODY_LIMIT_BYTES,
      formPage: (locale) => localizePath(BOOK_PATH, locale),
    }),
    (req: Request, res: Response, next: NextFunction) => {
      receive(req, res, next).catch(next);
    },
  );
  return router;
}
