import type { Database } from '../db';

/** A message given up, as the console lists it: who it was for and why it failed, never its text. */
export interface FailedMessage {
  id: number;
  kind: string;
  /** The address of an e-mail (the subscriber's for a campaign's); null for a webhook. */
  recipient: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  /** When it was last tried; null for a message failed before the time was kept. */
  attemptedAt: string | null;
}

/** The most failed messages a page lists: a mail outage can fail a whole campaign. */
const PAGE = 200;

interface Row {
  id: number;
  kind: string;
  payload: string;
  email: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  attempted_at: string | null;
}

const recipientOf = (row: Row) => {
  const payload = JSON.parse(row.payload) as { mail?: { to?: string } };
  return payload.mail?.to ?? row.email;
};

/** The failed messages of the given kinds, newest first, for the console (decision 077). */
export function createFailedMessages(db: Database) {
  const select = `SELECT outbox.id, kind, payload, subscribers.email, attempts, last_error, outbox.created_at, attempted_at
    FROM outbox LEFT JOIN subscribers ON subscribers.id = outbox.subscriber_id
    WHERE status = 'failed'`;
  const toMessage = (row: Row): FailedMessage => ({
    id: row.id,
    kind: row.kind,
    recipient: recipientOf(row),
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    attemptedAt: row.attempted_at,
  });
  return {
    /** The kinds of the messages failed now. */
    kinds: async () =>
      (await db.all<{ kind: string }>("SELECT DISTINCT kind FROM outbox WHERE status = 'failed'")).map(
        (row) => row.kind,
      ),
    /** Up to a page of them, and how many there are in all. */
    async list(kinds: readonly string[]): Promise<{ total: number; messages: FailedMessage[] }> {
      if (kinds.length === 0) return { total: 0, messages: [] };
      const of = `kind IN (${kinds.map(() => '?').join(', ')})`;
      const rows = await db.all<Row>(`${select} AND ${of} ORDER BY outbox.id DESC LIMIT ?`, ...kinds, PAGE);
      const { total } = (await db.get<{ total: number }>(
        `SELECT count(*) AS total FROM outbox WHERE status = 'failed' AND ${of}`,
        ...kinds,
      ))!;
      return { total: Number(total), messages: rows.map(toMessage) };
    },
    /** One failed message, or undefined when there is none by that id (or it is no longer failed). */
    async find(id: number): Promise<FailedMessage | undefined> {
      const row = await db.get<Row>(`${select} AND outbox.id = ?`, id);
      return row && toMessage(row);
    },
  };
}
