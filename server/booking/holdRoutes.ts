/**
 * POST /api/booking/hold, JSON `{ slot: "<start>.<office>", lang, release? }` (decision 088): the booking page's
 * script holds the time a visitor chose while they type, letting go of the one they chose before (`release`). 201 `{ hold, until }`; 409 when it is no longer free; 429 when the
 * client or the site holds all it may. The key goes back in the details form's `hold` field.
 */
import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import { z } from 'zod';

import { BOOKING_OFFICES } from '../../shared/content/bookingFacts';
import { HOLD_ENDPOINT } from '../../shared/lib/bookingHold';
import { locales } from '../../shared/lib/locale';
import type { Database } from '../db';
import { formEndpoint, parseBody } from '../http/formEndpoint';
import { requestClient } from '../http/rateLimit';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import { hold } from './hold';
import type { BookingService } from './service';
import { readSettings } from './settings';

const HOLDS_PER_MINUTE = 10;

const holdBody = z.object({
  slot: z.string().regex(/^\d{1,15}\.[a-z-]{1,20}$/),
  lang: z.enum(locales),
  /** The visitor's earlier hold, which this one replaces. */
  release: z.string().max(64).optional(),
});

export function holdRoutes({
  db,
  service,
  siteUrl,
  counters,
}: {
  db: Database;
  service: BookingService;
  siteUrl: string;
  counters?: RateLimitCounters;
}): Router {
  const router = Router();
  const receive = async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    const body = parseBody(req, res, holdBody);
    const [start = '', office = ''] = body.ok ? body.value.slot.split('.') : [];
    if (!body.ok || !(office in BOOKING_OFFICES)) {
      res.status(400).json({ error: body.ok ? 'slot: no such office' : body.error });
      return;
    }
    const now = Date.now();
    const outcome = await hold(db, {
      ...{ people: await service.people(), settings: await readSettings(db), start: Number(start) },
      ...{ language: body.value.lang, office: BOOKING_OFFICES[office], now },
      client: requestClient(req),
      release: body.value.release,
    });
    if ('taken' in outcome) res.status(409).json({ error: 'That time is no longer free.' });
    else if ('limited' in outcome) res.status(429).json({ error: 'Too many times held at once.' });
    else res.status(201).json({ hold: outcome.key, until: new Date(outcome.until).toISOString() });
  };
  router.post(
    HOLD_ENDPOINT,
    ...formEndpoint({ siteUrl, perMinute: HOLDS_PER_MINUTE, counters: counters?.('booking-hold'), maxBytes: 1024 }),
    (req: Request, res: Response, next: NextFunction) => {
      receive(req, res).catch(next);
    },
  );
  return router;
}
