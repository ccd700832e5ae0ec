import type { Request, Response } from 'express';
import { Router } from 'express';
import { z } from 'zod';

import type { DeviceClass } from '../../shared/lib/vitals';
import { DEVICE_CLASSES, VITALS_ENDPOINT } from '../../shared/lib/vitals';
import { routePatternOf } from '../../shared/routes';
import type { Database } from '../db';
import { OTHER_LABEL } from '../db/dailyCounts';
import { formEndpoint, parseBody } from '../http/formEndpoint';
import type { Logger } from '../http/logger';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import { METRICS, PLAUSIBLE_MAX, rate } from './metrics';
import { createVitalsStore, DAILY_SAMPLE_CAP } from './store';

/** A visitor sends one beacon per page they leave; more than this a minute is not a person. */
const BEACONS_PER_MINUTE = 30;
const BODY_LIMIT_BYTES = 8 * 1024;

const metricSchema = z
  .object({
    name: z.enum(METRICS),
    value: z.number().finite().min(0),
    rating: z.enum(['good', 'needs-improvement', 'poor']),
  })
  .superRefine(({ name, value, rating }, context) => {
    if (value > PLAUSIBLE_MAX[name])
      context.addIssue({ code: 'custom', message: `${name} above ${PLAUSIBLE_MAX[name]}` });
    else if (rating !== rate(name, value))
      context.addIssue({ code: 'custom', message: `${name} of ${value} is rated ${rate(name, value)}, not ${rating}` });
  });

const vitalsBeaconSchema = z.object({
  page: z.string().startsWith('/').max(2048),
  metrics: z
    .array(metricSchema)
    .min(1)
    .max(METRICS.length)
    .refine((metrics) => new Set(metrics.map(({ name }) => name)).size === metrics.length, {
      error: 'each metric at most once per beacon',
    }),
  device: z.enum(DEVICE_CLASSES).optional(),
});

/** A beacon without a device class (an older page) is classed by its request: a phone says "Mobi". */
export const deviceOf = (req: Request): DeviceClass =>
  req.get('sec-ch-ua-mobile') === '?1' || /Mobi/.test(req.get('user-agent') ?? '') ? 'mobile' : 'desktop';

/**
 * POST /api/vitals: a beacon of web-vitals metrics, counted in the day's
 * histograms. sendBeacon posts a string, so the body arrives as text/plain
 * and is read as JSON.
 */
interface VitalsRoutesOptions {
  db: Database;
  siteUrl: string;
  logger: Logger;
  counters?: RateLimitCounters;
}

export function vitalsRoutes({ db, siteUrl, logger, counters }: VitalsRoutesOptions): Router {
  const store = createVitalsStore(db);
  const router = Router();
  const endpoint = formEndpoint({
    siteUrl,
    perMinute: BEACONS_PER_MINUTE,
    counters: counters?.('vitals'),
    maxBytes: BODY_LIMIT_BYTES,
    textIsJson: true,
  });
  router.post(VITALS_ENDPOINT, ...endpoint, async (req: Request, res: Response) => {
    const beacon = parseBody(req, res, vitalsBeaconSchema);
    if (!beacon.ok) {
      res.status(400).json({ error: beacon.error });
      return;
    }
    const { page, metrics, device = deviceOf(req) } = beacon.value;
    // Every path that is no page (a 404, a stale link) is OTHER_LABEL, so a beacon cannot add labels.
    const label = routePatternOf(page) ?? OTHER_LABEL;
    const { capReached } = await store.add({ label, device, samples: metrics });
    if (capReached)
      logger.warn({ cap: DAILY_SAMPLE_CAP }, 'vitals: the day’s sample cap is reached; its later samples are dropped');
    res.status(204).end();
  });
  return router;
}
