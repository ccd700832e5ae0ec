/**
 * The console's calls (decision 087): those to come and those over but not yet marked, by person and office; a
 * call's mark, held or no-show, once and by whoever is first; a no-show's "book again" e-mail queued with the mark.
 */
import type { City } from '../../../shared/content/data';
import type { Database } from '../../db';
import type { OutboxStore } from '../../outbox/store';
import { bookingIn } from '../store';
import { noShowMessage } from './noShow';

export interface CallRow {
  id: number;
  sequence: number;
  startAt: string;
  personEmail: string;
  office: City;
  locale: string;
  name: string;
  company: string;
}

export interface CallFilter {
  person: string;
  office: string;
}

const DAY = 86_400_000;
/** How far back a call not yet marked is still listed to mark. */
const MARK_DAYS = 30;
/** The most rows a table lists: a month of six calls a day for a handful of people. */
const LIMIT = 500;

const CALL_SELECT = `SELECT id, sequence, start_at AS "startAt", person_email AS "personEmail", office, locale, name,
  company FROM bookings WHERE status = 'confirmed'`;

export async function callsOf(db: Database, filter: CallFilter, now: number) {
  const where = [
    ...(filter.person ? ['AND lower(person_email) = lower(?)'] : []),
    ...(filter.office ? ['AND office = ?'] : []),
  ].join(' ');
  const params = [...(filter.person ? [filter.person] : []), ...(filter.office ? [filter.office] : [])];
  const at = new Date(now).toISOString();
  const read = (rows: CallRow[]) => rows.map((row) => ({ ...row, id: Number(row.id), sequence: Number(row.sequence) }));
  return {
    coming: read(
      await db.all<CallRow>(
        `${CALL_SELECT} AND start_at >= ? ${where} ORDER BY start_at LIMIT ${LIMIT}`,
        at,
        ...params,
      ),
    ),
    toMark: read(
      await db.all<CallRow>(
        `${CALL_SELECT} AND outcome = '' AND start_at < ? AND start_at >= ? ${where} ORDER BY start_at LIMIT ${LIMIT}`,
        at,
        new Date(now - MARK_DAYS * DAY).toISOString(),
        ...params,
      ),
    ),
  };
}

export const OUTCOMES = { held: 'Held', 'no-show': 'No-show' } as const;
export type Outcome = keyof typeof OUTCOMES;
export const isOutcome = (value: unknown): value is Outcome => typeof value === 'string' && value in OUTCOMES;

/**
 * Marks a call that has started, if nobody has: false when it was marked, moved or cancelled meanwhile. A no-show
 * queues the visitor's "book again" e-mail in the same transaction, keyed by the booking: once, whatever happens.
 */
export async function markCall(
  db: Database,
  outbox: OutboxStore,
  mark: { id: number; sequence: number; outcome: Outcome; by: string; now: number; siteUrl: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const at = new Date(mark.now).toISOString();
    const changed = await tx.run(
      `UPDATE bookings SET outcome = ?, outcome_at = ?, outcome_by = ?
       WHERE id = ? AND sequence = ? AND status = 'confirmed' AND outcome = '' AND start_at <= ?`,
      ...[mark.outcome, at, mark.by, mark.id, mark.sequence, at],
    );
    if (changed !== 1) return false;
    if (mark.outcome === 'no-show')
      await outbox.enqueue(noShowMessage((await bookingIn(tx, mark.id))!, mark.siteUrl), new Date(mark.now), tx);
    return true;
  });
}

/** A call's mark, if any: the page shows it. */
export async function outcomeOf(db: Database, id: number) {
  const row = await db.get<{ outcome: string; by: string }>(
    'SELECT outcome, outcome_by AS by FROM bookings WHERE id = ?',
    id,
  );
  return isOutcome(row?.outcome) ? { outcome: row.outcome, by: row.by } : undefined;
}
