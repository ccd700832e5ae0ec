import type { GuardedForm } from '../../shared/lib/formGuard';
import type { Database, Queryable } from '../db';

/** One check that failed: why, and what it added to the score. */
export interface Reason {
  reason: string;
  score: number;
}

/** A submission held back, as the console lists it. */
export interface HeldItem {
  id: number;
  form: GuardedForm;
  receivedAt: string;
  email: string;
  /** A line of what was sent (a message's start), for staff to judge it by. */
  summary: string;
  reasons: Reason[];
  score: number;
}

interface Row {
  id: number;
  form: GuardedForm;
  received_at: string;
  email: string;
  summary: string;
  reasons: string;
  score: number;
}

/** An item to hold, with what its form needs to deliver it. */
export type NewItem = Omit<HeldItem, 'id'> & { payload: unknown };

const itemOf = (row: Row): HeldItem => ({
  id: Number(row.id),
  form: row.form,
  receivedAt: row.received_at,
  email: row.email,
  summary: row.summary,
  reasons: JSON.parse(row.reasons) as Reason[],
  score: Number(row.score),
});

const COLUMNS = 'id, form, received_at, email, summary, reasons, score';

/**
 * The quarantine (decision 073): what a guarded form held back, with its reasons and score, and the payload its
 * form delivers when staff say it is not spam. Nothing here is mailed, sent to a webhook or counted anywhere;
 * the privacy job deletes what is 30 days old.
 */
export function quarantineStore(db: Database) {
  const insert = (q: Queryable, item: NewItem) =>
    q.run(
      `INSERT INTO form_quarantine (form, received_at, email, summary, payload, reasons, score)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      item.form,
      item.receivedAt,
      item.email,
      item.summary,
      JSON.stringify(item.payload),
      JSON.stringify(item.reasons),
      item.score,
    );
  return {
    async hold(item: NewItem): Promise<void> {
      await insert(db, item);
    },
    /**
     * Many items in one transaction: one commit for a batch of held posts (heldBatches.ts), which does not wait for
     * the disk (decision 089): a flood's batches never hold the event loop the pages are answered on.
     */
    async holdAll(items: readonly NewItem[]): Promise<void> {
      await db.transaction(
        async (tx) => {
          for (const item of items) await insert(tx, item);
        },
        { durable: false },
      );
    },
    async list(limit: number): Promise<{ items: HeldItem[]; total: number }> {
      const rows = await db.all<Row>(`SELECT ${COLUMNS} FROM form_quarantine ORDER BY id DESC LIMIT ?`, limit);
      const count = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM form_quarantine');
      return { items: rows.map(itemOf), total: Number(count?.n ?? 0) };
    },
    /** Takes an item out, with its payload: the caller delivers it or lets it go. */
    async take(id: number): Promise<(HeldItem & { payload: unknown }) | undefined> {
      const row = await db.get<Row & { payload: string }>(
        `DELETE FROM form_quarantine WHERE id = ? RETURNING ${COLUMNS}, payload`,
        id,
      );
      return row && { ...itemOf(row), payload: JSON.parse(row.payload) as unknown };
    },
  };
}

export type QuarantineStore = ReturnType<typeof quarantineStore>;
