import type { Queryable } from '../db';
import { UNSUBSCRIBE_SET } from './unsubscribing';

/**
 * A permanent refusal (a 5xx, or a provider's report) of a newsletter address: counted against it,
 * with the time. From the limit on (NEWSLETTER_BOUNCE_LIMIT) it gets no campaign (decision 044).
 * Answers whether the address is on the list.
 */
export async function recordBounce(db: Queryable, where: { id: number } | { email: string }, now: Date) {
  const changed = await db.run(
    `UPDATE subscribers SET hard_bounces = hard_bounces + 1, bounced_at = ? WHERE ${'id' in where ? 'id' : 'email'} = ?`,
    now.toISOString(),
    'id' in where ? where.id : where.email,
  );
  return changed > 0;
}

/**
 * A provider's complaint (the reader marked it as spam, the confirmation e-mail included): the address is
 * unsubscribed, as by its own link, and a pending one's confirmation link stops working.
 */
export async function recordComplaint(db: Queryable, email: string, now: Date): Promise<boolean> {
  const changed = await db.run(`UPDATE subscribers SET ${UNSUBSCRIBE_SET} WHERE email = ?`, now.toISOString(), email);
  return changed > 0;
}
