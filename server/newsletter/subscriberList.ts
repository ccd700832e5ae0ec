import type { Database } from '../db';
import { boundedCount } from '../db/boundedCount';
import type { Cursor, KeysetPage } from '../db/keyset';
import { keysetPage } from '../db/keyset';
import { substringSearch } from '../db/substringSearch';
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

/** One page of the confirmed list, how many match in all, and the cursors of the pages either side. */
interface ConfirmedPage extends Omit<KeysetPage<ListedSubscriber>, 'rows'> {
  subscribers: ListedSubscriber[];
  total: number;
}

export interface SubscriberList {
  /** How many are confirmed and still subscribed: the export's count for the audit log. */
  confirmedCount(): Promise<number>;
  /**
   * Confirmed and still subscribed, newest consent first, `size` at a time: the CSV export, which streams them
   * (decision 091).
   */
  confirmedBatches(size: number): AsyncGenerator<ListedSubscriber[]>;
  /**
   * A page of them (`limit`), from a keyset cursor of consent time and id rather than an offset (decision 084): the
   * index walks straight to it however deep the page; `search` is part of the address.
   */
  confirmedPage(search: string, cursor: Cursor | null, limit: number): Promise<ConfirmedPage>;
  /**
   * Signed up, link not yet opened: the newest `limit`, and how many in all up to the heading's cap (decision 095).
   * The daily purge keeps them few; a list never purged still shows a page's worth.
   */
  pending(limit: number): Promise<{ subscribers: ListedSubscriber[]; total: number }>;
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
  const CONFIRMED = 'confirmed_at IS NOT NULL AND unsubscribed_at IS NULL';
  // PostgreSQL's addresses compare without case (a nondeterministic collation), which ILIKE refuses: they are
  // searched in the C collation, whose ILIKE folds ASCII case as SQLite's LIKE does (decision 097).
  const searched = db.engine === 'postgres' ? 'email COLLATE "C"' : 'email';
  /** The confirmed addresses holding `search`, through the trigram index (decision 097); all of them for "". */
  const confirmed = (search: string): { sql: string; params: string[] } => {
    if (search === '') return { sql: CONFIRMED, params: [] };
    const match = substringSearch(db.engine, 'subscribers', [searched], search);
    return { sql: `${CONFIRMED} AND ${match.sql}`, params: match.params };
  };
  const pageOf = (where: { sql: string; params: string[] }, cursor: Cursor | null, limit: number) =>
    keysetPage<Row>(db, {
      select: 'SELECT id, email, created_at, confirmed_at, bounced_at, bounce_reason FROM subscribers',
      where: where.sql,
      params: where.params,
      ...{ keyColumn: 'confirmed_at', idColumn: 'id', keyOf: (row) => row.confirmed_at!, idOf: (row) => row.id },
      cursor,
      limit,
    });
  const PENDING = 'confirmed_at IS NULL AND unsubscribed_at IS NULL';
  return {
    confirmedCount: async () =>
      Number((await db.get<{ total: number }>(`SELECT count(*) AS total FROM subscribers WHERE ${CONFIRMED}`))!.total),
    async *confirmedBatches(size) {
      for (let cursor: Cursor | null = null; ;) {
        const { rows, next } = await pageOf(confirmed(''), cursor, size);
        if (rows.length > 0) yield rows.map(toSubscriber);
        if (!next) return;
        cursor = next;
      }
    },
    async confirmedPage(search, cursor, limit) {
      const where = confirmed(search);
      const page = await pageOf(where, cursor, limit);
      return {
        subscribers: page.rows.map(toSubscriber),
        total: await boundedCount(db, 'subscribers', where.sql, where.params),
        next: page.next,
        previous: page.previous,
      };
    },
    pending: async (limit) => ({
      subscribers: (
        await db.all<Row>(
          `SELECT id, email, created_at, confirmed_at, bounced_at, bounce_reason FROM subscribers
           WHERE ${PENDING} ORDER BY created_at DESC, id DESC LIMIT ?`,
          limit,
        )
      ).map(toSubscriber),
      total: await boundedCount(db, 'subscribers', PENDING, []),
    }),
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
