import type { RouteObject } from 'react-router';
import { matchRoutes } from 'react-router';

import { matchPage } from '../../shared/pageShell';
import type { RouteHandle, SitePage } from '../../shared/routes';
import { localizedRoutes, pageOf } from '../../shared/routes';

const open = (path: string) => /[:*]/.test(path);
const table = localizedRoutes();
/** The routes an unknown path can match: those with a parameter ("/blog/:slug") and the splats. */
const openRoutes: RouteObject[] = table
  .filter(({ path }) => open(path))
  .map(({ path, handle }) => ({ id: path, path, handle }));
/** The plain routes' paths, lower-cased: a path may match one only by being it, up to case and encoding. */
const plainPaths = new Set(table.filter(({ path }) => !open(path)).map(({ path }) => path.toLowerCase()));

/**
 * The page matchPage answers a path with when it is no page of the table (findPage found none), for a
 * fraction of its cost: React Router flattens and ranks the whole route tree on every match, which was
 * half of an unknown path's answer. A plain route matches only its own path (React Router ignores case,
 * a trailing slash and percent-encoding): a path that could be one goes to matchPage itself; any other
 * can only match a route with a parameter or a splat, so React Router ranks those few alone, with the
 * same answer. A test compares the two over many paths.
 */
export function unknownPathPage(pathname: string): SitePage {
  let plain: string;
  try {
    plain = decodeURIComponent(pathname).toLowerCase().replace(/\/+$/, '') || '/';
  } catch {
    return matchPage(pathname).page;
  }
  if (plainPaths.has(plain)) return matchPage(pathname).page;
  const match = (matchRoutes(openRoutes, pathname) ?? []).at(-1);
  return match ? pageOf(match.route.handle as RouteHandle, match.pathname) : matchPage(pathname).page;
}
