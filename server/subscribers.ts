import type { DatabaseSync } from 'node:sqlite';

export type SubscribeResult = 'subscribed' | 'already-subscribed';

export interface SubscriberStore {
  /**
   * Adds an address to the newsletter list. The column is unique without regard
   * to case, so the same address in any case is one subscriber; the statement
   * runs in autocommit (WAL, synchronous FULL), so the row is durable when this returns.
   */
  add(email: string, now?: Date): SubscribeResult;
}

/** The newsletter list, with its statements prepared once. */
export function createSubscriberStore(db: DatabaseSync): SubscriberStore {
  const insert = db.prepare('INSERT INTO subscribers (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING');
  return {
    add(email, now = new Date()) {
      const { changes } = insert.run(email, now.toISOString());
      return Number(changes) === 1 ? 'subscribed' : 'already-subscribed';
    },
  };
}
