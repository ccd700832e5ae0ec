import type { RequestHandler } from 'express';

/**
 * One URL per page: "/services/" answers with a permanent redirect to
 * "/services". The target is always a path on this site: leading slashes and
 * backslashes collapse to one slash, since "//evil.com" (and "/\evil.com",
 * which browsers read the same way) would send the visitor to another host.
 */
export const canonicalPath: RequestHandler = (req, res, next) => {
  if (req.path.length > 1 && req.path.endsWith('/')) {
    const query = req.originalUrl.slice(req.path.length);
    const target = `/${req.path.replace(/^[/\\]+/, '').replace(/\/+$/, '')}`;
    res.redirect(301, target + query);
    return;
  }
  next();
};
