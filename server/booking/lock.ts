/**
 * One booking transaction at a time over every instance (decision 087). SQLite's IMMEDIATE transaction already is;
 * on PostgreSQL the exclusion constraint refuses an overlap, but two calls of one person at different times of one
 * day would both pass a daily cap read before either wrote. A transaction-scoped advisory lock, taken before the
 * bookings are read, makes the cap's count and the insert one step; it ends with the transaction.
 */
import type { Database, Queryable } from '../db';

/** "book" as a number: the lock's key, the booking feature's own. */
const BOOKING_LOCK_KEY = 0x626f6f6b;

export async function lockBookings(db: Database, tx: Queryable): Promise<void> {
  if (db.engine === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?)', BOOKING_LOCK_KEY);
}
