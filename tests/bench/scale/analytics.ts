import { rollUpWeeks } from '../../../server/analytics/rollup';
import { series } from '../../../server/analytics/store';
import type { Database, SqlValue } from '../../../server/db';
import { bulkInsert } from './bulkInsert';
import type { Random } from './random';

const PAGES = ['/', '/services', '/research', '/blog', '/blog/:slug', '/contact', '/privacy', '/terms'];
const REFERRERS = ['(none)', 'google.com', 'bing.com', 'facebook.com', 'linkedin.com', 'duckduckgo.com', 't.co'];
const UTM_SOURCES = ['(none)', 'google', 'facebook', 'newsletter', 'linkedin', 'instagram'];
const UTM_MEDIUMS = ['(none)', 'cpc', 'email', 'social', 'display'];
const UTM_CAMPAIGNS = ['(none)', 'miami-spring', 'houston-launch', 'austin-retarget', 'newsletter', 'brand'];
const SOURCES = ['(direct)', 'google.com', 'facebook', 'newsletter', 'linkedin.com', 'bing.com'];
const CONVERSIONS = ['lead', 'signup', 'confirmed', 'call', 'email'] as const;
const DEVICES = [
  ['mobile', 0.6],
  ['desktop', 0.4],
] as const;
const LOCALES = [
  ['en', 0.7],
  ['es', 0.3],
] as const;

/** `total` spread over `labels` by a Zipf-like share with some noise; the labels that get nothing get no row. */
function spread(rng: Random, total: number, labels: readonly string[]): [string, number][] {
  const weights = labels.map((_, rank) => (1 / (rank + 1)) * (0.8 + rng.next() * 0.4));
  const sum = weights.reduce((a, b) => a + b, 0);
  return labels
    .map((label, rank): [string, number] => [label, Math.round((total * weights[rank]!) / sum)])
    .filter(([, count]) => count > 0);
}

/**
 * A year of analytics before `now` at `visitsPerDay`, as the site keeps it (decision 046): per-day counts by series,
 * label and device, not rows per visit. Every series the report reads is there: page views by page and by first
 * touch, visitors, conversions, and each article's views and sources (the day's most read of the published ones).
 */
export async function seedAnalytics(db: Database, rng: Random, visitsPerDay: number, now: Date): Promise<number> {
  const articles = (
    await db.all<{ locale: 'en' | 'es'; slug: string }>(
      "SELECT locale, slug FROM articles WHERE state = 'published' ORDER BY published_at DESC, id DESC",
    )
  ).map((row) => ({ locale: row.locale, path: row.locale === 'es' ? `/es/blog/${row.slug}` : `/blog/${row.slug}` }));
  function* rows(): Generator<SqlValue[]> {
    for (let back = 365; back >= 1; back -= 1) {
      const day = new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
      const seasonal = 0.85 + 0.3 * rng.next();
      for (const [locale, localeShare] of LOCALES)
        for (const [device, deviceShare] of DEVICES) {
          const visits = Math.round(visitsPerDay * localeShare * deviceShare * seasonal);
          const views = Math.round(visits * 2.2);
          const row = (name: string, [label, count]: [string, number]): SqlValue[] => [day, name, label, device, count];
          const pages = PAGES.map((page) => (locale === 'en' ? page : page === '/' ? '/es' : `/es${page}`));
          for (const entry of spread(rng, views, pages)) yield row(series.views('page', locale), entry);
          for (const [dimension, labels] of [
            ['referrer', REFERRERS],
            ['utm_source', UTM_SOURCES],
            ['utm_medium', UTM_MEDIUMS],
            ['utm_campaign', UTM_CAMPAIGNS],
          ] as const)
            for (const entry of spread(rng, views, labels)) yield row(series.views(dimension, locale), entry);
          yield row(series.visitors('site', locale), ['', visits]);
          for (const entry of spread(rng, visits, SOURCES)) yield row(series.visitors('source', locale), entry);
          for (const entry of spread(rng, Math.round(visits * 1.6), pages))
            yield row(series.visitors('page', locale), entry);
          for (const kind of CONVERSIONS)
            for (const entry of spread(rng, Math.round(visits * 0.004), SOURCES))
              yield row(series.conversions(kind, locale), entry);
          const read = articles.filter((article) => article.locale === locale).slice(0, Math.min(150, visits / 20));
          const paths = read.map((article) => article.path);
          const articleViews = spread(rng, Math.round(views * 0.3), paths);
          for (const entry of articleViews) yield row(series.articles('views', locale), entry);
          for (const [path, count] of articleViews)
            for (const entry of spread(
              rng,
              count,
              SOURCES.slice(0, 3).map((source) => `${path} ${source}`),
            ))
              yield row(series.articles('sources', locale), entry);
        }
    }
  }
  const inserted = await bulkInsert(db, 'daily_counts', ['day', 'series', 'label', 'device', 'count'], rows());
  // The closed weeks' sums, as the site's hourly roll-up would have kept them over the year (decision 093).
  await rollUpWeeks(db, now);
  return inserted;
}
