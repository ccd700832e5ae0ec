import { createHmac, randomBytes } from 'node:crypto';

import type { Database, Queryable } from '../db';
import { addCount } from '../db/dailyCounts';

/**
 * The day's visitors hashes kept at most (decision 046): past it, a flood of forged addresses and user agents
 * adds no row; later visitors of the day count as views, not as new uniques.
 */
const DAILY_VISITOR_CAP = 50_000;
/** What every analytics series in daily_counts starts with: they are kept longer than field speed's. */
export const ANALYTICS_SERIES = 'web.';
/** The count of the day's hashes, beside the other counts: it is what the cap is checked against. */
const HASHES_SERIES = `${ANALYTICS_SERIES}visitor-hashes`;

/** HMAC-SHA256 of the parts, one a line (none holds a line break: headers, route patterns, hex). */
const keyedHash = (key: string, parts: readonly string[]) =>
  createHmac('sha256', key).update(parts.join('\n')).digest('hex');

/** Who a page view is from, as Plausible tells visitors apart: the request's address, user agent and the site. */
export interface VisitorClient {
  address: string;
  userAgent: string;
}

/**
 * The day's keyed hashes of one visitor (decision 065). Their hash V, of the site, the address and the user
 * agent, stays in memory; what is stored is a hash of V for one purpose ("site", or "page" and the page, or
 * "click" and its kind), so the day's rows cannot be joined into one visitor's pages, and none can be
 * computed from an address without ANALYTICS_KEY, which the database does not hold.
 */
type DayVisitor = (purpose: 'site' | 'page' | 'click', detail?: string) => string;

export interface DailyVisitors {
  /** The visitor's keyed hashes for `day`. */
  visitorOf(client: VisitorClient, day: string): Promise<DayVisitor>;
  /** The day's keyed hash of a client key (an address's, server/http/rateLimit.ts) with a purpose and a detail. */
  clientHash(clientKey: string, day: string, purpose: string, detail: string): Promise<string>;
  /** True the first time `key` (one of the hashes above) is seen on `day` and still under the cap. */
  firstSeen(tx: Queryable, day: string, key: string): Promise<boolean>;
  /** Deletes the salts and hashes of the days before `day`. */
  forgetBefore(day: string): Promise<number>;
}

/**
 * The day's salt is made by whichever instance needs it first and read from the database by the others; the
 * day's key is the HMAC of it under ANALYTICS_KEY (`key`), made in memory: the salt alone unlocks nothing.
 */
export function createDailyVisitors(db: Database, site: string, key: string, cap = DAILY_VISITOR_CAP): DailyVisitors {
  let today: { day: string; key: Promise<string> } | undefined;

  const saltOf = async (day: string) => {
    await db.run(
      'INSERT INTO analytics_salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING',
      day,
      randomBytes(32).toString('hex'),
    );
    return (await db.get<{ salt: string }>('SELECT salt FROM analytics_salts WHERE day = ?', day))!.salt;
  };

  const forgetBefore = async (day: string) =>
    (await db.run('DELETE FROM analytics_salts WHERE day < ?', day)) +
    (await db.run('DELETE FROM analytics_visitors WHERE day < ?', day));

  const dayKey = (day: string): Promise<string> => {
    if (today?.day !== day) {
      // A new day: yesterday's salt and hashes go at once, not at the next daily purge.
      const made = forgetBefore(day)
        .then(() => saltOf(day))
        .then((salt) => keyedHash(key, ['day', day, salt]));
      today = { day, key: made };
      made.catch(() => {
        if (today?.key === made) today = undefined; // tried again on the next view
      });
    }
    return today.key;
  };

  return {
    async visitorOf({ address, userAgent }, day) {
      const keyOfDay = await dayKey(day);
      const visitor = keyedHash(keyOfDay, ['visitor', site, address, userAgent]);
      return (purpose, detail) =>
        keyedHash(keyOfDay, detail === undefined ? [purpose, visitor] : [purpose, visitor, detail]);
    },
    async clientHash(clientKey, day, purpose, detail) {
      return keyedHash(await dayKey(day), [purpose, clientKey, detail]);
    },
    async firstSeen(tx, day, hash) {
      const inserted = await tx.run(
        'INSERT INTO analytics_visitors (day, hash) VALUES (?, ?) ON CONFLICT (day, hash) DO NOTHING',
        day,
        hash,
      );
      if (inserted === 0) return false;
      const kept = await addCount(tx, { day, series: HASHES_SERIES, label: '', device: '' }, 1);
      if (kept <= cap) return true;
      // Past the cap: the hash is not kept, and the visitor is not counted as new.
      await tx.run('DELETE FROM analytics_visitors WHERE day = ? AND hash = ?', day, hash);
      return false;
    },
    forgetBefore,
  };
}
