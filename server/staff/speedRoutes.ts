import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../db';
import type { DeviceFilter, MetricName } from './fieldSpeed';
import { createFieldSpeed, METRICS } from './fieldSpeed';
import { consoleUser, sendPage } from './page';
import type { ConsoleAssets } from './views/ConsoleDocument';
import { SpeedPage } from './views/SpeedPage';

/** Field speed: p75 per page and metric, and the daily trend of one metric as a chart. */
export function speedRoutes({ db, assets }: { db: Database; assets: () => ConsoleAssets }): Router {
  const speed = createFieldSpeed(db);
  const router = Router();
  router.get('/staff/speed', async (req, res) => {
    const now = new Date();
    const routes = await speed.routes(now);
    const metric = METRICS.find((name) => name === req.query.metric) ?? 'LCP';
    const device: DeviceFilter =
      req.query.device === 'mobile' || req.query.device === 'desktop' ? req.query.device : '';
    const route = routes.find((path) => path === req.query.route) ?? '';
    sendPage(
      res,
      200,
      createElement(SpeedPage, {
        assets: assets(),
        user: consoleUser(res),
        device,
        metric: metric satisfies MetricName,
        route,
        routes,
        summary: await speed.summary(device, now),
        trend: await speed.trend(metric, route, device, now),
        lastDay: now.toISOString().slice(0, 10),
      }),
    );
  });
  return router;
}
