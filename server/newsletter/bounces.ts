import type { Queryable } from '../db';
import { createSuppressions } from '../privacy/suppressions';
import { UNSUBSCRIBE_SET } from './unsubscribing';

/** The longest refusal kept: an SMTP reply, never more. */
const REASON_LIMIT = 300;

/**
 * A provider's report of a permanent refusal of a newsletter address: counted against it,
 * with the time. From the limit on (NEWSLETTER_BOUNCE_LIMIT) it gets no campaign (decision 044).
 * Answers whether the address is on the list.
 */
export async function recordBounce(db: Queryable, email: string, now: Date) {
  const changed = await db.run(
    'UPDATE subscribers SET hard_bounces = hard_bounces + 1, bounced_at = ? WHERE email = ?',
    now.toISOString(),
    email,
  );
  return changed > 0;
}

/**
 * The site's mail server refused a newsletter e-mail to a subscriber for good (a 5xx to RCPT TO or DATA): a hard
 * bounce, with the server's reply kept for the subscriber's row, and the address suppressed at once, so it gets no
 * campaign and no later sign-up of it more than the rare confirmation a suppressed address may (decision 077).
 */
export async function recordRefusal(db: Queryable, subscriberId: number, reason: string, now: Date) {
  const row = await db.get<{ email: string }>(
    `UPDATE subscribers SET hard_bounces = hard_bounces + 1, bounced_at = ?, bounce_reason = ? WHERE id = ?
     RETURNING email`,
    now.toISOString(),
    reason.slice(0, REASON_LIMIT),
    subscriberId,
  );
  if (row) await createSuppressions(db).add(row.email, now);
}

/**
 * A provider's complaint (the reader marked it as spam, the confirmation e-mail included): the address is
 * unsubscribed, as by its own link, and a pending one's confirmation link stops working. An address no longer
 * listed (purged, erased) gets a suppression record now, so that only its owner's confirmed sign-up lifts it.
 * Whether it was listed is the answer.
 */
export async function recordComplaint(db: Queryable, email: string, now: Date): Promise<boolean> {
  const changed = await db.run(`UPDATE subscribers SET ${UNSUBSCRIBE_SET} WHERE email = ?`, now.toISOString(), email);
  if (changed === 0) await createSuppressions(db).add(email, now);
  return changed > 0;
}
