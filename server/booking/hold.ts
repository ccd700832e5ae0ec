/**
 * Holding a time while a visitor with script types their details (decision 088): a `held` booking row, which the
 * database's overlap check and the free times count like a confirmed one, lapsing 5 minutes after it was made.
 * Bounded: a client holds at most 2 times at once, the site at most 30, so nobody can hold every time. The
 * visitor's booking then lets its own hold go in the booking's transaction; a lapsed hold is deleted by the
 * next hold or booking.
 */
import { randomBytes } from 'node:crypto';

import type { City } from '../../shared/content/data';
import type { Locale } from '../../shared/lib/locale';
import type { Database } from '../db';
import { hashed, releaseHolds } from './holdRelease';
import type { CallTaker } from './people';
import type { EventSettings } from './settings';
import { isOverlap, slotsFor } from './store';

const HOLD_MS = 5 * 60_000;
const HOLDS_PER_CLIENT = 2;
const HOLDS_AT_ONCE = 30;

export type HoldOutcome = { key: string; until: number } | { taken: true } | { limited: true };

/** Holds the time starting at `start` for one free person, or says why not. `client` is the rate limits' key. */
export async function hold(
  db: Database,
  {
    people,
    settings,
    start,
    language,
    office,
    client,
    now,
    release,
  }: {
    people: readonly CallTaker[];
    settings: EventSettings;
    start: number;
    language: Locale;
    office?: City;
    client: string;
    now: number;
    /** The key of the visitor's earlier hold, let go first: choosing another time frees the one chosen before. */
    release?: string;
  },
): Promise<HoldOutcome> {
  const key = randomBytes(24).toString('base64url');
  // The client is kept only as a hash with the site's own secret, for the 5 minutes the hold lasts.
  const secret = (await db.get<{ value: string }>("SELECT value FROM settings WHERE key = 'booking_link_secret'"))!;
  const clientHash = hashed(`${secret.value}\nhold\n${client}`);
  return db
    .transaction(async (tx): Promise<HoldOutcome> => {
      await releaseHolds(tx, now, release);
      const counts = await tx.get<{ mine: number; all: number }>(
        `SELECT count(*) AS "all", count(CASE WHEN hold_client = ? THEN 1 END) AS mine FROM bookings
         WHERE status = 'held'`,
        clientHash,
      );
      if (Number(counts!.mine) >= HOLDS_PER_CLIENT || Number(counts!.all) >= HOLDS_AT_ONCE) return { limited: true };
      const slots = await slotsFor(tx, people, settings, { from: start, to: start + 1, language, office, now });
      const free = new Set(slots.filter((slot) => slot.start === start).flatMap((slot) => slot.people));
      const person = people.find((candidate) => free.has(candidate.id));
      if (!person) return { taken: true };
      const end = start + settings.durationMinutes * 60_000;
      const at = new Date(now).toISOString();
      await tx.run(
        `INSERT INTO bookings (uid, person_id, person_email, status, start_at, end_at, block_end_at, office, topic,
           locale, time_zone, name, email, company, created_at, updated_at, hold_until, hold_client, hold_key)
         VALUES (?, ?, ?, 'held', ?, ?, ?, ?, '', ?, 'UTC', '', '', '', ?, ?, ?, ?, ?)`,
        `hold-${key.slice(0, 16)}@meridianlab.dev`,
        person.id,
        person.email,
        new Date(start).toISOString(),
        new Date(end).toISOString(),
        new Date(end + settings.bufferMinutes * 60_000).toISOString(),
        person.office,
        language,
        at,
        at,
        new Date(now + HOLD_MS).toISOString(),
        clientHash,
        hashed(key),
      );
      return { key, until: now + HOLD_MS };
    })
    .catch((error: unknown) => {
      if (isOverlap(error)) return { taken: true } as const;
      throw error;
    });
}
