/**
 * The analytics' weekly roll-up (decision 093) on both engines: a report over a span that crosses months reads the
 * closed weeks' sums and the days at its edges, and shows what the days alone show; the roll-up is kept as days are
 * counted, and a week goes with the first of its days the retention purge takes.
 */
import { afterAll, describe, expect, it } from 'vitest';

import { reportFilter } from '../../server/analytics/consoleRoutes';
import { addDays } from '../../server/analytics/days';
import type { ReportFilter } from '../../server/analytics/report';
import { analyticsReport } from '../../server/analytics/report';
import { rollUpWeeks } from '../../server/analytics/rollup';
import { spanCounts } from '../../server/analytics/spanCounts';
import { series } from '../../server/analytics/store';
import type { Database, SqlValue } from '../../server/db';
import { addCount } from '../../server/db/dailyCounts';
import { purgeExpired } from '../../server/privacy/retention';
import { retention } from '../../shared/content/retention';
import { bulkInsert } from '../bench/scale/bulkInsert';
import { engines } from '../support/engines';

/** A Sunday afternoon in New York: the lab's today is 2026-11-29. */
const NOW = new Date('2026-11-29T17:00:00Z');
const TODAY = '2026-11-29';
const FIRST_DAY = '2026-08-01';

const ARTICLE_SERIES = (['en', 'es'] as const).flatMap((locale) => [
  series.articles('views', locale),
  series.articles('sources', locale),
]);

/** Counts of every day from FIRST_DAY to today: pages, referrers, visitors, a conversion, articles, a web vital. */
function* dayRows(): Generator<SqlValue[]> {
  let n = 0;
  for (let day = FIRST_DAY; day <= TODAY; day = addDays(day, 1))
    for (const device of ['mobile', 'desktop'])
      for (const locale of ['en', 'es'] as const) {
        const count = () => 1 + ((n += 7) % 13);
        for (const page of ['/', '/services', '/contact'])
          yield [day, series.views('page', locale), page, device, count()];
        for (const referrer of ['(none)', 'google.com', day.slice(5, 7) === '10' ? 'bing.com' : 't.co'])
          yield [day, series.views('referrer', locale), referrer, device, count()];
        yield [day, series.visitors('site', locale), '', device, count()];
        yield [day, series.visitors('page', locale), '/contact', device, count()];
        yield [day, series.conversions('lead', locale), 'google.com', device, count()];
        yield [day, series.articles('views', locale), `/blog/post-${n % 5}`, device, count()];
        yield [day, series.articles('sources', locale), `/blog/post-${n % 5} google.com`, device, count()];
        if (locale === 'en') yield [day, 'LCP', '/', device, count()];
      }
}

/** The same sums read from the day rows alone. */
async function fromDays(db: Database, { from, to, device }: ReportFilter, names: readonly string[]) {
  const rows = await db.all<{ series: string; label: string; n: number }>(
    `SELECT series, label, sum(count) AS n FROM daily_counts
     WHERE day >= ? AND day <= ? AND series IN (${names.map(() => '?').join(', ')}) AND (? = '' OR device = ?)
     GROUP BY series, label`,
    from,
    to,
    ...names,
    device,
    device,
  );
  return sortedCounts(rows);
}

const sortedCounts = (rows: { series: string; label: string; n: number | string }[]) =>
  rows
    .map(({ series: name, label, n }) => ({ series: name, label, n: Number(n) }))
    .sort((a, b) => a.series.localeCompare(b.series) || a.label.localeCompare(b.label));

/** The console's three periods ending today, a span from a Wednesday in August, each with and without a filter. */
const FILTERS: ReportFilter[] = [
  ...(['7', '28', '90'] as const).map((days) => reportFilter({ days }, NOW).filter),
  reportFilter({ days: '90', device: 'mobile', language: 'es' }, NOW).filter,
  { from: '2026-08-12', to: '2026-10-03', locale: '', device: 'desktop' },
];

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe.each(engines)('the weekly roll-up on $engine', ({ open }) => {
  const fresh = async () => {
    const db = await open();
    cleanups.push(() => db.close());
    await bulkInsert(db, 'daily_counts', ['day', 'series', 'label', 'device', 'count'], dayRows());
    return db;
  };

  it('gives the same reports over spans that cross months as the day rows alone, reading the closed weeks', async () => {
    const db = await fresh();
    const before = await Promise.all(FILTERS.map((filter) => analyticsReport(db, filter)));

    // Every closed week within the retention period, once: the week of today and the one that ended yesterday are not.
    const rolled = await rollUpWeeks(db, NOW);
    expect(await rollUpWeeks(db, NOW)).toBe(0);
    const weeks = (await db.all<{ week: string }>('SELECT week FROM weekly_counts_rolled ORDER BY week')).map(
      (row) => row.week,
    );
    expect(weeks).toHaveLength(rolled);
    expect(weeks.at(-1)).toBe('2026-11-16');
    expect(weeks).toEqual(expect.arrayContaining(Array.from({ length: 16 }, (_, i) => addDays('2026-08-03', 7 * i))));
    // Only the visitors' series: a web vital keeps its days.
    expect(await db.get<{ n: number }>("SELECT count(*) AS n FROM weekly_counts WHERE series = 'LCP'")).toEqual({
      n: 0,
    });

    for (const [i, filter] of FILTERS.entries()) {
      expect(await analyticsReport(db, filter)).toEqual(before[i]);
      expect(sortedCounts(await spanCounts(db, filter, ARTICLE_SERIES))).toEqual(
        await fromDays(db, filter, ARTICLE_SERIES),
      );
    }

    // Read from the sums: day rows of a rolled week changed behind the roll-up's back do not show in the lists.
    await db.run("UPDATE daily_counts SET count = count + 1000 WHERE day = '2026-10-07'");
    // FILTERS[2] is the last 90 days.
    const after = await analyticsReport(db, FILTERS[2]!);
    expect(after.pages).toEqual(before[2]!.pages);
    expect(after.referrers).toEqual(before[2]!.referrers);
    expect(sortedCounts(await spanCounts(db, FILTERS[2]!, ARTICLE_SERIES))).not.toEqual(
      await fromDays(db, FILTERS[2]!, ARTICLE_SERIES),
    );
  });

  it('counts what is added to the open days after the weeks are rolled', async () => {
    const db = await fresh();
    await rollUpWeeks(db, NOW);
    const filter = reportFilter({ days: '90' }, NOW).filter;
    const before = await analyticsReport(db, filter);
    await db.transaction(async (tx) => {
      await addCount(tx, { day: TODAY, series: series.views('page', 'en'), label: '/services', device: 'mobile' }, 5);
      // Yesterday's week is not rolled until a day after it ends.
      await addCount(tx, { day: '2026-11-23', series: series.views('page', 'en'), label: '/', device: 'mobile' }, 2);
    });
    const after = await analyticsReport(db, filter);
    expect(after.totals.views).toBe(before.totals.views + 7);
    const views = (report: typeof before, page: string) => report.pages.find((row) => row.label === page)!.count;
    expect(views(after, '/services')).toBe(views(before, '/services') + 5);
    expect(views(after, '/')).toBe(views(before, '/') + 2);
  });

  it('loses a week with the first of its days the retention purge takes, and rolls no week near the end', async () => {
    const db = await fresh();
    const periods = { ...retention, analyticsDays: 60 };
    // Rolled from the first whole week past the retention's end and its margin: from October 5.
    expect(await rollUpWeeks(db, NOW, periods.analyticsDays)).toBe(7);
    await db.run('DELETE FROM weekly_counts_rolled');
    await db.run('DELETE FROM weekly_counts');
    await rollUpWeeks(db, NOW);

    // Kept from 60 days before today, a Wednesday: the Monday and Tuesday before go, and their week's sums with them.
    const firstKept = addDays(TODAY, -periods.analyticsDays);
    expect(firstKept).toBe('2026-09-30');
    await purgeExpired(db, NOW, periods);
    expect(await db.get<{ week: string }>('SELECT min(week) AS week FROM weekly_counts_rolled')).toEqual({
      week: '2026-10-05',
    });
    expect(await db.get<{ n: number }>('SELECT count(*) AS n FROM weekly_counts WHERE week < ?', firstKept)).toEqual({
      n: 0,
    });

    // A report over the purged days shows only the days kept, from the days.
    const filter = reportFilter({ days: '90' }, NOW).filter;
    expect(sortedCounts(await spanCounts(db, filter, ARTICLE_SERIES))).toEqual(
      await fromDays(db, filter, ARTICLE_SERIES),
    );
    const report = await analyticsReport(db, filter);
    expect(report.daily.filter((day) => day.day < firstKept && day.views > 0)).toEqual([]);
    // The week cut by the purge is not rolled again by a roll-up that keeps the same period.
    await rollUpWeeks(db, NOW, periods.analyticsDays);
    expect(
      await db.get<{ n: number }>("SELECT count(*) AS n FROM weekly_counts_rolled WHERE week = '2026-09-28'"),
    ).toEqual({ n: 0 });
  });
});
