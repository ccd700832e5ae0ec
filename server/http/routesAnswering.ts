/** What Express keeps of a route or a mounted router (router's Layer); the fields read here are its public shape. */
interface Layer {
  rawPath?: string | RegExp | (string | RegExp)[];
  slash?: boolean;
  route?: { path: string | RegExp | (string | RegExp)[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

const asList = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

/** A route of an app: its path pattern and the methods it answers ("all" for any). */
export interface AppRoute {
  pattern: string;
  methods: readonly string[];
}

/**
 * Every place a router may answer ("/staff/leads/:id" for GET, "/static/{*rest}" for any method): its
 * routes, the paths middleware is mounted at, and its routers' in turn, with their mount paths.
 * Middleware mounted on every path is not listed: whatever it answers by path alone must be named beside
 * this (the app's files, a trailing slash).
 */
export function appRoutes(router: { stack: readonly unknown[] }, mountedAt = ''): AppRoute[] {
  return (router.stack as Layer[]).flatMap((layer): AppRoute[] => {
    if (layer.route) {
      const { methods } = layer.route;
      const answered = methods._all ? ['all'] : Object.keys(methods).filter((method) => methods[method]);
      return asList(layer.route.path).map((path) => ({ pattern: `${mountedAt}${String(path)}`, methods: answered }));
    }
    const mounts = layer.slash || layer.rawPath === undefined ? [] : asList(layer.rawPath).map(String);
    const nested = layer.handle.stack && { stack: layer.handle.stack };
    if (nested) return (mounts.length ? mounts : ['']).flatMap((mount) => appRoutes(nested, mountedAt + mount));
    return mounts.flatMap((mount) => [
      { pattern: `${mountedAt}${mount}`, methods: ['all'] },
      { pattern: `${mountedAt}${mount}/{*rest}`, methods: ['all'] },
    ]);
  });
}

/** A path a route pattern answers: each parameter ":id" and wildcard "{*rest}" or "*rest" filled in, optional parts "{…}" kept. */
const pathOf = (pattern: string) =>
  pattern
    .replace(/\{\*\w+\}|\*\w+/g, 'x')
    .replace(/:\w+/g, 'x')
    .replace(/[{}]/g, '');

/**
 * The patterns of a router's routes (and mounted middleware) a GET may reach whose paths `named` does not
 * name, less the `exempt` ones: empty when a list of paths covers the router. What the early not-found
 * answer must leave to the app (decision 054).
 */
export function unnamedRoutes(
  router: { stack: readonly unknown[] },
  named: (path: string) => boolean,
  exempt: ReadonlySet<string>,
): string[] {
  return appRoutes(router)
    .filter(({ methods }) => methods.includes('get') || methods.includes('all'))
    .map(({ pattern }) => pattern)
    .filter((pattern) => !exempt.has(pattern) && !named(pathOf(pattern)));
}
