import type { Request, Response } from 'express';
import { Router } from 'express';
import { z } from 'zod';

import type { Database } from '../db';
import { formEndpoint, parseBody } from '../http/formEndpoint';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import { DELIVERY_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhookSignature } from '../outbox/webhook';
import { recordBounce, recordComplaint } from './bounces';

export const EVENTS_PATH = '/api/newsletter/events';

/** A provider's report about one address. */
const eventSchema = z.object({
  type: z.enum(['bounce', 'complaint']),
  email: z.string().trim().min(3).max(254),
});

/** A delivery id as a provider's retry repeats it: kept past the signature's 5-minute window, then dropped. */
const DELIVERY_PATTERN = /^[\w.:-]{1,100}$/;
const DELIVERY_KEPT_MS = 10 * 60_000;
const deliveryKey = (id: string) => `newsletter_event:${id}`;

interface EventRoutesOptions {
  db: Database;
  siteUrl: string;
  /** NEWSLETTER_EVENTS_SECRET: the HMAC key the provider (or a relay) signs with. */
  secret: string;
  counters?: RateLimitCounters;
}

/**
 * POST /api/newsletter/events: a mail provider's bounce or complaint, signed as the lead webhook's posts
 * are (decision 028: timestamp, delivery id and raw body under HMAC-SHA256). A bounce counts a hard
 * bounce; a complaint unsubscribes. A repeated delivery id is acknowledged and not counted again
 * (decision 044). Answers JSON: 200 recorded / unknown / duplicate, 401 unsigned, 400 malformed.
 */
export function newsletterEventRoutes({ db, siteUrl, secret, counters }: EventRoutesOptions): Router {
  const router = Router();
  router.post(
    EVENTS_PATH,
    ...formEndpoint({ siteUrl, perMinute: 600, counters: counters?.(EVENTS_PATH), maxBytes: 2048 }),
    async (req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'no-store');
      const deliveryId = req.get(DELIVERY_HEADER);
      const signed = verifyWebhookSignature(secret, {
        body: Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '',
        timestamp: req.get(TIMESTAMP_HEADER),
        deliveryId,
        signature: req.get(SIGNATURE_HEADER),
      });
      if (!signed || !DELIVERY_PATTERN.test(deliveryId!)) {
        res.status(401).json({ error: 'The post is not signed with the events secret, or its timestamp is old.' });
        return;
      }
      const event = parseBody(req, res, eventSchema);
      if (!event.ok) {
        res.status(400).json({ error: event.error });
        return;
      }
      const now = new Date();
      const result = await db.transaction(async (tx) => {
        await tx.run(
          "DELETE FROM settings WHERE key LIKE 'newsletter_event:%' AND value < ?",
          new Date(now.getTime() - DELIVERY_KEPT_MS).toISOString(),
        );
        const first = await tx.run(
          'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
          deliveryKey(deliveryId!),
          now.toISOString(),
        );
        if (first === 0) return 'duplicate';
        const { type, email } = event.value;
        const found = type === 'bounce' ? await recordBounce(tx, email, now) : await recordComplaint(tx, email, now);
        return found ? 'recorded' : 'unknown';
      });
      res.status(200).json({ result });
    },
  );
  return router;
}
