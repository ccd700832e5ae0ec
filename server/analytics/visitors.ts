import { randomBytes } from 'node:crypto';

import type { Database, Queryable } from '../db';
import { addCount } from '../db/dailyCounts';
import { saltedHash } from '../db/salt';

/**
 * The day's visitors hashes kept at most (decision 046): past it, a flood of forged addresses and user agents
 * adds no row; later visitors of the day count as views, not as new uniques.
 */
const DAILY_VISITOR_CAP = 50_000;
/** What every analytics series in daily_counts starts with: they are kept longer than field speed's. */
export const ANALYTICS_SERIES = 'web.';
/** The count of the day's hashes, beside the other counts: it is what the cap is checked against. */
const HASHES_SERIES = `${ANALYTICS_SERIES}visitor-hashes`;

export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** Who a page view is from, as Plausible tells visitors apart: the request's address, user agent and the site. */
export interface VisitorClient {
  address: string;
  userAgent: string;
}

export interface DailyVisitors {
  /**
   * The day's hash of a visitor: SHA-256 of the day's secret salt, the site, the address and the user agent.
   * Neither the address nor the user agent is kept; without the salt, which goes with its day, the hash
   * can no longer be matched to anyone.
   */
  hashOf(client: VisitorClient, day: string): Promise<string>;
  /** True the first time `key` (a visitor's hash, or it with a page) is seen on `day` and still under the cap. */
  firstSeen(tx: Queryable, day: string, key: string): Promise<boolean>;
  /** Deletes the salts and hashes of the days before `day`. */
  forgetBefore(day: string): Promise<number>;
}

/** The day's salt is made by whichever instance needs it first and read from the database by the others. */
export function createDailyVisitors(db: Database, site: string, cap = DAILY_VISITOR_CAP): DailyVisitors {
  let today: { day: string; salt: Promise<string> } | undefined;

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

  return {
    async hashOf({ address, userAgent }, day) {
      if (today?.day !== day) {
        // A new day: yesterday's salt and hashes go at once, not at the next daily purge.
        const salt = forgetBefore(day).then(() => saltOf(day));
        today = { day, salt };
        salt.catch(() => {
          if (today?.salt === salt) today = undefined; // tried again on the next view
        });
      }
      return saltedHash(await today.salt, `${site}\n${address}\n${userAgent}`);
    },
    async firstSeen(tx, day, key) {
      const inserted = await tx.run(
        'INSERT INTO analytics_visitors (day, hash) VALUES (?, ?) ON CONFLICT (day, hash) DO NOTHING',
        day,
        key,
      );
      if (inserted === 0) return false;
      const kept = await addCount(tx, { day, series: HASHES_SERIES, label: '', device: '' }, 1);
      if (kept <= cap) return true;
      // Past the cap: the hash is not kept, and the visitor is not counted as new.
      await tx.run('DELETE FROM analytics_visitors WHERE day = ? AND hash = ?', day, key);
      return false;
    },
    forgetBefore,
  };
}
