import type { Request } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { ConsoleSection } from '../console/console';
import type { ConsoleAssets } from '../console/kit/ConsoleDocument';
import { consoleUser, sendPage } from '../console/page';
import { ROLES } from '../console/roles';
import type { Database } from '../db';
import type { CsvColumns } from '../lib/csv';
import { toCsv } from '../lib/csv';
import type { AnalyticsReport, ReportFilter } from './report';
import { analyticsReport, leadsBySource } from './report';
import type { periodLabels } from './texts';
import { analyticsNav } from './texts';
import { AnalyticsPage } from './views/AnalyticsPage';

const DAY_MS = 86_400_000;
type Period = keyof typeof periodLabels;

/** The page's filter from its query: what it does not know means the default (28 days, all). */
function reportFilter(query: Request['query'], now: Date): { filter: ReportFilter; days: Period } {
  const days: Period = query.days === '7' || query.days === '90' ? query.days : '28';
  const locale = query.language === 'en' || query.language === 'es' ? query.language : '';
  const device = query.device === 'mobile' || query.device === 'desktop' ? query.device : '';
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (Number(days) - 1) * DAY_MS).toISOString().slice(0, 10);
  return { filter: { from, to, locale, device }, days };
}

const filterQuery = ({ locale, device }: ReportFilter, days: Period) => {
  const params = new URLSearchParams({ days });
  if (locale) params.set('language', locale);
  if (device) params.set('device', device);
  return `?${params.toString()}`;
};

/** One aggregate of the export: what is counted, under which value, how many. */
interface CountRow {
  table: string;
  label: string;
  count: number;
}
const csvColumns: CsvColumns<CountRow> = [
  ['table', 'table'],
  ['label', 'value'],
  ['count', 'count'],
];

/** Every aggregate of the page, as rows: the daily counts, the top lists whole, conversions by source, the funnel. */
function countRows(report: AnalyticsReport): CountRow[] {
  const rows: CountRow[] = [];
  for (const day of report.daily) {
    rows.push({ table: 'views per day', label: day.day, count: day.views });
    rows.push({ table: 'visitors per day', label: day.day, count: day.visitors });
  }
  const lists = {
    'views by page': report.pages,
    'views by referrer': report.referrers,
    'views by utm_source': report.sources,
    'views by utm_medium': report.mediums,
    'views by utm_campaign': report.campaigns,
    'views by language': report.languages,
    'leads by service': report.services,
  };
  for (const [table, list] of Object.entries(lists))
    for (const { label, count } of list) rows.push({ table, label, count });
  for (const [group, count] of Object.entries(report.groups))
    rows.push({ table: 'views by referrer group', label: group, count });
  for (const row of report.conversions) {
    rows.push({ table: 'visitors by source', label: row.source, count: row.visitors });
    for (const [kind, count] of Object.entries(row.conversions))
      rows.push({ table: `${kind} conversions by source`, label: row.source, count });
  }
  for (const [step, count] of Object.entries(report.funnel)) rows.push({ table: 'funnel', label: step, count });
  return rows;
}

/** The analytics page and its CSV export: reading only, so no form posts here. */
function analyticsRoutes({ db, assets }: { db: Database; assets: () => ConsoleAssets }): Router {
  const router = Router();
  router.get('/staff/analytics', async (req, res) => {
    const { filter, days } = reportFilter(req.query, new Date());
    const [report, leads] = await Promise.all([analyticsReport(db, filter), leadsBySource(db, filter.from, filter.to)]);
    sendPage(
      res,
      200,
      createElement(AnalyticsPage, {
        assets: assets(),
        user: consoleUser(res),
        filter,
        days,
        report,
        leads,
        query: filterQuery(filter, days),
      }),
    );
  });
  router.get('/staff/analytics.csv', async (req, res) => {
    const { filter } = reportFilter(req.query, new Date());
    const rows = countRows(await analyticsReport(db, filter));
    for (const row of await leadsBySource(db, filter.from, filter.to)) {
      const label = `${row.source || '(not recorded)'} / ${row.campaign || '(none)'} / ${row.heard || '(no answer)'}`;
      rows.push({ table: 'leads by source and campaign', label, count: row.leads });
      rows.push({ table: 'won leads by source and campaign', label, count: row.won });
    }
    res
      .attachment(`analytics-${filter.from}-to-${filter.to}.csv`)
      .type('text/csv; charset=utf-8')
      .send(toCsv(csvColumns, rows));
  });
  return router;
}

/** The console's analytics section. */
export const analyticsSection = (db: Database): ConsoleSection => ({
  nav: analyticsNav,
  roles: ROLES, // counts only, no person's data
  routes: ({ assets }) => analyticsRoutes({ db, assets }),
});
