import { Router } from 'express';

import type { Database } from '../db';

/**
 * /healthz: the process answers. /readyz: it can also reach its database, and its content is loaded (the
 * pages wait for it until then).
 */
export function healthRoutes(db: Database, contentLoaded: () => boolean): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const database = await db.ready();
    const content = contentLoaded();
    const ready = database && content;
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status: ready ? 'ready' : 'unavailable',
        database: database ? 'ok' : 'unreachable',
        articles: content ? 'loaded' : 'loading',
      });
  });
  return router;
}
