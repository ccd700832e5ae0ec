import { createHash } from 'node:crypto';

import type { Queryable } from './types';

/** The salt the migration generated once for this database: the key of the leads' client hashes and of the suppression list. */
export async function readSalt(db: Queryable): Promise<string> {
  const row = await db.get<{ value: string }>("SELECT value FROM settings WHERE key = 'client_hash_salt'");
  if (!row) throw new Error('The database has no client hash salt: its migrations did not run.');
  return row.value;
}

/** Salted SHA-256 of a value (a client address, say): tells repeats apart without keeping the value. */
export function saltedHash(salt: string, value: string): string {
  return createHash('sha256').update(`${salt}:${value}`).digest('hex');
}
