/**
 * The job that reads every calendar feed every 5 minutes (decision 088), and what a failing one brings: after 30
 * minutes its person's times close (store.ts), they see it in the console's alert bar and are e-mailed once.
 */
import type { ConsoleAlert } from '../../console/kit/ConsoleDocument';
import type { Database } from '../../db';
import type { Logger } from '../../http/logger';
import { runEvery } from '../../lib/periodic';
import type { OutboxKind } from '../../outbox/kinds';
import type { OutboxStore } from '../../outbox/store';
import type { CallTaker } from '../people';
import { busyIn } from './busy';
import { FeedError, fetchFeed } from './fetch';
import type { FeedRow } from './store';
import { allFeeds, feedOf, isFailedClosed, markAlerted, recordFailure, recordRead } from './store';

const READ_EVERY_MS = 5 * 60_000;
const DAY = 86_400_000;
/** Busy times kept from a day back to past the longest horizon (90 days). */
const WINDOW = { back: DAY, ahead: 91 * DAY };
export const CALENDAR_PAGE = '/staff/calendar';

const failingMail = { name: 'booking-feed-failing', channel: 'mail' } as const satisfies OutboxKind;
export const feedKinds: readonly OutboxKind[] = [failingMail];

const copy = {
  title: 'Your calendar feed cannot be read: your booking times are closed',
  meaning: 'Visitors cannot book calls with you until the feed is read again, so that no call lands on a busy time.',
  link: 'Check your calendar feed',
};

interface ReaderOptions {
  db: Database;
  outbox: OutboxStore;
  committed: () => void;
  siteUrl: string;
  logger: Logger;
  /** The people who take calls, for each one's address and clock. */
  people: () => Promise<CallTaker[]>;
  /** Tests only: feeds served on this machine (BOOKING_FEEDS_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

async function tellFailing(options: ReaderOptions, feed: FeedRow, person: CallTaker, now: number) {
  const queued = await options.db.transaction(async (tx) => {
    if (!(await markAlerted(tx, feed.personId, now))) return false;
    return options.outbox.enqueue(
      {
        kind: failingMail.name,
        dedupeKey: `booking-feed-failing:${feed.personId}:${feed.failingSince}`,
        mail: {
          to: person.email,
          subject: copy.title,
          text:
            `${copy.meaning}\n\nWhy: ${feed.problem}.\n\n` +
            `Check the feed's address (your calendar's private ICS link) at ${options.siteUrl}${CALENDAR_PAGE}\n`,
        },
      },
      new Date(now),
      tx,
    );
  });
  if (queued) options.committed();
}

/** Reads every feed once; a failure is recorded with why, never with the URL. */
async function readFeeds(options: ReaderOptions, now = Date.now()): Promise<void> {
  const people = new Map((await options.people()).map((person) => [person.id, person]));
  for (const feed of await allFeeds(options.db)) {
    const person = people.get(feed.personId);
    if (!person) continue;
    try {
      const text = await fetchFeed(feed.url, { allowPrivate: options.allowPrivate });
      let busy;
      try {
        busy = busyIn(text, { from: now - WINDOW.back, to: now + WINDOW.ahead }, person.timeZone);
      } catch {
        throw new FeedError('the answer is not a calendar (ICS)');
      }
      await recordRead(options.db, feed, busy, now);
    } catch (error) {
      const problem = error instanceof FeedError ? error.message : 'could not be read';
      options.logger.warn({ person: feed.personId, problem }, 'calendar feed not read');
      await recordFailure(options.db, feed, problem, now);
      const current = await feedOf(options.db, feed.personId);
      if (current && isFailedClosed(current, now) && !current.alertedAt)
        await tellFailing(options, current, person, now);
    }
  }
}

export function startFeedReader(options: ReaderOptions) {
  return runEvery(
    READ_EVERY_MS,
    () => readFeeds(options),
    (error) => options.logger.error({ err: error }, 'calendar feeds not read'),
  );
}

/** The alert bar's entry for a person whose feed has closed their times. */
export async function feedAlerts(
  db: Database,
  personId: number | undefined,
  now = Date.now(),
): Promise<ConsoleAlert[]> {
  const feed = personId === undefined ? undefined : await feedOf(db, personId);
  if (!feed || !isFailedClosed(feed, now)) return [];
  return [{ cause: 'booking-feed-failing', ...copy, link: { href: CALENDAR_PAGE, label: copy.link } }];
}
