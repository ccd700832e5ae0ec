import type { Queryable } from './types';

/** The salt the migration generated once for this database: the key of the leads' client hashes and of the suppression list. */
export async function readSalt(db: Queryable): Promise<string> {
  const row = await db.get<{ value: string }>("SELECT value FROM settings WHERE key = 'client_hash_salt'");
  if (!row) throw new Error('The database has no client hash salt: its migrations did not run.');
  return row.value;
}
