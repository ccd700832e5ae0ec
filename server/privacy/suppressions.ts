import { createHmac } from 'node:crypto';

import type { Queryable } from '../db';
import { readSalt } from '../db/salt';

/**
 * Addresses the site must not write to again unless their owner signs up and
 * confirms anew, kept only as a keyed hash of the lowercased address: enough
 * to recognise it, never to read it back (the key is the database's own
 * salt, which no export contains).
 */
export interface Suppressions {
  hash(email: string): Promise<string>;
  has(email: string): Promise<boolean>;
  add(email: string, now: Date): Promise<void>;
  /** add() by the hash alone, for an address no longer held (a lapsed sign-up's link, decision 063). */
  addHash(hash: string, now: Date): Promise<void>;
  /** Only the owner's own confirmed sign-up lifts a suppression. */
  remove(email: string): Promise<void>;
}

/** The suppression list, with the key read once; `db` may be a transaction. */
export function createSuppressions(db: Queryable): Suppressions {
  let key: Promise<string> | undefined;
  const addHash = async (hash: string, now: Date) =>
    void (await db.run(
      'INSERT INTO suppressions (hash, created_at) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING',
      hash,
      now.toISOString(),
    ));
  const hash = async (email: string) =>
    createHmac('sha256', await (key ??= readSalt(db)))
      .update(email.trim().toLowerCase())
      .digest('hex');
  return {
    hash,
    has: async (email) =>
      (await db.get('SELECT 1 AS found FROM suppressions WHERE hash = ?', await hash(email))) !== undefined,
    add: async (email, now) => addHash(await hash(email), now),
    addHash,
    remove: async (email) => void (await db.run('DELETE FROM suppressions WHERE hash = ?', await hash(email))),
  };
}
