/**
 * Booked intro calls (decision 082). A booking is checked and written in one transaction (SQLite's is IMMEDIATE,
 * so it holds the write lock from its first read); the database refuses an overlap on its own as well (a trigger
 * on SQLite, an exclusion constraint on PostgreSQL), and a refusal by it is "just taken", like a failed check.
 */
import { randomUUID } from 'node:crypto';

import type { City } from '../../shared/content/data';
import type { Locale } from '../../shared/lib/locale';
import type { Database, Queryable } from '../db';
import { feedBusy } from './feeds/store';
import { releaseHolds } from './holdRelease';
import { lockBookings } from './lock';
import type { CallTaker } from './people';
import type { EventSettings } from './settings';
import type { Busy, Slot } from './slots';
import { freeSlots } from './slots';

type BookingStatus = 'held' | 'confirmed' | 'cancelled';

export interface Booking {
  id: number;
  uid: string;
  personId: number;
  personEmail: string;
  leadId: number | null;
  status: BookingStatus;
  /** ISO 8601 UTC. */
  startAt: string;
  endAt: string;
  sequence: number;
  office: City;
  topic: string;
  locale: Locale;
  timeZone: string;
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
}

const BOOKING_SELECT = `SELECT id, uid, person_id AS "personId", person_email AS "personEmail", lead_id AS "leadId",
  status, start_at AS "startAt", end_at AS "endAt", sequence, office, topic, locale, time_zone AS "timeZone",
  name, email, company, phone, message FROM bookings`;

/** What a visitor asks for: the slot's start, and who they are. */
export interface BookingRequest {
  start: number;
  language: Locale;
  office?: City;
  topic: string;
  timeZone: string;
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
  /** The key of the visitor's own hold of this time, when their page held it (decision 088). */
  holdKey?: string;
}

const HOLDING = "status IN ('held', 'confirmed')";
const DAY = 86_400_000;
const RECENT_DAYS = 14;

/** Whether the database itself refused an overlap: SQLite's trigger or PostgreSQL's exclusion constraint. */
export function isOverlap(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '23P01' || (typeof message === 'string' && message.includes('booking overlaps another'));
}

/**
 * The bookings that hold people around `start`: a day and a half either side covers any person's local day. A
 * hold counts until it lapses (decision 088).
 */
async function busyAround(q: Queryable, from: number, to: number, now: number): Promise<Busy[]> {
  const rows = await q.all<{ personId: number; startAt: string; blockEndAt: string }>(
    `SELECT person_id AS "personId", start_at AS "startAt", block_end_at AS "blockEndAt" FROM bookings
     WHERE ${HOLDING} AND (hold_until IS NULL OR hold_until > ?) AND start_at < ? AND block_end_at > ?`,
    new Date(now).toISOString(),
    new Date(to + DAY * 1.5).toISOString(),
    new Date(from - DAY * 1.5).toISOString(),
  );
  return rows.map((row) => ({
    personId: Number(row.personId),
    start: Date.parse(row.startAt),
    blockEnd: Date.parse(row.blockEndAt),
  }));
}

/**
 * Who takes a call among those free for it (decision 082): a returning visitor's owner when free, else the one
 * with the fewest calls in the last 14 days, the longest on the staff between equals.
 */
async function chooseTaker(
  tx: Queryable,
  free: readonly CallTaker[],
  returningOwner: string | undefined,
  now: number,
): Promise<CallTaker> {
  const owner = free.find((person) => person.email.toLowerCase() === returningOwner?.toLowerCase());
  if (owner) return owner;
  const rows = await tx.all<{ personId: number; calls: number }>(
    `SELECT person_id AS "personId", count(*) AS calls FROM bookings
     WHERE status = 'confirmed' AND start_at >= ? AND start_at < ? GROUP BY person_id`,
    new Date(now - RECENT_DAYS * DAY).toISOString(),
    new Date(now).toISOString(),
  );
  const calls = new Map(rows.map((row) => [Number(row.personId), Number(row.calls)]));
  return [...free].sort((a, b) => (calls.get(a.id) ?? 0) - (calls.get(b.id) ?? 0) || a.id - b.id)[0]!;
}

/** What the booking's transaction does beside the booking: its lead and its messages, given the stored booking. */
export type AlongWithBooking = (tx: Queryable, booking: Booking, taker: CallTaker) => Promise<void>;

export type BookOutcome = { booked: Booking; taker: CallTaker } | { taken: true };

/** The calendar feeds' busy times around a span, a day and a half either side as busyAround's. */
const feedsAround = (q: Queryable, from: number, to: number, now: number) =>
  feedBusy(q, from - DAY * 1.5, to + DAY * 1.5, now);

/** Free slots for a query, bookings read from `q`. */
export async function slotsFor(
  q: Queryable,
  people: readonly CallTaker[],
  settings: EventSettings,
  query: { from: number; to: number; language: string; office?: City; now: number },
): Promise<Slot[]> {
  const feeds = await feedsAround(q, query.from, query.to, query.now);
  const bookings = await busyAround(q, query.from, query.to, query.now);
  return freeSlots(people, [...bookings, ...feeds], settings, query);
}

/**
 * Books the slot starting at `request.start` for one free person, or says it was just taken. A race lost to
 * another booking (another instance's, whose insert the database refused) is tried again while someone is free.
 */
export async function book(
  db: Database,
  {
    people,
    settings,
    request,
    now,
    along,
    returningOwner,
  }: {
    people: readonly CallTaker[];
    settings: EventSettings;
    request: BookingRequest;
    now: number;
    /** The lead and the invitations, in the same transaction. */
    along: AlongWithBooking;
    /** The owner of the visitor's earlier lead, read in the booking's transaction. */
    returningOwner: (tx: Queryable, email: string) => Promise<string | undefined>;
  },
): Promise<BookOutcome> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await db.transaction(async (tx): Promise<BookOutcome> => {
        await lockBookings(db, tx);
        // Lapsed holds go first (the database's overlap check counts every held row); the visitor's own is let go.
        await releaseHolds(tx, now, request.holdKey);
        const query = { from: request.start, to: request.start + 1, language: request.language, now };
        const slots = await slotsFor(tx, people, settings, { ...query, office: request.office });
        const freeIds = new Set(slots.filter((slot) => slot.start === request.start).flatMap((slot) => slot.people));
        const free = people.filter((person) => freeIds.has(person.id));
        if (free.length === 0) return { taken: true };
        const taker = await chooseTaker(tx, free, await returningOwner(tx, request.email), now);
        const booked = await insertBooking(tx, request, taker, settings, now);
        await along(tx, booked, taker);
        return { booked: (await bookingIn(tx, booked.id))!, taker };
      });
    } catch (error) {
      if (!isOverlap(error)) throw error;
    }
  }
  return { taken: true };
}

async function insertBooking(
  tx: Queryable,
  request: BookingRequest,
  taker: CallTaker,
  settings: EventSettings,
  now: number,
): Promise<Booking> {
  const end = request.start + settings.durationMinutes * 60_000;
  const blockEnd = end + settings.bufferMinutes * 60_000;
  const at = new Date(now).toISOString();
  const row = await tx.get<{ id: number }>(
    `INSERT INTO bookings (uid, person_id, person_email, status, start_at, end_at, block_end_at, office, topic, locale,
       time_zone, name, email, company, phone, message, created_at, updated_at)
     VALUES (?, ?, ?, 'confirmed', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    `${randomUUID()}@meridianlab.dev`,
    taker.id,
    taker.email,
    new Date(request.start).toISOString(),
    new Date(end).toISOString(),
    new Date(blockEnd).toISOString(),
    taker.office,
    request.topic,
    request.language,
    request.timeZone,
    request.name,
    request.email,
    request.company,
    request.phone,
    request.message,
    at,
    at,
  );
  return (await bookingIn(tx, row!.id))!;
}

export async function bookingIn(q: Queryable, id: number): Promise<Booking | undefined> {
  const row = await q.get<Booking>(`${BOOKING_SELECT} WHERE id = ?`, id);
  return row && { ...row, id: Number(row.id), personId: Number(row.personId), sequence: Number(row.sequence) };
}

/** Links the booking to its lead. */
export const setLead = (tx: Queryable, bookingId: number, leadId: number) =>
  tx.run('UPDATE bookings SET lead_id = ? WHERE id = ?', leadId, bookingId);

/**
 * Cancels a confirmed booking whose manage link is of version `sequence`: its sequence rises, so that link and
 * every older one stop acting. False when it was cancelled or moved meanwhile.
 */
export async function cancelIn(tx: Queryable, id: number, sequence: number, now: number): Promise<boolean> {
  const changed = await tx.run(
    `UPDATE bookings SET status = 'cancelled', sequence = sequence + 1, updated_at = ?
     WHERE id = ? AND sequence = ? AND status = 'confirmed'`,
    new Date(now).toISOString(),
    id,
    sequence,
  );
  return changed === 1;
}

/**
 * Moves a confirmed booking to `start` with the same person, when they are free then (the call's own time left
 * out of their busy times); its sequence rises. 'taken' when they are not, 'stale' when the link is old.
 */
export async function rescheduleIn(
  tx: Queryable,
  {
    booking,
    start,
    people,
    settings,
    now,
  }: {
    booking: Booking;
    start: number;
    people: readonly CallTaker[];
    settings: EventSettings;
    now: number;
  },
): Promise<'moved' | 'taken' | 'stale'> {
  const current = await bookingIn(tx, booking.id);
  if (!current || current.status !== 'confirmed' || current.sequence !== booking.sequence) return 'stale';
  const person = people.find((candidate) => candidate.id === current.personId);
  // The person's other calls and their calendar feed's busy times, never the call being moved.
  const busy = [
    ...(await busyAround(tx, start, start + 1, now)).filter(
      (entry) => !(entry.personId === current.personId && entry.start === Date.parse(current.startAt)),
    ),
    ...(await feedsAround(tx, start, start + 1, now)),
  ];
  const query = { from: start, to: start + 1, language: current.locale, now };
  const free = person && freeSlots([person], busy, settings, query).some((slot) => slot.start === start);
  if (!free) return 'taken';
  const end = start + settings.durationMinutes * 60_000;
  await tx.run(
    `UPDATE bookings SET start_at = ?, end_at = ?, block_end_at = ?, sequence = sequence + 1, updated_at = ?
     WHERE id = ? AND sequence = ?`,
    new Date(start).toISOString(),
    new Date(end).toISOString(),
    new Date(end + settings.bufferMinutes * 60_000).toISOString(),
    new Date(now).toISOString(),
    current.id,
    current.sequence,
  );
  return 'moved';
}
