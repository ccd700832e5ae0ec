import type { DatabaseSync } from 'node:sqlite';
import { Router } from 'express';
import { isDatabaseReady } from '../db';

/** /healthz: the process answers. /readyz: it can also reach its database. */
export function healthRoutes(db: DatabaseSync): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    const ready = isDatabaseReady(db);
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'unavailable', database: ready ? 'ok' : 'unreachable' });
  });
  return router;
}
