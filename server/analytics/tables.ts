/**
 * The analytics page's tables, each with its columns and rows (decision 078): the page shows them, and each is a
 * CSV of its own in wide form, under the same columns, every row (the page shows the first few of a top list).
 */
import { locales } from '../../shared/lib/locale';
import type { CsvColumns } from '../lib/csv';
import { toCsv } from '../lib/csv';
import { heardLabel } from '../pages/heardLabel';
import { serviceLabel } from '../pages/serviceLabel';
import type { ArticleRow } from './articleReport';
import { pageTitle } from './pageTitles';
import type { AnalyticsReport, LabelCount, LeadSourceRow } from './report';
import { analyticsCopy, languageLabels } from './texts';

/** A cell: a text, a count, a share of a whole (0 to 1; null without a whole) or a day (YYYY-MM-DD). */
export type Cell = string | number | { share: number | null } | { day: string };

export interface AnalyticsTable {
  title: string;
  columns: readonly string[];
  rows: Cell[][];
  /** How many rows the page shows, when not all: the CSV holds them all. */
  top?: number;
}

export const TABLE_KEYS = [
  'daily',
  'funnel',
  'conversions',
  'pages',
  'referrers',
  'campaigns',
  'sources',
  'languages',
  'services',
  'articles',
  'leads',
] as const;
export type TableKey = (typeof TABLE_KEYS)[number];

export const isTableKey = (value: unknown): value is TableKey => TABLE_KEYS.includes(value as TableKey);

/** A cell as the CSV writes it: a share as a fraction (four decimals; empty without a whole), a day as YYYY-MM-DD. */
function csvValue(cell: Cell): string | number {
  if (typeof cell !== 'object') return cell;
  if ('day' in cell) return cell.day;
  return cell.share === null ? '' : Math.round(cell.share * 1e4) / 1e4;
}

/** One table as a CSV in wide form: its columns, every row. */
export function tableCsv(table: AnalyticsTable): string {
  const columns: CsvColumns<Record<string, string | number>> = table.columns.map((name, index) => [
    String(index),
    name,
  ]);
  return toCsv(
    columns,
    table.rows.map((row) => Object.fromEntries(row.map((cell, index) => [String(index), csvValue(cell)]))),
  );
}

/** How many rows of a top list the page shows. */
const TOP = 10;

const share = (part: number, whole: number) => ({ share: whole > 0 ? part / whole : null });

const top = (title: string, first: string, rows: LabelCount[], total: number, unit = 'Page views'): AnalyticsTable => ({
  title,
  columns: [first, unit, 'Share'],
  rows: rows.map((row) => [row.label, row.count, share(row.count, total)]),
  top: TOP,
});

export interface AnalyticsData {
  report: AnalyticsReport;
  leads: LeadSourceRow[];
  articles: ArticleRow[];
}

/** Every table of the page, by its key. */
export function analyticsTables({ report, leads, articles }: AnalyticsData): Record<TableKey, AnalyticsTable> {
  const { totals, funnel } = report;
  const leadsTotal = report.conversions.reduce((sum, row) => sum + row.conversions.lead, 0);
  return {
    daily: {
      title: 'Page views and visitors per day',
      columns: ['Day', 'Views', 'Visitors'],
      rows: [...report.daily].reverse().map((day) => [{ day: day.day }, day.views, day.visitors]),
    },
    funnel: {
      title: 'Funnel',
      columns: ['Step', 'Visitors', 'Of the step before', 'Of all'],
      rows: [
        ['Landed on the site', funnel.landing, '–', share(funnel.landing, funnel.landing)],
        [
          'Saw the contact page',
          funnel.contact,
          share(funnel.contact, funnel.landing),
          share(funnel.contact, funnel.landing),
        ],
        ['Sent a lead', funnel.lead, share(funnel.lead, funnel.contact), share(funnel.lead, funnel.landing)],
      ],
    },
    conversions: {
      title: 'Conversions by source',
      columns: ['Source', 'Channel', 'Visitors', 'Leads', 'Lead rate', 'Sign-ups', 'Confirmed', 'Calls', 'E-mails'],
      rows: report.conversions.map((row) => [
        row.source,
        row.group,
        row.visitors,
        row.conversions.lead,
        share(row.conversions.lead, row.visitors),
        row.conversions.signup,
        row.conversions.confirmed,
        row.conversions.call,
        row.conversions.email,
      ]),
    },
    pages: {
      title: 'Top pages',
      columns: ['Page', 'Path', 'Page views', 'Share'],
      rows: report.pages.map((row) => [
        pageTitle(row.label) ?? row.label,
        row.label,
        row.count,
        share(row.count, totals.views),
      ]),
      top: TOP,
    },
    referrers: {
      title: 'Top referrers',
      columns: ['Referring site', 'Channel', 'Page views', 'Share'],
      rows: report.referrers.map((row) => [row.label, row.group, row.count, share(row.count, totals.views)]),
      top: TOP,
    },
    campaigns: top('Campaigns', 'utm_campaign', report.campaigns, totals.views),
    sources: top('Sources', 'utm_source', report.sources, totals.views),
    languages: top(
      'Languages',
      'Language',
      report.languages.map((row) => ({ ...row, label: languageLabels[row.label as 'en'] ?? row.label })),
      totals.views,
    ),
    services: top(
      'Leads by service',
      'Service',
      report.services.map((row) => ({ ...row, label: serviceLabel(row.label) })),
      leadsTotal,
      'Leads',
    ),
    articles: {
      title: 'Articles',
      columns: [
        'Article',
        'Page views',
        ...locales.map((locale) => `${languageLabels[locale]} views`),
        'Top sources',
        'Leads that landed on it',
      ],
      rows: articles.map((article) => [
        article.title,
        article.views,
        ...locales.map((locale) => (article.paths[locale] ? article.languages[locale] : '–')),
        article.sources.map((source) => `${source.label} ${source.count}`).join(', ') || '–',
        article.leads,
      ]),
    },
    leads: {
      title: 'Leads and won leads by source and campaign',
      columns: ['Source', 'Campaign', 'They said they heard of us', 'Leads', 'Won', 'Won rate'],
      rows: leads.map((row) => [
        row.source || analyticsCopy.unknown,
        row.campaign || '–',
        heardLabel(row.heard),
        row.leads,
        row.won,
        share(row.won, row.leads),
      ]),
    },
  };
}
