import { Router } from 'express';

import type { Database } from '../db';

/** /healthz: the process answers. /readyz: it can also reach its database. */
export function healthRoutes(db: Database): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const ready = await db.ready();
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'unavailable', database: ready ? 'ok' : 'unreachable' });
  });
  return router;
}
