import type { Queryable } from '../db';
import type { Logger } from '../http/logger';
import type { WindowCounts } from '../http/rateLimitCounters';
import { mailboxOf } from './mailbox';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Confirmation e-mails one mailbox may get in a day, however it is spelt (decision 032). */
const PER_MAILBOX_PER_DAY = 3;
/** One domain's share of the hourly cap, so one company's or provider's inbox cannot take it all. */
const DOMAIN_SHARE = 0.3;
/** An address that unsubscribed or was erased gets at most one confirmation in this time (032). */
const SUPPRESSED_WINDOW_MS = 30 * DAY_MS;

export interface ConfirmationLimits {
  /**
   * Takes one confirmation e-mail from every limit the address falls under,
   * in `tx`, or takes none and answers false when any of them is spent.
   */
  take(tx: Queryable, email: string, suppressed: boolean, now: Date): Promise<boolean>;
}

/**
 * The limits on confirmation e-mails beyond one address's hourly one: per
 * mailbox (a +tag or Gmail's dots are the same inbox), per domain, over the
 * whole site per hour (an error in the log, once an hour, when it is reached),
 * and per month for a suppressed address.
 */
export function confirmationLimits(counts: WindowCounts, perHour: number, logger?: Logger): ConfirmationLimits {
  let alertedUntil = 0;
  return {
    async take(tx, email, suppressed, now) {
      const { mailbox, domain } = mailboxOf(email);
      type Limit = [name: string, key: string, limit: number, windowMs: number];
      const monthly: Limit[] = suppressed ? [['confirm-suppressed', email.toLowerCase(), 1, SUPPRESSED_WINDOW_MS]] : [];
      const limits: Limit[] = [
        ...monthly,
        ['confirm-mailbox', mailbox, PER_MAILBOX_PER_DAY, DAY_MS],
        ['confirm-domain', domain, Math.max(1, Math.ceil(perHour * DOMAIN_SHARE)), HOUR_MS],
        ['confirm-all', '', perHour, HOUR_MS],
      ];
      for (const [index, [name, key, limit, windowMs]] of limits.entries()) {
        if (await counts.hit(tx, { name, key, windowMs, now: now.getTime(), limit })) continue;
        // All or none: what the earlier limits counted goes back.
        for (const [takenName, takenKey] of limits.slice(0, index)) await counts.unhit(tx, takenName, takenKey);
        if (name === 'confirm-all' && now.getTime() >= alertedUntil) {
          alertedUntil = now.getTime() + HOUR_MS;
          logger?.error(
            { perHour },
            'newsletter confirmations reached their hourly cap: sign-ups get no e-mail until the hour is over (NEWSLETTER_CONFIRMATIONS_PER_HOUR)',
          );
        }
        return false;
      }
      return true;
    },
  };
}
