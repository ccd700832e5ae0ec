import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';

import type { Database } from '../db';

/** A store for one limiter, named so that two limiters never share a count. */
export type RateLimitCounters = (name: string) => Store & { init(options: Pick<Options, 'windowMs'>): void };

/**
 * express-rate-limit's counters in the database, so that every instance on it
 * enforces one limit. One statement per hit: it starts a window when the last
 * one is over, else adds to it, and returns the count, atomically on both engines.
 */
export function createRateLimitCounters(db: Database): RateLimitCounters {
  return (name) => {
    let windowMs = 60_000;
    const id = (key: string) => `${name}:${key}`;
    return {
      prefix: `${name}:`,
      localKeys: false,
      init(options) {
        windowMs = options.windowMs;
      },
      async increment(key): Promise<ClientRateLimitInfo> {
        const now = Date.now();
        const row = await db.get<{ hits: number; reset_at: number }>(
          `INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES (?, 1, ?)
           ON CONFLICT (key) DO UPDATE SET
             hits = CASE WHEN rate_limit_hits.reset_at <= ? THEN 1 ELSE rate_limit_hits.hits + 1 END,
             reset_at = CASE WHEN rate_limit_hits.reset_at <= ? THEN excluded.reset_at ELSE rate_limit_hits.reset_at END
           RETURNING hits, reset_at`,
          id(key),
          now + windowMs,
          now,
          now,
        );
        return { totalHits: row!.hits, resetTime: new Date(Number(row!.reset_at)) };
      },
      async decrement(key) {
        await db.run('UPDATE rate_limit_hits SET hits = hits - 1 WHERE key = ? AND hits > 0', id(key));
      },
      async resetKey(key) {
        await db.run('DELETE FROM rate_limit_hits WHERE key = ?', id(key));
      },
    };
  };
}
