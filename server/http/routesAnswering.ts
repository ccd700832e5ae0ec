import type { RouterStack } from './internals/expressRouter';
import { routerEntries } from './internals/expressRouter';

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
export function appRoutes(router: RouterStack, mountedAt = ''): AppRoute[] {
  return routerEntries(router).flatMap((entry): AppRoute[] => {
    if (entry.kind === 'route')
      return entry.paths.map((path) => ({ pattern: `${mountedAt}${path}`, methods: entry.methods }));
    const { paths, router: nested } = entry;
    if (nested) return (paths.length ? paths : ['']).flatMap((mount) => appRoutes(nested, mountedAt + mount));
    return paths.flatMap((mount) => [
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
  router: RouterStack,
  named: (path: string) => boolean,
  exempt: ReadonlySet<string>,
): string[] {
  return appRoutes(router)
    .filter(({ methods }) => methods.includes('get') || methods.includes('all'))
    .map(({ pattern }) => pattern)
    .filter((pattern) => !exempt.has(pattern) && !named(pathOf(pattern)));
}
