import type { Request } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { ConsoleSection } from '../console/console';
import type { ConsoleAssets } from '../console/kit/ConsoleDocument';
import { consoleUser, sendPage } from '../console/page';
import { ROLES } from '../console/roles';
import type { Database } from '../db';
import { articleReport } from './articleReport';
import { addDays, dayOf } from './days';
import type { ReportFilter } from './report';
import { analyticsReport, leadsBySource } from './report';
import { analyticsTables, isTableKey, TABLE_KEYS, tableCsv } from './tables';
import type { periodLabels } from './texts';
import { analyticsNav } from './texts';
import { AnalyticsPage } from './views/AnalyticsPage';

type Period = keyof typeof periodLabels;

/**
 * The page's filter from its query: what it does not know means the default (28 days, all). The period ends
 * with the lab's today (decision 078).
 */
export function reportFilter(query: Request['query'], now: Date): { filter: ReportFilter; days: Period } {
  const days: Period = query.days === '7' || query.days === '90' ? query.days : '28';
  const locale = query.language === 'en' || query.language === 'es' ? query.language : '';
  const device = query.device === 'mobile' || query.device === 'desktop' ? query.device : '';
  const to = dayOf(now);
  const from = addDays(to, 1 - Number(days));
  return { filter: { from, to, locale, device }, days };
}

const filterQuery = ({ locale, device }: ReportFilter, days: Period) => {
  const params = new URLSearchParams({ days });
  if (locale) params.set('language', locale);
  if (device) params.set('device', device);
  return `?${params.toString()}`;
};

/** What the page and its CSVs read for a filter: the counts, the leads report and the articles' table. */
async function analyticsData(db: Database, filter: ReportFilter) {
  const [report, leads, articles] = await Promise.all([
    analyticsReport(db, filter),
    leadsBySource(db, filter.from, filter.to),
    articleReport(db, filter),
  ]);
  return { report, tables: analyticsTables({ report, leads, articles }) };
}

/** The analytics page and a CSV of each of its tables: reading only, so no form posts here. */
function analyticsRoutes({ db, assets }: { db: Database; assets: () => ConsoleAssets }): Router {
  const router = Router();
  router.get('/staff/analytics', async (req, res) => {
    const { filter, days } = reportFilter(req.query, new Date());
    const { report, tables } = await analyticsData(db, filter);
    sendPage(
      res,
      200,
      createElement(AnalyticsPage, {
        assets: assets(),
        user: consoleUser(res),
        filter,
        days,
        totals: { ...report.totals, leads: report.funnel.lead },
        daily: report.daily,
        tables,
        query: filterQuery(filter, days),
      }),
    );
  });
  router.get('/staff/analytics.csv', async (req, res) => {
    const key = req.query.table;
    const { filter, days } = reportFilter(req.query, new Date());
    // The one export of before, bookmarked or linked: the page's list of each table's CSV.
    if (key === undefined) {
      res.redirect(303, `/staff/analytics${filterQuery(filter, days)}#downloads`);
      return;
    }
    if (!isTableKey(key)) {
      res
        .status(404)
        .type('text/plain')
        .send(`No such table: ask for one of ${TABLE_KEYS.join(', ')} (?table=).`);
      return;
    }
    const { tables } = await analyticsData(db, filter);
    res
      .attachment(`analytics-${key}-${filter.from}-to-${filter.to}.csv`)
      .type('text/csv; charset=utf-8')
      .send(tableCsv(tables[key]));
  });
  return router;
}

/** The console's analytics section. */
export const analyticsSection = (db: Database): ConsoleSection => ({
  nav: analyticsNav,
  roles: ROLES, // counts only, no person's data
  routes: ({ assets }) => analyticsRoutes({ db, assets }),
});
