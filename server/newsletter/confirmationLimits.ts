import { CONFIRMATION_DELAY_HOURS } from '../../shared/content/newsletter';
import type { Queryable } from '../db';
import type { Logger } from '../http/logger';
import type { WindowCounts } from '../http/rateLimitCounters';
import { mailboxOf } from './mailbox';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Confirmation e-mails one mailbox may get in a day, however it is spelt (decision 032). */
const PER_MAILBOX_PER_DAY = 3;
/** One domain's share of each hour, so one company's or provider's inbox cannot take it all (032). */
const DOMAIN_SHARE = 0.3;
/** One client's share of each hour (decision 060): a stranger needs over 30 client addresses to fill an hour. */
const CLIENT_SHARE = 0.03;
/** An address that unsubscribed or was erased gets at most one confirmation in this time (032). */
const SUPPRESSED_WINDOW_MS = 30 * DAY_MS;

export interface ConfirmationLimits {
  /**
   * When a confirmation e-mail for a sign-up of `email` from `client` may go: now, while this hour
   * has room in the client's, the domain's and the site's budgets, else the first later hour that
   * has, up to a day ahead (undefined past that). Takes one from each budget of that hour, in `tx`.
   */
  book(tx: Queryable, email: string, client: string, now: Date): Promise<Date | undefined>;
  /**
   * Takes one confirmation e-mail from the limits of the address itself (its mailbox's day, a suppressed
   * address's month), in `tx`, or takes none and answers false when either is spent.
   */
  take(tx: Queryable, email: string, suppressed: boolean, now: Date): Promise<boolean>;
}

/** One count of `rate_limit_hits`: at most `limit` in a window of `windowMs` from `now`. */
interface Limit {
  name: string;
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * The limits on confirmation e-mails beyond one address's hourly one. Budgets
 * by the clock's hour, booked up to a day ahead: per client (the rate limits'
 * key), per domain and over the whole site (`perHour`; an error in the log,
 * once an hour, when it is spent and sign-ups are put off). Per mailbox a day
 * (a +tag or Gmail's dots are the same inbox), and per month for a suppressed address.
 */
export function confirmationLimits(counts: WindowCounts, perHour: number, logger?: Logger): ConfirmationLimits {
  const share = (part: number) => Math.max(1, Math.ceil(perHour * part));
  let alertedUntil = 0;

  /** One hit of each limit, or none: the hits of each, or the name of the first one spent. */
  const takeAll = async (tx: Queryable, limits: Limit[], now: number): Promise<number[] | string> => {
    const hits: number[] = [];
    for (const { name, key, limit, windowMs } of limits) {
      const counted = await counts.hit(tx, { name, key, windowMs, now, limit });
      if (counted) {
        hits.push(counted.hits);
        continue;
      }
      // All or none: what the earlier limits counted goes back.
      for (const taken of limits.slice(0, hits.length)) await counts.unhit(tx, taken.name, taken.key);
      return name;
    }
    return hits;
  };

  return {
    async book(tx, email, client, now) {
      const { domain } = mailboxOf(email);
      const first = Math.floor(now.getTime() / HOUR_MS);
      for (let hour = first; hour < first + CONFIRMATION_DELAY_HOURS; hour++) {
        // Each hour's counts are rows of their own, kept until that hour is over. The client's first: an
        // abuser's own hours fill first, and each costs it one statement.
        const windowMs = (hour + 1) * HOUR_MS - now.getTime();
        const taken = await takeAll(
          tx,
          [
            { name: 'confirm-client', key: `${client}@${hour}`, limit: share(CLIENT_SHARE), windowMs },
            { name: 'confirm-domain', key: `${domain}@${hour}`, limit: share(DOMAIN_SHARE), windowMs },
            { name: 'confirm-all', key: `@${hour}`, limit: perHour, windowMs },
          ],
          now.getTime(),
        );
        if (typeof taken !== 'string')
          // A later hour's e-mails are spread over it, in the order they were booked, rather than sent at once.
          return hour === first ? now : new Date(hour * HOUR_MS + (taken[2]! - 1) * (HOUR_MS / perHour));
        if (taken === 'confirm-all' && hour === first && now.getTime() >= alertedUntil) {
          alertedUntil = now.getTime() + HOUR_MS;
          logger?.error(
            { perHour },
            'newsletter confirmations reached their hourly cap: sign-ups are told their e-mail is late and get it in a later hour (NEWSLETTER_CONFIRMATIONS_PER_HOUR)',
          );
        }
      }
      return undefined;
    },
    async take(tx, email, suppressed, now) {
      const limits: Limit[] = [
        ...(suppressed
          ? [{ name: 'confirm-suppressed', key: email.toLowerCase(), limit: 1, windowMs: SUPPRESSED_WINDOW_MS }]
          : []),
        { name: 'confirm-mailbox', key: mailboxOf(email).mailbox, limit: PER_MAILBOX_PER_DAY, windowMs: DAY_MS },
      ];
      return typeof (await takeAll(tx, limits, now.getTime())) !== 'string';
    },
  };
}
