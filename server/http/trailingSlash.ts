import type { RequestHandler } from 'express';

import { findPage } from '../../shared/routes';

/**
 * The page a percent-encoded path spells ("/%73ervices" is "/services"), decoded segment by segment as the
 * routers read it, so an encoded slash ("%2F") stays inside its segment and spells no page; undefined for
 * a path that is no page once decoded, or is malformed.
 */
function pageSpelledBy(path: string): string | undefined {
  try {
    const segments = path.split('/').map(decodeURIComponent);
    if (segments.some((segment) => segment.includes('/'))) return undefined;
    const decoded = segments.join('/');
    return findPage(decoded) ? decoded : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One URL per page: "/services/" and "/%73ervices" answer with a permanent
 * redirect to "/services", so a page is rendered, kept and indexed under its
 * own path alone. The target is always a path on this site: leading slashes
 * and backslashes collapse to one slash, since "//evil.com" (and "/\evil.com",
 * which browsers read the same way) would send the visitor to another host.
 * The query is the URL's own, from its "?": an absolute-form request target
 * ("GET http://evil.com/services/ HTTP/1.1") names a host before the path, so
 * nothing is cut from the URL by the path's length (decision 064).
 */
export const canonicalPath: RequestHandler = (req, res, next) => {
  const slashed = req.path.length > 1 && req.path.endsWith('/');
  let target = slashed ? `/${req.path.replace(/^[/\\]+/, '').replace(/\/+$/, '')}` : req.path;
  if (target.includes('%')) target = pageSpelledBy(target) ?? target;
  if (target === req.path) {
    next();
    return;
  }
  const at = req.originalUrl.indexOf('?');
  res.redirect(301, target + (at === -1 ? '' : req.originalUrl.slice(at)));
};
