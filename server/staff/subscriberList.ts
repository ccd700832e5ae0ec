import type { DatabaseSync } from 'node:sqlite';

export interface ListedSubscriber {
  id: number;
  email: string;
  /** When the address signed up. */
  createdAt: string;
  /** The consent: when the confirmation link was opened. */
  confirmedAt: string | null;
}

export interface SubscriberList {
  /** Confirmed and still subscribed, newest consent first. */
  confirmed(): ListedSubscriber[];
  /** Signed up, link not yet opened. */
  pending(): ListedSubscriber[];
  /** Unsubscribes an address (the row and its consent stay on record); false when there was nothing to end. */
  remove(id: number, now?: Date): boolean;
}

/** The console's view of the newsletter list; the sign-up and its confirmation are the newsletter's own. */
export function createSubscriberList(db: DatabaseSync): SubscriberList {
  const selectConfirmed = db.prepare(
    `SELECT id, email, created_at, confirmed_at FROM subscribers
     WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL ORDER BY confirmed_at DESC, id DESC`,
  );
  const selectPending = db.prepare(
    `SELECT id, email, created_at, confirmed_at FROM subscribers
     WHERE confirmed_at IS NULL AND unsubscribed_at IS NULL ORDER BY created_at DESC, id DESC`,
  );
  const unsubscribe = db.prepare('UPDATE subscribers SET unsubscribed_at = ? WHERE id = ? AND unsubscribed_at IS NULL');
  type Row = { id: number; email: string; created_at: string; confirmed_at: string | null };
  const toSubscriber = (row: Row): ListedSubscriber => ({ id: row.id, email: row.email, createdAt: row.created_at, confirmedAt: row.confirmed_at });
  return {
    confirmed: () => (selectConfirmed.all() as unknown as Row[]).map(toSubscriber),
    pending: () => (selectPending.all() as unknown as Row[]).map(toSubscriber),
    remove: (id, now = new Date()) => unsubscribe.run(now.toISOString(), id).changes === 1,
  };
}
