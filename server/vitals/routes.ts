import type { Request, Response } from 'express';
import { Router } from 'express';
import { z } from 'zod';

import { CONNECTION_TYPES, DEVICE_CLASSES, VITALS_ENDPOINT } from '../../shared/lib/vitals';
import { sitePages } from '../../shared/routes';
import type { Database } from '../db';
import { formEndpoint, parseBody } from '../http/formEndpoint';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import { createVitalsStore } from './store';

/** A visitor sends one beacon per page they leave; more than this a minute is not a person. */
const BEACONS_PER_MINUTE = 30;
const BODY_LIMIT_BYTES = 8 * 1024;

/** Only the site's own pages, each article's included: a beacon cannot fill the table with paths of its choosing. */
const pagePaths = new Set(sitePages.map((page) => page.path));

const metricSchema = z.object({
  name: z.enum(['CLS', 'INP', 'LCP', 'FCP', 'TTFB']),
  value: z.number().finite().min(0).max(3_600_000),
  rating: z.enum(['good', 'needs-improvement', 'poor']),
  id: z.string().min(1).max(100),
  navigationType: z.string().max(40).optional(),
});

const vitalsBatchSchema = z.object({
  page: z.string().refine((path) => pagePaths.has(path), { error: 'expected a path of one of the site’s pages' }),
  metrics: z.array(metricSchema).min(1).max(20),
  connection: z.enum(CONNECTION_TYPES).optional(),
  device: z.enum(DEVICE_CLASSES).optional(),
});

/**
 * POST /api/vitals: a beacon of web-vitals metrics, stored as rows. sendBeacon
 * posts a string, so the body arrives as text/plain and is read as JSON.
 */
export function vitalsRoutes(db: Database, siteUrl: string, counters?: RateLimitCounters): Router {
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
    const batch = parseBody(req, res, vitalsBatchSchema);
    if (!batch.ok) {
      res.status(400).json({ error: batch.error });
      return;
    }
    const { page, metrics, connection, device } = batch.value;
    await store.add(page, metrics, { connection, device });
    res.status(204).end();
  });
  return router;
}
