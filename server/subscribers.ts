import type { DatabaseSync } from 'node:sqlite';

export type SubscribeResult = 'subscribed' | 'already-subscribed';

/**
 * Adds an address to the newsletter list. The column is unique without regard
 * to case, so the same address in any case is one subscriber; the statement
 * runs in autocommit (WAL, synchronous FULL), so the row is durable when this returns.
 */
export function subscribe(db: DatabaseSync, email: string, now: Date = new Date()): SubscribeResult {
  const { changes } = db
    .prepare('INSERT INTO subscribers (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING')
    .run(email, now.toISOString());
  return Number(changes) === 1 ? 'subscribed' : 'already-subscribed';
}

/** Whether an address (in any case) is on the list. */
export function isSubscribed(db: DatabaseSync, email: string): boolean {
  return db.prepare('SELECT 1 AS found FROM subscribers WHERE email = ?').get(email) !== undefined;
}
