/** Letting holds go (decision 088): lapsed ones, and the one a visitor's booking converts. */
import { createHash } from 'node:crypto';

import type { Queryable } from '../db';

/** A hold's key and client are stored only as hashes. */
export const hashed = (text: string) => createHash('sha256').update(text).digest('hex');

/** Deletes lapsed holds and, with `key`, the hold it names. */
export async function releaseHolds(tx: Queryable, now: number, key?: string): Promise<void> {
  await tx.run(
    "DELETE FROM bookings WHERE status = 'held' AND (hold_until <= ? OR hold_key = ?)",
    new Date(now).toISOString(),
    key ? hashed(key) : '-',
  );
}
