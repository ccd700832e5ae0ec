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

/** Where a page of the confirmed list starts: after this consent time and id (decision 084). */
export interface ListCursor {
  confirmedAt: string;
  id: number;
}

/** One page of the confirmed list, how many match in all, and where the next page starts (null at the end). */
interface ConfirmedPage {
  subscribers: ListedSubscriber[];
  total: number;
  next: ListCursor | null;
}

export interface SubscriberList {
  /** Confirmed and still subscribed, newest consent first: the CSV export. */
  confirmed(): Promise<ListedSubscriber[]>;
  /**
   * A page of them (`limit`), from a keyset cursor rather than an offset (decision 084): the index walks straight to
   * it however deep the page; `search` is part of the address.
   */
  confirmedPage(search: string, after: ListCursor | null, limit: number): Promise<ConfirmedPage>;
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
  // SQLite's LIKE ignores ASCII case; PostgreSQL's ILIKE does the same.
  const like = db.engine === 'postgres' ? 'ILIKE' : 'LIKE';
  const CONFIRMED = `confirmed_at IS NOT NULL AND unsubscribed_at IS NULL AND (? = '' OR email ${like} ? ESCAPE '\\')`;
  return {
    confirmed: () => select('confirmed_at IS NOT NULL', 'confirmed_at DESC, id DESC'),
    async confirmedPage(search, after, limit) {
      const matching = [search, `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`];
      const rows = await db.all<Row>(
        `SELECT id, email, created_at, confirmed_at, bounced_at, bounce_reason FROM subscribers
         WHERE ${CONFIRMED} AND (? = 0 OR (confirmed_at, id) < (?, ?))
         ORDER BY confirmed_at DESC, id DESC LIMIT ?`,
        ...matching,
        after ? 1 : 0,
        after?.confirmedAt ?? '',
        after?.id ?? 0,
        limit + 1,
      );
      const { total } = (await db.get<{ total: number }>(
        `SELECT count(*) AS total FROM subscribers WHERE ${CONFIRMED}`,
        ...matching,
      ))!;
      const shown = rows.slice(0, limit).map(toSubscriber);
      const last = shown.at(-1);
      return {
        subscribers: shown,
        total: Number(total),
        next: rows.length > limit && last ? { confirmedAt: last.confirmedAt!, id: last.id } : null,
      };
    },
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
