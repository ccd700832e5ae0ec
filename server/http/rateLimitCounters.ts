import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';

import type { Database, Queryable } from '../db';
import { readSalt, saltedHash } from '../db/salt';

/** A store for one limiter, named so that two limiters never share a count. */
export type RateLimitCounters = (name: string) => Store & { init(options: Pick<Options, 'windowMs'>): void };

/** A count that never refuses (express-rate-limit compares it itself): PostgreSQL's column is a 32-bit integer. */
const UNLIMITED = 2_147_483_647;
/** Rows whose window is over are deleted at most this often: a client's hashed address is kept no longer than its window and this. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** One hit of `key` under `name`, at `now` (epoch ms), in windows of `windowMs`; at most `limit` in a window. */
interface Hit {
  name: string;
  key: string;
  windowMs: number;
  now: number;
  limit?: number;
}

export interface WindowCounts {
  /**
   * Counts one hit in its window (a new window once the last one is over), in
   * one statement, unless the window already holds `limit`: then nothing is
   * counted and the answer is undefined. `q` may be a transaction.
   */
  hit(q: Queryable, hit: Hit): Promise<{ hits: number; resetAt: number } | undefined>;
  /** Takes one hit back. */
  unhit(q: Queryable, name: string, key: string): Promise<void>;
  reset(q: Queryable, name: string, key: string): Promise<void>;
}

/**
 * Fixed-window counts in the database's `rate_limit_hits`. The key is stored
 * only as a salted hash (the leads' kind), never as the client address or
 * e-mail address it stands for (decision 033), and rows whose window is over are swept.
 */
export function createWindowCounts(): WindowCounts {
  let salt: Promise<string> | undefined;
  let sweptAt = 0;
  const id = async (q: Queryable, name: string, key: string) =>
    `${name}:${saltedHash(await (salt ??= readSalt(q)), key)}`;
  return {
    async hit(q, { name, key, windowMs, now, limit = UNLIMITED }) {
      if (now - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = now;
        await q.run('DELETE FROM rate_limit_hits WHERE reset_at <= ?', now);
      }
      const row = await q.get<{ hits: number; reset_at: number }>(
        `INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES (?, 1, ?)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limit_hits.reset_at <= ? THEN 1 ELSE rate_limit_hits.hits + 1 END,
           reset_at = CASE WHEN rate_limit_hits.reset_at <= ? THEN excluded.reset_at ELSE rate_limit_hits.reset_at END
         WHERE rate_limit_hits.reset_at <= ? OR rate_limit_hits.hits < ?
         RETURNING hits, reset_at`,
        await id(q, name, key),
        now + windowMs,
        now,
        now,
        now,
        limit,
      );
      return row && { hits: row.hits, resetAt: Number(row.reset_at) };
    },
    async unhit(q, name, key) {
      await q.run('UPDATE rate_limit_hits SET hits = hits - 1 WHERE key = ? AND hits > 0', await id(q, name, key));
    },
    async reset(q, name, key) {
      await q.run('DELETE FROM rate_limit_hits WHERE key = ?', await id(q, name, key));
    },
  };
}

/**
 * express-rate-limit's counters in the database, so that every instance on it
 * enforces one limit. One statement per hit: it starts a window when the last
 * one is over, else adds to it, and returns the count, atomically on both engines.
 */
export function createRateLimitCounters(db: Database): RateLimitCounters {
  const counts = createWindowCounts();
  return (name) => {
    let windowMs = 60_000;
    return {
      prefix: `${name}:`,
      localKeys: false,
      init(options) {
        windowMs = options.windowMs;
      },
      async increment(key): Promise<ClientRateLimitInfo> {
        const counted = (await counts.hit(db, { name, key, windowMs, now: Date.now() }))!;
        return { totalHits: counted.hits, resetTime: new Date(counted.resetAt) };
      },
      decrement: (key) => counts.unhit(db, name, key),
      resetKey: (key) => counts.reset(db, name, key),
    };
  };
}
