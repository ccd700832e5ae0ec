/** What Express keeps of a route or a mounted router (router's Layer); the fields read here are its public shape. */
interface Layer {
  rawPath?: string | RegExp | (string | RegExp)[];
  slash?: boolean;
  route?: { path: string | RegExp | (string | RegExp)[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

const asList = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

/**
 * The path patterns a router may answer a GET at ("/staff/leads/:id", "/static/{*rest}"): its routes, the
 * paths middleware is mounted at, and its routers' in turn, with their mount paths. What the early
 * not-found answer must leave to the app (decision 054). Middleware mounted on every path is not listed:
 * whatever it answers by path alone must be named beside this (the app's files, a trailing slash).
 */
function routesAnsweringGet(router: { stack: readonly unknown[] }, mountedAt = ''): string[] {
  return (router.stack as Layer[]).flatMap((layer) => {
    if (layer.route) {
      const { methods } = layer.route;
      if (!methods.get && !methods._all) return [];
      return asList(layer.route.path).map((path) => `${mountedAt}${String(path)}`);
    }
    const mounts = layer.slash || layer.rawPath === undefined ? [] : asList(layer.rawPath).map(String);
    const nested = layer.handle.stack && { stack: layer.handle.stack };
    if (nested)
      return (mounts.length ? mounts : ['']).flatMap((mount) => routesAnsweringGet(nested, mountedAt + mount));
    return mounts.flatMap((mount) => [`${mountedAt}${mount}`, `${mountedAt}${mount}/{*rest}`]);
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
 * name, less the `exempt` ones: empty when a list of paths covers the router.
 */
export function unnamedRoutes(
  router: { stack: readonly unknown[] },
  named: (path: string) => boolean,
  exempt: ReadonlySet<string>,
): string[] {
  return routesAnsweringGet(router).filter((pattern) => !exempt.has(pattern) && !named(pathOf(pattern)));
}
