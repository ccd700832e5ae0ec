import type { Database, SqlValue } from '../../../server/db';

/**
 * The most values one statement binds: under SQLite's 32,766 and PostgreSQL's 65,535, and small enough that a
 * statement's text stays a few hundred kilobytes.
 */
const VALUES_PER_STATEMENT = 8_000;
/** Rows per transaction: one commit (an fsync) per this many, not per row. */
const ROWS_PER_TRANSACTION = 20_000;

/**
 * Inserts rows into a table with multi-row INSERTs, a transaction per batch: how the seed fills a large lab in
 * minutes on either engine. `rows` is consumed lazily, so a generator never holds the whole table in memory.
 */
export async function bulkInsert(
  db: Database,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly SqlValue[]>,
): Promise<number> {
  const perStatement = Math.max(1, Math.floor(VALUES_PER_STATEMENT / columns.length));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const statement = (count: number) =>
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: count }, () => tuple).join(', ')}`;
  let inserted = 0;
  let batch: (readonly SqlValue[])[] = [];
  const flush = async () => {
    const rowsNow = batch;
    batch = [];
    await db.transaction(async (tx) => {
      for (let start = 0; start < rowsNow.length; start += perStatement) {
        const chunk = rowsNow.slice(start, start + perStatement);
        await tx.run(statement(chunk.length), ...chunk.flat());
      }
    });
    inserted += rowsNow.length;
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= ROWS_PER_TRANSACTION) await flush();
  }
  if (batch.length) await flush();
  return inserted;
}
