import express, { Router } from 'express';
import { z } from 'zod';
import type { Logger } from '../logger';
import { parseJsonBody } from '../http';
import { VITALS_ENDPOINT } from '../../shared/lib/vitals';

const metricSchema = z.object({
  name: z.enum(['CLS', 'INP', 'LCP', 'FCP', 'TTFB']),
  value: z.number().finite().min(0).max(3_600_000),
  rating: z.enum(['good', 'needs-improvement', 'poor']),
  id: z.string().min(1).max(100),
  navigationType: z.string().max(40).optional(),
});

export const vitalsBatchSchema = z.object({
  page: z.string().startsWith('/').max(300),
  metrics: z.array(metricSchema).min(1).max(20),
});

/**
 * POST /api/vitals: a beacon of web-vitals metrics. sendBeacon posts a
 * string, so the body arrives as text/plain and is parsed here.
 */
export function vitalsRoutes(logger: Logger): Router {
  const router = Router();
  router.post(VITALS_ENDPOINT, express.text({ type: () => true, limit: '8kb' }), (req, res) => {
    const batch = parseJsonBody(req.body, vitalsBatchSchema);
    if (!batch.ok) {
      res.status(400).json({ error: batch.error });
      return;
    }
    logger.info({ vitals: batch.value }, 'web vitals');
    res.status(204).end();
  });
  return router;
}
