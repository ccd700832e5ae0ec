import type { Request, Response } from 'express';
import type { AugmentedRequest } from 'express-rate-limit';
import { rateLimit } from 'express-rate-limit';

interface LimitOptions {
  /** Requests one client may make per window. */
  limit: number;
  windowMs: number;
  /** Answers a limited request (a JSON 429 by default); Retry-After is already set. */
  onLimited?: (req: Request, res: Response) => void;
}

/**
 * A per-client (req.ip, so TRUST_PROXY matters behind a proxy) limit for the
 * form endpoints: over it, 429 with Retry-After in seconds.
 */
export function perClientLimit({ limit, windowMs, onLimited }: LimitOptions) {
  return rateLimit({
    limit,
    windowMs,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => {
      const resetTime = (req as AugmentedRequest).rateLimit?.resetTime;
      const seconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(windowMs / 1000);
      res.setHeader('Retry-After', String(seconds));
      res.status(429);
      if (onLimited) onLimited(req, res);
      else res.json({ error: `Too many requests. Please try again in ${seconds} seconds.` });
    },
  });
}
