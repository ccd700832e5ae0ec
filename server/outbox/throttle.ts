import type { Queryable } from '../db';
import type { Engine } from '../db/types';

/** A throttled kind may send this many at once after a pause, at most, and never more than a second's worth. */
const MAX_BURST = 10;

export interface Slots {
  /** How many messages may be claimed now. */
  granted: number;
  /** With none granted: when the next slot opens (epoch ms). */
  opensAt: number;
  /** Records that `used` of them were claimed. */
  use(used: number): Promise<void>;
}

/** The slots a claim asks for: kind `name`'s, on `engine`, at `perMinute`, at most `limit` of them, at `now` (epoch ms). */
interface SlotRequest {
  engine: Engine;
  name: string;
  perMinute: number;
  limit: number;
  now: number;
}

/**
 * The send slots of one throttled kind, kept in the database so that every
 * instance draws from the same ones (decision 043): `next_at` is when the next
 * message may go, and each claimed message moves it on by 60 000 / perMinute
 * ms. A pause lets at most a burst build up. Run inside the transaction that
 * claims the messages: the row stays locked (FOR UPDATE on PostgreSQL, SQLite's
 * single writer) until they are claimed and `next_at` moved.
 */
export async function takeSlots(tx: Queryable, { engine, name, perMinute, limit, now }: SlotRequest): Promise<Slots> {
  const interval = 60_000 / perMinute;
  const burst = Math.max(1, Math.min(MAX_BURST, Math.floor(perMinute / 60)));
  const read = () =>
    tx.get<{ next_at: number }>(
      `SELECT next_at FROM outbox_throttles WHERE name = ?${engine === 'postgres' ? ' FOR UPDATE' : ''}`,
      name,
    );
  // The row is made once, by the first claim of the kind ever; later claims only read and lock it.
  let row = await read();
  if (!row) {
    await tx.run('INSERT INTO outbox_throttles (name, next_at) VALUES (?, 0) ON CONFLICT (name) DO NOTHING', name);
    row = await read();
  }
  // A long pause does not bank more than a burst's worth of slots.
  const start = Math.max(Number(row!.next_at), now - (burst - 1) * interval);
  const granted = start > now ? 0 : Math.min(limit, Math.floor((now - start) / interval) + 1);
  return {
    granted,
    opensAt: Math.round(start),
    async use(used) {
      if (used > 0)
        await tx.run(
          'UPDATE outbox_throttles SET next_at = ? WHERE name = ?',
          Math.round(start + used * interval),
          name,
        );
    },
  };
}
