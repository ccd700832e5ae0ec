import { Router } from 'express';
import { createElement } from 'react';

import type { ConsoleSection } from '../console/console';
import type { ConsoleAssets } from '../console/kit/ConsoleDocument';
import { consoleUser, sendPage } from '../console/page';
import { ROLES } from '../console/roles';
import type { Database } from '../db';
import { speedNav } from './consoleTexts';
import type { DeviceFilter } from './fieldSpeed';
import { createFieldSpeed } from './fieldSpeed';
import { METRICS } from './metrics';
import { SpeedPage } from './views/SpeedPage';

/** Field speed: p75 per page and metric, and the daily trend of one metric as a chart. */
function speedRoutes({ db, assets }: { db: Database; assets: () => ConsoleAssets }): Router {
  const speed = createFieldSpeed(db);
  const router = Router();
  router.get('/staff/speed', async (req, res) => {
    const now = new Date();
    const device: DeviceFilter =
      req.query.device === 'mobile' || req.query.device === 'desktop' ? req.query.device : '';
    const summary = await speed.summary(device, now);
    // The pages with samples in the last 28 days, on the chosen devices.
    const routes = [...new Set(summary.map((row) => row.route))];
    const metric = METRICS.find((name) => name === req.query.metric) ?? 'LCP';
    const route = routes.find((path) => path === req.query.route) ?? '';
    sendPage(
      res,
      200,
      createElement(SpeedPage, {
        assets: assets(),
        user: consoleUser(res),
        device,
        metric,
        route,
        routes,
        summary,
        trend: await speed.trend(metric, route, device, now),
        lastDay: now.toISOString().slice(0, 10),
      }),
    );
  });
  return router;
}

/** The console's field-speed section. */
export const speedSection = (db: Database): ConsoleSection => ({
  nav: speedNav,
  roles: ROLES, // timings per page, no person's data
  routes: ({ assets }) => speedRoutes({ db, assets }),
});
