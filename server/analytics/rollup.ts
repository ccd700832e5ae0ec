/**
 * The weekly roll-up of the analytics counts (decision 093): each closed week's counts by series, label and device,
 * summed once from daily_counts, so a report over a quarter reads a dozen weeks' sums and the days at its edges
 * instead of every day's rows. A week is rolled once it is over and a day has passed (a count begun before
 * midnight lands in it by then); weeks with days near the retention period's end are left to the days, and a
 * week goes from the roll-up as soon as the purge takes any of its days.
 */
import { retention } from '../../shared/content/retention';
import type { Database, Queryable } from '../db';
import type { Logger } from '../http/logger';
import { runEvery } from '../lib/periodic';
import { addDays, dayOf, mondayOf } from './days';
import { ANALYTICS_SERIES } from './visitors';

const HOUR_MS = 60 * 60_000;

/**
 * Days kept between the oldest week rolled and the retention period's end: a purge that runs beside the roll-up, on
 * a later day, still takes none of the days of a week being rolled, so it never leaves a purged day in a sum.
 */
const PURGE_MARGIN_DAYS = 2;

/** Rolls one week: its sums set (not added: rolling twice gives the same rows) and its mark, in one transaction. */
const rollWeek = (db: Database, week: string) =>
  db.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO weekly_counts (week, series, label, device, count)
       SELECT ?, series, label, device, sum(count) FROM daily_counts
       WHERE day >= ? AND day <= ? AND series LIKE ? GROUP BY series, label, device
       ON CONFLICT (series, week, label, device) DO UPDATE SET count = excluded.count`,
      week,
      week,
      addDays(week, 6),
      `${ANALYTICS_SERIES}%`,
    );
    await tx.run('INSERT INTO weekly_counts_rolled (week) VALUES (?) ON CONFLICT (week) DO NOTHING', week);
  });

/** Rolls every closed week within the retention period not rolled yet; how many it rolled. */
export async function rollUpWeeks(
  db: Database,
  now = new Date(),
  keptDays: number = retention.analyticsDays,
): Promise<number> {
  const today = dayOf(now);
  // The first Monday whose days are all kept, with the margin; the last whose Sunday is over by a day.
  let week = mondayOf(addDays(today, PURGE_MARGIN_DAYS - keptDays + 6));
  const last = mondayOf(addDays(today, -8));
  const rolled = new Set(
    (
      await db.all<{ week: string }>('SELECT week FROM weekly_counts_rolled WHERE week >= ? AND week <= ?', week, last)
    ).map((row) => row.week),
  );
  let count = 0;
  for (; week <= last; week = addDays(week, 7))
    if (!rolled.has(week)) {
      await rollWeek(db, week);
      count += 1;
    }
  // PostgreSQL reads a week's sums from the key's index alone once their pages are marked all-visible, and chooses
  // to read the whole table while they are not: marked now rather than when autovacuum comes by.
  if (count > 0 && db.engine === 'postgres') await db.run('VACUUM (ANALYZE) weekly_counts');
  return count;
}

/** Drops the roll-up of every week with a day before `day` (the purge's first day kept): how many rows went. */
export async function forgetWeeksBefore(tx: Queryable, day: string): Promise<number> {
  await tx.run('DELETE FROM weekly_counts_rolled WHERE week < ?', day);
  return tx.run('DELETE FROM weekly_counts WHERE week < ?', day);
}

/** Rolls the closed weeks at start, then every hour: a week is read from the roll-up within the hour it may be. */
export function startRollUp(db: Database, logger: Logger): { stop(): Promise<void> } {
  return runEvery(
    HOUR_MS,
    async () => {
      const weeks = await rollUpWeeks(db);
      if (weeks > 0) logger.info({ weeks }, 'analytics weeks rolled up');
    },
    (error) => logger.error({ err: error }, 'analytics roll-up failed'),
  );
}
