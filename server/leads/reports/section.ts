/**
 * The console's reports (decision 080): the funnel and its monthly value by a grouping, and speed to lead; any
 * period, each table as a CSV (the funnel as JSON too). Figures only, no person's data but the owners' names.
 */
import type { Request, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import { tableCsv } from '../../analytics/tables';
import type { ConsoleSection } from '../../console/console';
import type { ConsoleSectionTools } from '../../console/console';
import { consoleUser, sendPage } from '../../console/page';
import type { Database } from '../../db';
import type { Grouping } from './funnel';
import { funnelReport, isGrouping } from './funnel';
import type { Period } from './period';
import { periodOf, periodParams } from './period';
import { speedReport } from './speedReport';
import { funnelTable, speedTable } from './tables';
import type { SpeedGrouping } from './texts';
import { isSpeedGrouping, reportsNav } from './texts';
import { ReportsPage } from './views/ReportsPage';
import { SpeedPage } from './views/SpeedPage';

const groupingOf = (req: Request): Grouping => (isGrouping(req.query.by) ? req.query.by : 'campaign');

/** The period and grouping as a query string, for the exports. */
const queryOf = (period: Period, by: string) => {
  const params = periodParams(period);
  params.set('by', by);
  return `?${params.toString()}`;
};

const sendCsv = (res: Response, name: string, csv: string) =>
  res.attachment(name).type('text/csv; charset=utf-8').send(csv);

function reportRoutes(db: Database, { assets, staffNames }: ConsoleSectionTools): Router {
  const router = Router();

  router.get('/staff/reports', async (req, res) => {
    const period = periodOf(req.query, new Date());
    const by = groupingOf(req);
    const rows = await funnelReport(db, period, by);
    const page = { assets: assets(), user: consoleUser(res), period, by, rows, table: funnelTable(rows, by) };
    sendPage(res, 200, createElement(ReportsPage, { ...page, query: queryOf(period, by) }));
  });
  router.get(['/staff/reports.csv', '/staff/reports.json'], async (req, res) => {
    const period = periodOf(req.query, new Date());
    const by = groupingOf(req);
    const rows = await funnelReport(db, period, by);
    const name = `lead-report-${by}-${period.from}-to-${period.to}`;
    if (req.path.endsWith('.csv')) {
      sendCsv(res, `${name}.csv`, tableCsv(funnelTable(rows, by)));
      return;
    }
    const body = { ...period, by, rows };
    res
      .attachment(`${name}.json`)
      .type('application/json; charset=utf-8')
      .send(`${JSON.stringify(body, null, 2)}\n`);
  });

  const speedTables = async (period: Period) => {
    const [report, nameOf] = [await speedReport(db, period), await staffNames()];
    const tables = {
      week: speedTable(report.byWeek, 'week', nameOf),
      office: speedTable(report.byOffice, 'office', nameOf),
      owner: speedTable(report.byOwner, 'owner', nameOf),
    } satisfies Record<SpeedGrouping, unknown>;
    return { report, tables };
  };
  router.get('/staff/reports/speed', async (req, res) => {
    const period = periodOf(req.query, new Date());
    const { report, tables } = await speedTables(period);
    const page = { assets: assets(), user: consoleUser(res), period, report, tables };
    sendPage(res, 200, createElement(SpeedPage, { ...page, query: `?${periodParams(period).toString()}` }));
  });
  router.get('/staff/reports/speed.csv', async (req, res) => {
    const period = periodOf(req.query, new Date());
    const by: SpeedGrouping = isSpeedGrouping(req.query.by) ? req.query.by : 'week';
    const { tables } = await speedTables(period);
    sendCsv(res, `speed-to-lead-by-${by}-${period.from}-to-${period.to}.csv`, tableCsv(tables[by]));
  });
  return router;
}

/** The console's reports section: for those who may read leads. */
export const reportSection = (db: Database): ConsoleSection => ({
  nav: reportsNav,
  roles: ['owner', 'sales'],
  routes: (tools) => reportRoutes(db, tools),
});
