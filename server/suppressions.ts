import { createHmac } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { readSalt } from './leads';

/**
 * Addresses the site must not write to again unless their owner signs up and
 * confirms anew, kept only as a keyed hash of the lowercased address: enough
 * to recognise it, never to read it back (the key is the database's own
 * salt, which no export contains).
 */
export interface Suppressions {
  hash(email: string): string;
  has(email: string): boolean;
  add(email: string, now: Date): void;
  /** Only the owner's own confirmed sign-up lifts a suppression. */
  remove(email: string): void;
}

/** The suppression list, with the key read and the statements prepared once. */
export function createSuppressions(db: DatabaseSync): Suppressions {
  const key = readSalt(db);
  const find = db.prepare('SELECT 1 AS found FROM suppressions WHERE hash = ?');
  const insert = db.prepare('INSERT INTO suppressions (hash, created_at) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING');
  const remove = db.prepare('DELETE FROM suppressions WHERE hash = ?');
  const hash = (email: string) => createHmac('sha256', key).update(email.trim().toLowerCase()).digest('hex');
  return {
    hash,
    has: (email) => find.get(hash(email)) !== undefined,
    add: (email, now) => void insert.run(hash(email), now.toISOString()),
    remove: (email) => void remove.run(hash(email)),
  };
}
