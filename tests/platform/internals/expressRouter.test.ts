import express from 'express';
import { describe, expect, it } from 'vitest';

import { routerEntries } from '../../../server/http/internals/expressRouter';

// Canary for server/http/internals/expressRouter.ts: the fields of Express's router Layers it reads, as
// Express 5.3.0 (router 2.3.0) keeps them. A failure here means an upgrade changed them: the start-up check
// of the early not-found answer (decision 054) would no longer see every route.

/** A Layer as the router keeps it, the fields read. */
interface Layer {
  rawPath?: unknown;
  slash?: boolean;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle: { stack?: unknown[] };
}

const pass: express.RequestHandler = (_req, _res, next) => next();

function app() {
  const site = express();
  site.use(pass);
  site.get('/healthz', pass);
  const any = express.Router();
  any.all('/any/{*rest}', pass);
  site.all('/every', pass);
  site.use(any);
  site.use('/static', pass);
  site.use(['/a', '/b'], pass);
  const nested = express.Router();
  nested.post('/form', pass);
  site.use('/docs', nested);
  site.use(express.Router());
  return site;
}

describe('Express router layers', () => {
  const stack = app().router.stack as unknown as Layer[];

  it("keep a route with its path and its methods: a router's all() as `_all`, an app's as every method", () => {
    expect(stack[1]!.route).toMatchObject({ path: '/healthz', methods: { get: true } });
    const any = (stack[3]!.handle.stack as Layer[])[0]!.route!;
    expect(any).toMatchObject({ path: '/any/{*rest}', methods: { _all: true } });
    expect(Object.keys(any.methods)).toEqual(['_all']);
    expect(stack[2]!.route).toMatchObject({ path: '/every', methods: { get: true, post: true, delete: true } });
  });

  it('keep what use() mounts at its path or paths as given, and mark a use() without one as slash', () => {
    expect(stack[0]).toMatchObject({ slash: true, route: undefined });
    expect(stack[4]).toMatchObject({ rawPath: '/static', slash: false, route: undefined });
    expect(stack[5]!.rawPath).toEqual(['/a', '/b']);
  });

  it('keep a mounted router as the handle, with its own stack', () => {
    const docs = stack[6]!;
    expect(docs.rawPath).toBe('/docs');
    expect((docs.handle.stack as Layer[])[0]!.route).toMatchObject({ path: '/form', methods: { post: true } });
    expect(stack[7]).toMatchObject({ slash: true });
    expect(Array.isArray(stack[7]!.handle.stack)).toBe(true);
    expect(stack[4]!.handle.stack).toBeUndefined();
  });
});

describe('routerEntries', () => {
  it('reads each entry of a router in its order', () => {
    expect(routerEntries(app().router)).toEqual([
      { kind: 'mounted', paths: [], router: undefined },
      { kind: 'route', paths: ['/healthz'], methods: ['get'] },
      { kind: 'route', paths: ['/every'], methods: expect.arrayContaining(['get', 'post']) },
      { kind: 'mounted', paths: [], router: { stack: [expect.anything()] } },
      { kind: 'mounted', paths: ['/static'], router: undefined },
      { kind: 'mounted', paths: ['/a', '/b'], router: undefined },
      { kind: 'mounted', paths: ['/docs'], router: { stack: expect.any(Array) } },
      { kind: 'mounted', paths: [], router: { stack: [] } },
    ]);
  });
});
