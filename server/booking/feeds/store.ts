/**
 * Each person's calendar feed (decision 088): its URL (a secret: shown back only as its host and last characters,
 * never logged), the busy times last read from it, and since when it fails. A feed failing for more than 30
 * minutes blocks all its person's times (fail closed) until it is read again.
 */
import type { Queryable } from '../../db';
import type { Busy } from '../slots';
import type { BusyInterval } from './busy';

const FAIL_CLOSED_MS = 30 * 60_000;
/** The whole of time, for a person whose feed fails: no slot can fit outside it. */
const ALWAYS: Pick<Busy, 'start' | 'blockEnd'> = { start: 0, blockEnd: 8.64e15 };

export interface FeedRow {
  personId: number;
  url: string;
  readAt: string | null;
  failingSince: string | null;
  problem: string;
  alertedAt: string | null;
}

const SELECT = `SELECT person_id AS "personId", url, read_at AS "readAt", failing_since AS "failingSince", problem,
  alerted_at AS "alertedAt" FROM booking_feeds`;

const rowOf = (row: FeedRow): FeedRow => ({ ...row, personId: Number(row.personId) });

/** The URL as a page may show it: its host and its last four characters. */
export const maskedUrl = (url: string) => {
  const host = URL.canParse(url) ? new URL(url).host : '';
  return `${host ? `…${host}/` : ''}…${url.slice(-4)}`;
};

export const feedOf = async (q: Queryable, personId: number) => {
  const row = await q.get<FeedRow>(`${SELECT} WHERE person_id = ?`, personId);
  return row && rowOf(row);
};

export const allFeeds = async (q: Queryable) => (await q.all<FeedRow>(`${SELECT} ORDER BY person_id`)).map(rowOf);

/** Sets a person's feed (its busy times forgotten until it is read), or removes it with `url` undefined. */
export async function setFeed(q: Queryable, personId: number, url: string | undefined): Promise<void> {
  await q.run('DELETE FROM booking_feeds WHERE person_id = ?', personId);
  if (url !== undefined) await q.run('INSERT INTO booking_feeds (person_id, url) VALUES (?, ?)', personId, url);
}

/** A read that worked: its busy times, and the failure forgotten. Only while the URL is still the one read. */
export const recordRead = (q: Queryable, feed: FeedRow, busy: readonly BusyInterval[], now: number) =>
  q.run(
    `UPDATE booking_feeds SET busy = ?, read_at = ?, failing_since = NULL, problem = '', alerted_at = NULL
     WHERE person_id = ? AND url = ?`,
    JSON.stringify(busy),
    new Date(now).toISOString(),
    feed.personId,
    feed.url,
  );

/** A read that failed: why (never the URL), and since when it fails. */
export const recordFailure = (q: Queryable, feed: FeedRow, problem: string, now: number) =>
  q.run(
    `UPDATE booking_feeds SET failing_since = COALESCE(failing_since, ?), problem = ? WHERE person_id = ? AND url = ?`,
    new Date(now).toISOString(),
    problem.slice(0, 200),
    feed.personId,
    feed.url,
  );

/** Marks the failure told; true only for the first to mark it (so the e-mail goes once, whatever the instances). */
export const markAlerted = async (q: Queryable, personId: number, now: number) =>
  (await q.run(
    'UPDATE booking_feeds SET alerted_at = ? WHERE person_id = ? AND alerted_at IS NULL AND failing_since IS NOT NULL',
    new Date(now).toISOString(),
    personId,
  )) === 1;

export const isFailedClosed = (feed: Pick<FeedRow, 'failingSince'>, now: number) =>
  feed.failingSince !== null && now - Date.parse(feed.failingSince) > FAIL_CLOSED_MS;

/** Every feed's busy times between `from` and `to` as the slots read them, a failed feed's person busy throughout. */
export async function feedBusy(q: Queryable, from: number, to: number, now: number): Promise<Busy[]> {
  const rows = await q.all<{ personId: number; busy: string; failingSince: string | null }>(
    'SELECT person_id AS "personId", busy, failing_since AS "failingSince" FROM booking_feeds',
  );
  return rows.flatMap(({ personId, busy, failingSince }) => {
    const id = Number(personId);
    if (isFailedClosed({ failingSince }, now)) return [{ personId: id, ...ALWAYS, external: true }];
    return (JSON.parse(busy) as BusyInterval[])
      .filter(([start, end]) => start < to && end > from)
      .map(([start, end]) => ({ personId: id, start, blockEnd: end, external: true }));
  });
}
