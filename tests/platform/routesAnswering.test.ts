import express from 'express';
import { describe, expect, it } from 'vitest';

import { unnamedRoutes } from '../../server/http/routesAnswering';

describe('unnamedRoutes', () => {
  /** An app with each kind of place a GET can be answered: routes, routers, mounted middleware. */
  function app() {
    const site = express();
    const pass: express.RequestHandler = (_req, _res, next) => next();
    site.use(pass); // on every path: not a route
    site.get('/healthz', pass);
    site.post('/api/form', pass); // no GET
    site.use('/static', pass);
    const api = express.Router();
    api.get('/api/items/:id', pass);
    api.all('/api/any/{*rest}', pass);
    site.use(api);
    const mounted = express.Router();
    mounted.get('/:page', pass);
    site.use('/docs', mounted);
    site.get('/{*splat}', pass);
    return site;
  }

  it('lists every route, mounted router and mounted middleware a GET reaches that the paths do not name', () => {
    const nothing = () => false;
    expect(unnamedRoutes(app().router, nothing, new Set(['/{*splat}']))).toEqual([
      '/healthz',
      '/static',
      '/static/{*rest}',
      '/api/items/:id',
      '/api/any/{*rest}',
      '/docs/:page',
    ]);
  });

  it('tries each route with its parameters filled in, so a prefix names them', () => {
    const named = (path: string) => /^\/(?:healthz|static|api|docs)(?:\/|$)/.test(path);
    expect(unnamedRoutes(app().router, named, new Set(['/{*splat}']))).toEqual([]);
    const noDocs = (path: string) => named(path) && !path.startsWith('/docs');
    expect(unnamedRoutes(app().router, noDocs, new Set(['/{*splat}']))).toEqual(['/docs/:page']);
  });
});
