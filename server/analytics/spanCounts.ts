import type { Database, SqlValue } from '../db';
import { addDays } from './days';

export interface SeriesLabelCount {
  series: string;
  label: string;
  n: number | string;
}

/**
 * Counts of some series by label over a span of days, summed (decision 093): the weeks of the span that are
 * rolled up are read from weekly_counts, every other day from daily_counts, each day once; one statement, so
 * both are read as of one moment.
 */
export async function spanCounts(
  db: Database,
  { from, to, device }: { from: string; to: string; device: string },
  names: readonly string[],
): Promise<SeriesLabelCount[]> {
  const weeks = (
    await db.all<{ week: string }>(
      'SELECT week FROM weekly_counts_rolled WHERE week >= ? AND week <= ? ORDER BY week',
      from,
      addDays(to, -6),
    )
  ).map((row) => row.week);
  // The days no rolled week covers: a run before each week and one after the last.
  const runs: [string, string][] = [];
  let next = from;
  for (const week of weeks) {
    if (week > next) runs.push([next, addDays(week, -1)]);
    next = addDays(week, 7);
  }
  if (next <= to) runs.push([next, to]);

  const series = `series IN (${names.map(() => '?').join(', ')})`;
  const parts: string[] = [];
  const params: SqlValue[] = [];
  if (weeks.length > 0) {
    parts.push(
      `SELECT series, label, count FROM weekly_counts
       WHERE ${series} AND week IN (${weeks.map(() => '?').join(', ')}) AND (? = '' OR device = ?)`,
    );
    params.push(...names, ...weeks, device, device);
  }
  // One part per run, each a range of (series, day): an OR of ranges would read each series' every day.
  for (const [first, last] of runs) {
    parts.push(
      `SELECT series, label, count FROM daily_counts
       WHERE ${series} AND day >= ? AND day <= ? AND (? = '' OR device = ?)`,
    );
    params.push(...names, first, last, device, device);
  }
  if (parts.length === 0) return [];
  return db.all<SeriesLabelCount>(
    `SELECT series, label, sum(count) AS n FROM (${parts.join(' UNION ALL ')}) AS counts GROUP BY series, label`,
    ...params,
  );
}
