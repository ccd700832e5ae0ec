import { retention } from '../../shared/content/retention';
import { addDays, dayOf } from '../analytics/days';
import { forgetWeeksBefore } from '../analytics/rollup';
import { ANALYTICS_SERIES } from '../analytics/visitors';
import { releaseHolds } from '../booking/holdRelease';
import type { Database } from '../db';
import { auditLogDeletable } from '../db';
import { deleteSearchedInBulk } from '../db/searchBulkDelete';
import type { Logger } from '../http/logger';
import { runEvery } from '../lib/periodic';
import { settleConsents } from './consents';
import { createSuppressions } from './suppressions';

const DAY_MS = 24 * 60 * 60_000;

/** How long each kind of record is kept; the defaults are the privacy policy's. */
export interface RetentionPeriods {
  leadsMonths: number;
  pendingDays: number;
  vitalsDays: number;
  analyticsDays: number;
  signInFailuresDays: number;
  teamMailDays: number;
  twoFactorSetUpDays: number;
  consentRecordYears: number;
  bouncedMonths: number;
  auditLogYears: number;
  quarantineDays: number;
}

export interface PurgeCounts {
  leads: number;
  pendingSubscribers: number;
  unsubscribed: number;
  vitals: number;
  analytics: number;
  signInFailures: number;
  teamMail: number;
  /** Staff two-factor set-ups never finished: their secrets. */
  unfinishedTwoFactor: number;
  /** Proofs of consent past their years. */
  consents: number;
  bouncedOut: number;
  /** Audit log rows past their year. */
  auditLog: number;
  /** Form posts held back as likely robots, past their days (decision 073). */
  quarantined: number;
}

function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

/**
 * Deletes what is past its time, in one transaction: leads whose status last
 * changed more than leadsMonths ago (their notes, history and messages go
 * with them), sign-ups never confirmed once their link has expired, unsubscribed
 * addresses (kept from then on only as a suppression hash and the proof of their
 * consent, consents.ts), proofs of consent past their years, the field-speed
 * counts of days older than vitalsDays, the visitor counts older than analyticsDays
 * and the visitor salts and hashes of the days before today, staff sign-in failures (typed
 * addresses, client addresses) with no attempt for signInFailuresDays, staff links past their time, and the team's
 * e-mails older than teamMailDays, the secrets of staff two-factor set-ups started twoFactorSetUpDays ago and never
 * finished, subscriptions bounced out (suppressed) whose last bounce is bouncedMonths old, the audit log's rows
 * older than auditLogYears, the staff's forms kept across a sign-in past their day, and form posts held in the
 * quarantine for quarantineDays (decision 073).
 */
export function purgeExpired(
  db: Database,
  now = new Date(),
  periods: RetentionPeriods = retention,
): Promise<PurgeCounts> {
  return db.transaction(async (tx) => {
    // Many at once: the search index is rewritten once rather than row by row (decision 097).
    const leads = await deleteSearchedInBulk(tx, db.engine, 'leads', () =>
      tx.run('DELETE FROM leads WHERE status_changed_at < ?', monthsBefore(now, periods.leadsMonths).toISOString()),
    );
    // A booked call goes with the inquiry it became (decision 082).
    await tx.run('DELETE FROM bookings WHERE lead_id IS NOT NULL AND lead_id NOT IN (SELECT id FROM leads)');
    // A sign-up is kept while its last link works (pendingDays from its e-mail, which may go late: decision
    // 060), or pendingDays from the sign-up when none was sent.
    const pendingSubscribers = await tx.run(
      `DELETE FROM subscribers WHERE confirmed_at IS NULL AND unsubscribed_at IS NULL
       AND (confirmation_expires_at < ? OR (confirmation_expires_at IS NULL AND created_at < ?))`,
      now.toISOString(),
      new Date(now.getTime() - periods.pendingDays * DAY_MS).toISOString(),
    );
    // A sign-up's unsubscribe link, kept past its row for CASL's 60 days (decision 063).
    await tx.run('DELETE FROM unsubscribe_links WHERE valid_until < ?', now.toISOString());
    const unsubscribed = await tx.all<{ email: string }>(
      'SELECT email FROM subscribers WHERE unsubscribed_at IS NOT NULL',
    );
    const suppressions = createSuppressions(tx);
    for (const { email } of unsubscribed) await suppressions.add(email, now);
    // Consents end with their lead or at their unsubscribe (read before the row goes), and go years later.
    const consents = await settleConsents(tx, now, periods.consentRecordYears);
    await tx.run('DELETE FROM subscribers WHERE unsubscribed_at IS NOT NULL');
    // Suppressed and still listed: bounced out (an unsubscribe or an erasure leaves no row). Its hash stays.
    const longBounced = await tx.all<{ id: number; email: string }>(
      'SELECT id, email FROM subscribers WHERE bounced_at < ?',
      monthsBefore(now, periods.bouncedMonths).toISOString(),
    );
    let bouncedOut = 0;
    for (const { id, email } of longBounced)
      if (await suppressions.has(email)) bouncedOut += await tx.run('DELETE FROM subscribers WHERE id = ?', id);
    // Whole days: a day's counts go once all of it is past the period; the visitor counts have their own.
    const daysBefore = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
    const vitals = await tx.run(
      'DELETE FROM daily_counts WHERE day < ? AND series NOT LIKE ?',
      daysBefore(periods.vitalsDays),
      `${ANALYTICS_SERIES}%`,
    );
    // The day's salt and visitor hashes go once the day is over (the counting drops them sooner when it can).
    // The visitor counts' days are the lab's (decision 078): at 22:00 in New York, UTC's day is already the next.
    const today = dayOf(now);
    const firstKept = addDays(today, -periods.analyticsDays);
    const analytics =
      (await tx.run('DELETE FROM daily_counts WHERE day < ? AND series LIKE ?', firstKept, `${ANALYTICS_SERIES}%`)) +
      // A week summed from a purged day goes with it (decision 093).
      (await forgetWeeksBefore(tx, firstKept)) +
      (await tx.run('DELETE FROM analytics_salts WHERE day < ?', today)) +
      (await tx.run('DELETE FROM analytics_visitors WHERE day < ?', today));
    const signInFailures = await tx.run(
      'DELETE FROM staff_sign_in_attempts WHERE last_at < ?',
      now.getTime() - periods.signInFailuresDays * DAY_MS,
    );
    // An invitation's or a reset's link whose time is over opens nothing: its hash goes too (decision 070).
    await tx.run('DELETE FROM staff_links WHERE expires_at < ?', now.toISOString());
    // A message about no lead and no subscriber is the team's own (an alert, a campaign test): nothing else
    // removes it, and a lock's alert names a staff address and a client address (decision 068).
    const teamMail = await tx.run(
      'DELETE FROM outbox WHERE lead_id IS NULL AND subscriber_id IS NULL AND created_at < ?',
      new Date(now.getTime() - periods.teamMailDays * DAY_MS).toISOString(),
    );
    const unfinishedTwoFactor = await tx.run(
      'DELETE FROM staff_totp WHERE confirmed_at IS NULL AND started_at < ?',
      new Date(now.getTime() - periods.twoFactorSetUpDays * DAY_MS).toISOString(),
    );
    // The audit log's year: the only delete its table lets through (decision 072). A form kept across a sign-in
    // goes with its day, though its cookie's key is gone with the cookie by then.
    const auditLog = await tx.run(
      `DELETE FROM audit_log WHERE at < ? AND ${auditLogDeletable[db.engine]}`,
      monthsBefore(now, periods.auditLogYears * 12).toISOString(),
    );
    await tx.run('DELETE FROM staff_kept_forms WHERE expires_at < ?', now.toISOString());
    // A booking page's hold of a time, with its client's hash, lapsed and not since let go by another (decision 088).
    await releaseHolds(tx, now.getTime());
    const quarantined = await tx.run(
      'DELETE FROM form_quarantine WHERE received_at < ?',
      new Date(now.getTime() - periods.quarantineDays * DAY_MS).toISOString(),
    );
    return {
      auditLog,
      quarantined,
      leads,
      pendingSubscribers,
      unsubscribed: unsubscribed.length,
      vitals,
      analytics,
      signInFailures,
      teamMail,
      unfinishedTwoFactor,
      consents,
      bouncedOut,
    };
  });
}

/** Runs the purge now and then once a day, logging the counts; stop() ends it (on drain). */
export function startRetention(db: Database, logger: Logger): { stop(): Promise<void> } {
  return runEvery(
    DAY_MS,
    async () => {
      const purged = await purgeExpired(db);
      // logEmptied false: another process held the log open; tomorrow's run empties it.
      logger.info({ purged, logEmptied: await db.forgetDeleted() }, 'retention purge');
    },
    (error) => logger.error({ err: error }, 'retention purge failed'),
  );
}
