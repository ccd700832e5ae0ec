import type { RequestHandler } from 'express';

/**
 * One URL per page: "/services/" answers with a permanent redirect to
 * "/services". The target is always a path on this site: leading slashes and
 * backslashes collapse to one slash, since "//evil.com" (and "/\evil.com",
 * which browsers read the same way) would send the visitor to another host.
 * The query is the URL's own, from its "?": an absolute-form request target
 * ("GET http://evil.com/services/ HTTP/1.1") names a host before the path, so
 * nothing is cut from the URL by the path's length.
 */
export const canonicalPath: RequestHandler = (req, res, next) => {
  if (req.path.length > 1 && req.path.endsWith('/')) {
    const at = req.originalUrl.indexOf('?');
    const query = at === -1 ? '' : req.originalUrl.slice(at);
    const target = `/${req.path.replace(/^[/\\]+/, '').replace(/\/+$/, '')}`;
    res.redirect(301, target + query);
    return;
  }
  next();
};
