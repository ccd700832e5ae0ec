/**
 * The consent ledger (decision 067): the proof of each consent given, kept apart from the subscription or lead
 * it was given for, so that it outlives them. A row holds the address only as its keyed hash (the suppression
 * list's), which notice version was shown, in which language, how (the channel), when, and when the relationship
 * ended; it goes `retention.consentRecordYears` (3) years after that (Ley 1581 art. 9, Decreto 1377 art. 7; CASL s. 13).
 */
import { retention } from '../../shared/content/retention';
import type { Locale } from '../../shared/lib/locale';
import type { Queryable } from '../db';
import type { ConsentPurpose } from './notices';
import { createSuppressions } from './suppressions';

export interface Consent {
  purpose: ConsentPurpose;
  /** The subscriber's or the lead's id, while it exists. */
  recordId: number;
  /** The notice's version (notices.ts). */
  notice: string;
  locale: Locale;
  /** How it was given: the form and its page, the confirmation link. */
  channel: string;
  /** When it was asked for: the confirmation e-mail's time, or the form's. */
  askedAt: string;
  givenAt: string;
}

/** Records a consent, in the transaction that gives it. */
export async function recordConsent(tx: Queryable, email: string, consent: Consent): Promise<void> {
  await tx.run(
    `INSERT INTO consents (purpose, record_id, hash, notice, locale, channel, asked_at, given_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (purpose, record_id, given_at) DO NOTHING`,
    consent.purpose,
    consent.recordId,
    await createSuppressions(tx).hash(email),
    consent.notice,
    consent.locale,
    consent.channel,
    consent.askedAt,
    consent.givenAt,
  );
}

/**
 * Ends the consents whose subscription or lead is gone (erased, purged, or not in a restored back-up) at `now`,
 * and a subscription's at the time it was unsubscribed; deletes those ended more than the kept years ago.
 * Run in the purge's, the erasure's and the restore's transaction. Answers how many were deleted.
 */
export async function settleConsents(tx: Queryable, now: Date, years: number = retention.consentRecordYears) {
  await tx.run(
    `UPDATE consents SET ended_at = (SELECT unsubscribed_at FROM subscribers WHERE id = consents.record_id)
     WHERE purpose = 'newsletter' AND ended_at IS NULL
     AND record_id IN (SELECT id FROM subscribers WHERE unsubscribed_at IS NOT NULL)`,
  );
  await tx.run(
    `UPDATE consents SET ended_at = ? WHERE ended_at IS NULL AND (
       (purpose = 'lead' AND record_id NOT IN (SELECT id FROM leads))
       OR (purpose = 'newsletter' AND record_id NOT IN (SELECT id FROM subscribers)))`,
    now.toISOString(),
  );
  const before = new Date(now);
  before.setUTCFullYear(before.getUTCFullYear() - years);
  return tx.run('DELETE FROM consents WHERE ended_at < ?', before.toISOString());
}

/** The consents recorded for an address, oldest first, as an export shows them. */
export async function consentsOf(db: Queryable, email: string): Promise<Record<string, unknown>[]> {
  return db.all(
    `SELECT purpose, notice, locale, channel, asked_at, given_at, ended_at FROM consents
     WHERE hash = ? ORDER BY given_at`,
    await createSuppressions(db).hash(email),
  );
}
