import type { RouteObject } from 'react-router';
import { matchRoutes } from 'react-router';

import { matchPage } from '../../../shared/pageShell';
import type { RouteHandle, SitePage } from '../../../shared/routes';
import { localizedRoutes, pageOf } from '../../../shared/routes';
import { matchablePath } from '../matchablePath';

/**
 * "/" or a path of plain segments: none empty, none beginning with a dot (so no dot segment), nothing
 * percent-encoded, no trailing slash. Every reader reads such a path as it is written: the URL parser,
 * Express's routers and React Router. The early answer keys only these (early.ts), and only an unknown
 * one's not-found page is kept by its shape (decision 054); React Router ranks any other path itself.
 */
export const PLAIN_PATH = /^\/$|^(?:\/[\w~-][\w.~-]*)+$/;

const open = (path: string) => /[:*]/.test(path);
const table = localizedRoutes();
/** The routes an unknown path can match: those with a parameter ("/blog/:slug") and the splats. */
const openRoutes: RouteObject[] = table
  .filter(({ path }) => open(path))
  .map(({ path, handle }) => ({ id: path, path, handle }));
/** The plain routes' paths, lower-cased: a path may match one only by being it, up to case and encoding. */
const plainPaths = new Set(table.filter(({ path }) => !open(path)).map(({ path }) => path.toLowerCase()));

/** The open routes' fixed segments ("blog", "es"), lower-cased, and how many segments the longest has. */
const fixedSegments = new Set(
  openRoutes.flatMap(({ path }) => path!.split('/').filter((segment) => segment && !open(segment))),
);
const deepest = Math.max(...openRoutes.map(({ path }) => path!.split('/').length - 1));
/** A segment no page or slug has, to stand for any other. */
const ANY = '~';

/**
 * What a plain path matches depends only on where the fixed segments stand in it ("/es/x/y" is a splat
 * under "/es", "/blog/x" an unknown article): the path with every other segment replaced by one that is
 * no page's, and cut after one segment more than the longest route has; null for a path written otherwise.
 * The shapes are few, so their pages are kept.
 */
function shapeOf(pathname: string): string | null {
  const segments = pathname.slice(1).split('/');
  const shape: string[] = [];
  for (const segment of segments.slice(0, deepest)) {
    if (fixedSegments.has(segment)) shape.push(segment);
    // "/ES/x" is Spanish to React Router but English to the language of a path: left to React Router.
    else if (fixedSegments.has(segment.toLowerCase())) return null;
    else shape.push(ANY);
  }
  if (segments.length > deepest) shape.push(ANY);
  return `/${shape.join('/')}`;
}
const byShape = new Map<string, SitePage>();

/** The page React Router matches for a path that is no page of the table, ranking the open routes alone. */
function openRouteMatch(pathname: string): SitePage {
  const match = (matchRoutes(openRoutes, pathname) ?? []).at(-1);
  return match ? pageOf(match.route.handle as RouteHandle, match.pathname) : matchPage(pathname).page;
}

/**
 * The page matchPage answers a path with when it is no page of the table (findPage found none), for a
 * fraction of its cost: React Router flattens and ranks the whole route tree on every match, which was
 * half of an unknown path's answer. A plain route matches only its own path (React Router ignores case,
 * a trailing slash and percent-encoding): a path that could be one goes to matchPage itself; any other
 * can only match a route with a parameter or a splat, so React Router ranks those few alone, with the
 * same answer, and a plain path's not-found page is kept by its shape, so a flood of made-up paths costs
 * a lookup each (decision 054). A test compares all this with matchPage over many paths. A path with an
 * encoded line break, which matchPage cannot match, is answered as its matchablePath.
 */
export function unknownPathPage(path: string): SitePage {
  const pathname = matchablePath(path);
  let plain: string;
  try {
    plain = decodeURIComponent(pathname).toLowerCase().replace(/\/+$/, '') || '/';
  } catch {
    return matchPage(pathname).page;
  }
  if (plainPaths.has(plain)) return matchPage(pathname).page;
  const shape = PLAIN_PATH.test(pathname) ? shapeOf(pathname) : null;
  if (shape === null) return openRouteMatch(pathname);
  let page = byShape.get(shape);
  if (!page) {
    page = openRouteMatch(shape);
    // Only a not-found page is the same for every path of its shape.
    if (page.status !== 404) return openRouteMatch(pathname);
    byShape.set(shape, page);
  }
  return page;
}
