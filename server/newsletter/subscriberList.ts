import type { Database } from '../db';
import { UNSUBSCRIBE_SET } from './unsubscribing';

export interface ListedSubscriber {
  id: number;
  email: string;
  /** When the address signed up. */
  createdAt: string;
  /** The consent: when the confirmation link was opened. */
  confirmedAt: string | null;
  /** Refused for good: when last, and the mail server's reply when it was the site's own server's (decision 077). */
  bounce: { at: string; reason: string } | null;
}

export interface SubscriberList {
  /** Confirmed and still subscribed, newest consent first. */
  confirmed(): Promise<ListedSubscriber[]>;
  /** Signed up, link not yet opened. */
  pending(): Promise<ListedSubscriber[]>;
  /** The address of an unsubscribed subscriber, or undefined: what the console may say it removed. */
  unsubscribed(id: number): Promise<string | undefined>;
  /**
   * Unsubscribes an address (the row and its consent stay on record) and revokes a pending one's confirmation
   * link: removed, it gets nothing unless its owner signs up again. False when there was nothing to end.
   */
  remove(id: number, now?: Date): Promise<boolean>;
}

/** The console's view of the newsletter list; the sign-up and its confirmation are the newsletter's own. */
export function createSubscriberList(db: Database): SubscriberList {
  type Row = {
    id: number;
    email: string;
    created_at: string;
    confirmed_at: string | null;
    bounced_at: string | null;
    bounce_reason: string;
  };
  const toSubscriber = (row: Row): ListedSubscriber => ({
    id: row.id,
    email: row.email,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    bounce: row.bounced_at === null ? null : { at: row.bounced_at, reason: row.bounce_reason },
  });
  const select = async (where: string, order: string) =>
    (
      await db.all<Row>(
        `SELECT id, email, created_at, confirmed_at, bounced_at, bounce_reason FROM subscribers
         WHERE ${where} AND unsubscribed_at IS NULL ORDER BY ${order}`,
      )
    ).map(toSubscriber);
  return {
    confirmed: () => select('confirmed_at IS NOT NULL', 'confirmed_at DESC, id DESC'),
    pending: () => select('confirmed_at IS NULL', 'created_at DESC, id DESC'),
    unsubscribed: async (id) =>
      (
        await db.get<{ email: string }>(
          'SELECT email FROM subscribers WHERE id = ? AND unsubscribed_at IS NOT NULL',
          id,
        )
      )?.email,
    remove: async (id, now = new Date()) =>
      (await db.run(
        `UPDATE subscribers SET ${UNSUBSCRIBE_SET} WHERE id = ? AND unsubscribed_at IS NULL`,
        now.toISOString(),
        id,
      )) === 1,
  };
}
