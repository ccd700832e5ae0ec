// Express 5.3.0 (router 2.3.0): what a router keeps of each `use` and route, read from its `stack` of Layers.
// None of it is documented. router 2.3's listRoutes() is, but it leaves out middleware mounted at a path
// (`app.use('/static', files)`), which the early not-found answer must see (decision 054).
// tests/platform/internals/expressRouter.test.ts fails when these fields change.

/** A Layer's fields read here: its path as given to `use` or `route`, its route, and a mounted router's stack. */
interface Layer {
  /** The path or paths as given, arrays flattened; "/" for `use` without one. */
  rawPath?: string | RegExp | (string | RegExp)[];
  /** True for a `use` without a path: middleware on every path. */
  slash?: boolean;
  /** A route's methods: a router's all() marks `_all`, an app's all() marks every method. */
  route?: { path: string | RegExp | (string | RegExp)[]; methods: Record<string, boolean> };
  /** The middleware itself; a mounted router (or app) has its own stack. */
  handle: { stack?: Layer[] };
}

/** A router, an app's (`app.router`) or a mounted one: what a walk needs of it. */
export interface RouterStack {
  stack: readonly unknown[];
}

/** One entry of a router, in its order: a route, or middleware mounted at some paths (none: every path). */
export type RouterEntry =
  | { kind: 'route'; paths: string[]; methods: string[] }
  | { kind: 'mounted'; paths: string[]; router: RouterStack | undefined };

const asList = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

/**
 * A router's entries: each route with its paths and methods ("all" for a router's `all`), and each `use`
 * with the paths it is mounted at (none for every path) and, for a router or an app, that router.
 */
export function routerEntries(router: RouterStack): RouterEntry[] {
  return (router.stack as Layer[]).map((layer): RouterEntry => {
    if (layer.route) {
      const { methods } = layer.route;
      return {
        kind: 'route',
        paths: asList(layer.route.path).map(String),
        methods: methods._all ? ['all'] : Object.keys(methods).filter((method) => methods[method]),
      };
    }
    const paths = layer.slash || layer.rawPath === undefined ? [] : asList(layer.rawPath).map(String);
    return { kind: 'mounted', paths, router: layer.handle.stack && { stack: layer.handle.stack } };
  });
}
