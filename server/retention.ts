import type { DatabaseSync } from 'node:sqlite';
import { retention } from '../shared/content/retention';
import { inTransaction } from './db';
import type { Logger } from './logger';
import { createSuppressions } from './suppressions';

const DAY_MS = 24 * 60 * 60_000;

/** How long each kind of record is kept; the defaults are the privacy policy's. */
export interface RetentionPeriods {
  leadsMonths: number;
  pendingDays: number;
  vitalsDays: number;
}

export interface PurgeCounts {
  leads: number;
  pendingSubscribers: number;
  unsubscribed: number;
  vitals: number;
}

function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

/**
 * Deletes what is past its time, in one transaction: leads whose status last
 * changed more than leadsMonths ago (their notes, history and messages go
 * with them), sign-ups never confirmed after pendingDays, unsubscribed
 * addresses (kept from then on only as a suppression hash), and vitals older
 * than vitalsDays.
 */
export function purgeExpired(db: DatabaseSync, now = new Date(), periods: RetentionPeriods = retention): PurgeCounts {
  return inTransaction(db, () => {
    const leads = db.prepare('DELETE FROM leads WHERE status_changed_at < ?').run(monthsBefore(now, periods.leadsMonths).toISOString());
    const pending = db
      .prepare('DELETE FROM subscribers WHERE confirmed_at IS NULL AND unsubscribed_at IS NULL AND created_at < ?')
      .run(new Date(now.getTime() - periods.pendingDays * DAY_MS).toISOString());
    const unsubscribed = db.prepare('SELECT email FROM subscribers WHERE unsubscribed_at IS NOT NULL').all() as { email: string }[];
    const suppressions = createSuppressions(db);
    for (const { email } of unsubscribed) suppressions.add(email, now);
    db.prepare('DELETE FROM subscribers WHERE unsubscribed_at IS NOT NULL').run();
    const vitals = db.prepare('DELETE FROM vitals WHERE received_at < ?').run(new Date(now.getTime() - periods.vitalsDays * DAY_MS).toISOString());
    return {
      leads: Number(leads.changes),
      pendingSubscribers: Number(pending.changes),
      unsubscribed: unsubscribed.length,
      vitals: Number(vitals.changes),
    };
  });
}

/** Runs the purge now and then once a day, logging the counts; stop() ends it (on drain). */
export function startRetention(db: DatabaseSync, logger: Logger): { stop(): void } {
  const run = () => {
    try {
      logger.info({ purged: purgeExpired(db) }, 'retention purge');
    } catch (error) {
      logger.error({ err: error }, 'retention purge failed');
    }
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
