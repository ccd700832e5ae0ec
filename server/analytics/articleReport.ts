import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import type { Database } from '../db';
import type { PublishedArticle } from './articles';
import { ARTICLE_PATH_PART, publishedArticles } from './articles';
import { readAttribution } from './attribution';
import { addDays, dayStart } from './days';
import { knownSource } from './referrers';
import type { LabelCount, ReportFilter } from './report';
import { spanCounts } from './spanCounts';
import { series } from './store';

/** How many of an article's sources the table names. */
const TOP_SOURCES = 3;

export interface ArticleRow extends PublishedArticle {
  views: number;
  /** Its views in each language's version. */
  languages: Record<Locale, number>;
  /** Its views by the visit's source, most first, the first few. */
  sources: LabelCount[];
  /** Leads of the span whose visit landed on it, or sent the form from it (first or last touch). */
  leads: number;
}

/**
 * Each published article's readers in the span (decision 078): views in each language by its own path, and by
 * source, from the day counts; and the leads that landed on it, from the first and last touch each lead keeps
 * (its landing pages and the form's page, as the policy lists them). The pages a visitor read between landing
 * and the form are kept nowhere, by design: an article read on the way is not seen.
 */
export async function articleReport(db: Database, filter: ReportFilter): Promise<ArticleRow[]> {
  const languages = filter.locale ? [filter.locale] : locales;
  const names = new Map(
    languages.flatMap((locale) => [
      [series.articles('views', locale), { of: 'views', locale }],
      [series.articles('sources', locale), { of: 'sources', locale }],
    ]),
  );
  const counts = await spanCounts(db, filter, [...names.keys()]);
  const views = new Map<string, number>();
  const sources = new Map<string, Map<string, number>>();
  for (const row of counts) {
    const n = Number(row.n);
    if (names.get(row.series)!.of === 'views') views.set(row.label, (views.get(row.label) ?? 0) + n);
    else {
      // "<path> <source>": a path holds no space.
      const cut = row.label.indexOf(' ');
      if (cut < 0) continue; // "(other)", past the day's cap
      const path = row.label.slice(0, cut);
      const source = knownSource(row.label.slice(cut + 1)).source;
      const bySource = sources.get(path) ?? new Map<string, number>();
      sources.set(path, bySource.set(source, (bySource.get(source) ?? 0) + n));
    }
  }

  // Each path's leads (by their place in the list), so an article counts its own leads, not every lead again. Only
  // a lead whose attribution names an article's path can count, and that path is written as is (JSON.stringify
  // escapes no "/"): the others are not parsed.
  const leadsAt = new Map<string, number[]>();
  const leadRows = await db.all<{ attribution: string }>(
    'SELECT attribution FROM leads WHERE received_at >= ? AND received_at < ? AND attribution LIKE ?',
    dayStart(filter.from).toISOString(),
    dayStart(addDays(filter.to, 1)).toISOString(),
    `%${ARTICLE_PATH_PART}%`,
  );
  for (const [lead, { attribution }] of leadRows.entries()) {
    const read = readAttribution(attribution);
    for (const path of new Set(read ? [read.first.landing, read.last.landing, read.formPage] : [])) {
      const leads = leadsAt.get(path) ?? [];
      leadsAt.set(path, leads);
      leads.push(lead);
    }
  }

  return publishedArticles()
    .map((article) => {
      const paths = languages.flatMap((locale) => article.paths[locale] ?? []);
      const bySource = new Map<string, number>();
      for (const path of paths)
        for (const [source, n] of sources.get(path) ?? []) bySource.set(source, (bySource.get(source) ?? 0) + n);
      const perLanguage = Object.fromEntries(
        locales.map((locale) => {
          const path = article.paths[locale];
          return [locale, path && languages.includes(locale) ? (views.get(path) ?? 0) : 0];
        }),
      ) as Record<Locale, number>;
      return {
        ...article,
        views: Object.values(perLanguage).reduce((sum, n) => sum + n, 0),
        languages: perLanguage,
        sources: [...bySource]
          .map(([label, count]) => ({ label, count }))
          .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
          .slice(0, TOP_SOURCES),
        leads: new Set(paths.flatMap((path) => leadsAt.get(path) ?? [])).size,
      };
    })
    .sort((a, b) => b.views - a.views || b.leads - a.leads || a.title.localeCompare(b.title));
}
