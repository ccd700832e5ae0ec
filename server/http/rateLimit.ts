import type { Request, Response } from 'express';
import type { AugmentedRequest, Store } from 'express-rate-limit';
import { rateLimit } from 'express-rate-limit';

interface LimitOptions {
  /** Requests one client may make per window. */
  limit: number;
  windowMs: number;
  /** The counters; express-rate-limit's memory store when absent. */
  store?: Store;
  /** Answers a limited request; the status (429) and Retry-After are already set. */
  onLimited: (req: Request, res: Response, retryAfterSeconds: number) => void;
}

/**
 * A per-client limit (req.ip, so TRUST_PROXY matters behind a proxy; IPv6
 * keyed per /56): over it, 429 with Retry-After in seconds.
 */
export function perClientLimit({ limit, windowMs, store, onLimited }: LimitOptions) {
  return rateLimit({
    limit,
    windowMs,
    store,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => {
      const resetTime = (req as AugmentedRequest).rateLimit?.resetTime;
      const seconds = resetTime
        ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000))
        : Math.ceil(windowMs / 1000);
      res.setHeader('Retry-After', String(seconds));
      res.status(429);
      onLimited(req, res, seconds);
    },
  });
}
