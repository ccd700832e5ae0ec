/**
 * A delete of many searched rows at once, such as the daily purge's (decision 097). SQLite's search index takes a
 * deleted row's trigrams out of its pages one row at a time (secure-delete): some 8 ms a lead, 93 s for the 11,000
 * leads a first purge of the large lab removes. For a bulk delete it is told not to, then rewritten whole
 * ('optimize', 2 s at 100,000 leads), which keeps none of the deleted rows' trigrams either: the pages it frees are
 * zeroed by the database's secure_delete. Inside the caller's transaction, so all of it or none. PostgreSQL's index
 * goes with its rows.
 */
import type { Engine, Queryable } from './types';

export async function deleteSearchedInBulk(
  tx: Queryable,
  engine: Engine,
  table: 'leads' | 'subscribers',
  remove: () => Promise<number>,
): Promise<number> {
  if (engine !== 'sqlite') return remove();
  const index = `${table}_search`;
  const secureDelete = (on: 0 | 1) => tx.run(`INSERT INTO ${index} (${index}, rank) VALUES ('secure-delete', ${on})`);
  await secureDelete(0);
  const removed = await remove();
  if (removed > 0) await tx.run(`INSERT INTO ${index} (${index}) VALUES ('optimize')`);
  await secureDelete(1);
  return removed;
}
