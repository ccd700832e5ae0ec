import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { routePatternOf } from '../../shared/routes';
import type { Database } from '../db';
import { addDays, dayStart } from './days';
import type { ReferrerGroup } from './referrers';
import { knownSource, referrerGroup } from './referrers';
import { spanCounts } from './spanCounts';
import type { Conversion } from './store';
import { CONVERSIONS, NONE_LABEL, series, VIEW_DIMENSIONS } from './store';

/** What the console reads the counts for: a span of the lab's whole days, a language and a device class ("" for all). */
export interface ReportFilter {
  /** First and last day, YYYY-MM-DD, the lab's days (decision 078), both included. */
  from: string;
  to: string;
  locale: Locale | '';
  device: 'mobile' | 'desktop' | '';
}

export interface LabelCount {
  label: string;
  count: number;
}

interface SourceConversions {
  source: string;
  group: ReferrerGroup;
  visitors: number;
  conversions: Record<Conversion, number>;
  /** Leads per visitor from the source, 0 to 1; null without visitors. */
  leadRate: number | null;
}

export interface AnalyticsReport {
  /** Every day of the span, with its page views and visitors (0 for a day without). */
  daily: { day: string; views: number; visitors: number }[];
  totals: { views: number; visitors: number };
  pages: LabelCount[];
  /** Page views by referring domain, with its group. */
  referrers: (LabelCount & { group: ReferrerGroup })[];
  groups: Record<ReferrerGroup, number>;
  sources: LabelCount[];
  mediums: LabelCount[];
  campaigns: LabelCount[];
  languages: LabelCount[];
  conversions: SourceConversions[];
  services: LabelCount[];
  /** Visitors who landed, who reached the contact page, who sent a lead (daily uniques, summed). */
  funnel: { landing: number; contact: number; lead: number };
}

/** The days from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The contact page's pattern in each language: the funnel's middle step. */
const CONTACT_PAGES = new Set(locales.map((locale) => routePatternOf(locale === 'en' ? '/contact' : '/es/contacto')));

const sorted = (counts: Map<string, number>): LabelCount[] =>
  [...counts]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));

const bump = (counts: Map<string, number>, label: string, count: number) =>
  counts.set(label, (counts.get(label) ?? 0) + count);

/**
 * The console's reading of the visitor counts (decision 046): at most a few thousand rows for the span, since
 * each series holds at most its cap of labels a day. Visitors over several days are the days' uniques summed:
 * the salt changes daily, so nobody can be followed from one day to the next, and neither can the counts.
 */
export async function analyticsReport(db: Database, filter: ReportFilter): Promise<AnalyticsReport> {
  const languages = filter.locale ? [filter.locale] : locales;
  const wanted = new Map<string, { kind: string; locale: Locale }>();
  const name = (kind: string, locale: Locale, seriesName: string) => wanted.set(seriesName, { kind, locale });
  for (const locale of languages) {
    name('views.page', locale, series.views('page', locale));
    for (const dimension of VIEW_DIMENSIONS) name(`views.${dimension}`, locale, series.views(dimension, locale));
    name('visitors.site', locale, series.visitors('site', locale));
    name('visitors.page', locale, series.visitors('page', locale));
    name('visitors.source', locale, series.visitors('source', locale));
    for (const kind of [...CONVERSIONS, 'service'] as const)
      name(`conversions.${kind}`, locale, series.conversions(kind, locale));
  }
  const names = [...wanted.keys()];
  // Per day only the page views and the visitors, read by their own series from the day rows (3,000 for a quarter).
  const dayNames = names.filter((name) => ['views.page', 'visitors.site'].includes(wanted.get(name)!.kind));
  const daily = await db.all<{ day: string; series: string; n: number }>(
    `SELECT day, series, sum(count) AS n FROM daily_counts
     WHERE day >= ? AND day <= ? AND series IN (${dayNames.map(() => '?').join(', ')}) AND (? = '' OR device = ?)
     GROUP BY day, series`,
    filter.from,
    filter.to,
    ...dayNames,
    filter.device,
    filter.device,
  );
  const labels = await spanCounts(db, filter, names);

  const days = new Map(daysOf(filter.from, filter.to).map((day) => [day, { day, views: 0, visitors: 0 }]));
  for (const row of daily) {
    const entry = days.get(row.day);
    if (!entry) continue;
    if (wanted.get(row.series)!.kind === 'views.page') entry.views += Number(row.n);
    else entry.visitors += Number(row.n);
  }

  const by = new Map<string, Map<string, number>>();
  const languageViews = new Map<string, number>();
  for (const row of labels) {
    const { kind, locale } = wanted.get(row.series)!;
    const counts = by.get(kind) ?? new Map<string, number>();
    by.set(kind, counts);
    bump(counts, row.label, Number(row.n));
    if (kind === 'views.page') bump(languageViews, locale, Number(row.n));
  }
  const of = (kind: string) => by.get(kind) ?? new Map<string, number>();

  const groups: Record<ReferrerGroup, number> = { search: 0, social: 0, email: 0, referral: 0, direct: 0 };
  const referrers = sorted(of('views.referrer')).map((row) => {
    const group = referrerGroup(row.label === NONE_LABEL ? '' : row.label);
    groups[group] += row.count;
    return { ...row, group };
  });

  // A UTM source and its site's host are one row ("google" and "google.com"): the known sources' names.
  const bySource = (kind: string) => {
    const merged = new Map<string, number>();
    for (const [label, n] of of(kind)) bump(merged, knownSource(label).source, n);
    return merged;
  };
  const visitorsBySource = bySource('visitors.source');
  const conversionsBySource = Object.fromEntries(CONVERSIONS.map((kind) => [kind, bySource(`conversions.${kind}`)]));
  const sources = new Set([
    ...visitorsBySource.keys(),
    ...CONVERSIONS.flatMap((kind) => [...conversionsBySource[kind]!.keys()]),
  ]);
  const conversions = [...sources]
    .map((source) => {
      const visitors = visitorsBySource.get(source) ?? 0;
      const counts = Object.fromEntries(
        CONVERSIONS.map((kind) => [kind, conversionsBySource[kind]!.get(source) ?? 0]),
      ) as Record<Conversion, number>;
      return {
        source,
        group: referrerGroup(source),
        visitors,
        conversions: counts,
        leadRate: visitors > 0 ? counts.lead / visitors : null,
      };
    })
    .sort(
      (a, b) => b.visitors - a.visitors || b.conversions.lead - a.conversions.lead || a.source.localeCompare(b.source),
    );

  const sum = (counts: Map<string, number>) => [...counts.values()].reduce((total, n) => total + n, 0);
  const contact = [...of('visitors.page')].reduce((total, [page, n]) => total + (CONTACT_PAGES.has(page) ? n : 0), 0);
  const dailyRows = [...days.values()];
  return {
    daily: dailyRows,
    totals: {
      views: dailyRows.reduce((total, day) => total + day.views, 0),
      visitors: dailyRows.reduce((total, day) => total + day.visitors, 0),
    },
    pages: sorted(of('views.page')),
    referrers,
    groups,
    sources: sorted(of('views.utm_source')),
    mediums: sorted(of('views.utm_medium')),
    campaigns: sorted(of('views.utm_campaign')),
    languages: sorted(languageViews),
    conversions,
    services: sorted(of('conversions.service')),
    funnel: { landing: sum(of('visitors.site')), contact, lead: sum(of('conversions.lead')) },
  };
}

export interface LeadSourceRow {
  source: string;
  campaign: string;
  /** What the leads answered to "How did you hear about us?", beside the source measured ("" for no answer). */
  heard: string;
  leads: number;
  won: number;
}

/**
 * Leads and won leads per first-touch source and campaign, and what they said, received in the span of the lab's
 * days: what an ads client asks for.
 */
export async function leadsBySource(db: Database, from: string, to: string): Promise<LeadSourceRow[]> {
  const rows = await db.all<LeadSourceRow>(
    `SELECT source, campaign, heard, count(*) AS leads, count(*) FILTER (WHERE status = 'won') AS won FROM leads
     WHERE received_at >= ? AND received_at < ? GROUP BY source, campaign, heard`,
    dayStart(from).toISOString(),
    dayStart(addDays(to, 1)).toISOString(),
  );
  // Known sources under one name, as the conversions table has them: "google" and "google.com" are one row.
  const merged = new Map<string, LeadSourceRow>();
  for (const row of rows) {
    const source = knownSource(row.source).source;
    const key = `${source}\n${row.campaign}\n${row.heard}`;
    const into = merged.get(key) ?? { source, campaign: row.campaign, heard: row.heard, leads: 0, won: 0 };
    into.leads += Number(row.leads);
    into.won += Number(row.won);
    merged.set(key, into);
  }
  return [...merged.values()].sort(
    (a, b) =>
      b.leads - a.leads ||
      b.won - a.won ||
      a.source.localeCompare(b.source) ||
      a.campaign.localeCompare(b.campaign) ||
      a.heard.localeCompare(b.heard),
  );
}
