import type { Request, Response } from 'express';
import type { AugmentedRequest, Store } from 'express-rate-limit';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';

/** An IPv6 client is its /56, as express-rate-limit keys it by default: one home or office gets many /64s. */
const IPV6_SUBNET = 56;

/** Who a client is for counting: its IPv4 address or its IPv6 /56 (the staff sign-in throttle keys on it too). */
export const clientKey = (ip: string): string => ipKeyGenerator(ip, IPV6_SUBNET);

/**
 * Who sent a request, for counting: its clientKey. A client that closed its connection before its request was read
 * has no address left (req.ip is undefined); such requests count together, as ''.
 */
export const requestClient = (req: Request): string => clientKey(req.ip ?? '');

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
 * A per-client limit (requestClient: req.ip, so TRUST_PROXY matters behind a proxy; IPv6
 * keyed per /56): over it, 429 with Retry-After in seconds.
 */
export function perClientLimit({ limit, windowMs, store, onLimited }: LimitOptions) {
  return rateLimit({
    limit,
    windowMs,
    store,
    keyGenerator: requestClient,
    // The library's check reads the key generator's source for ipKeyGenerator; requestClient calls it through clientKey.
    validate: { keyGeneratorIpFallback: false },
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
