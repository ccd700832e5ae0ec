import { randomUUID } from 'node:crypto';

import type { RequestHandler } from 'express';

import type { AppConfig } from '../config';
import { inRequest } from './logger';

/** What a proxy's id may look like to be kept: short, and nothing a log reader or a page could misread. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,99}$/;

/**
 * Gives every request an id, sent back as `X-Request-Id` and carried by every log line written while it is
 * handled (and shown on the 500 page, for a visitor to quote). The proxy's own `X-Request-Id` is kept when
 * the proxy is trusted (TRUST_PROXY) and the value is a short safe token, so both logs share it; anything
 * else a client sends is ignored and a fresh UUID is made.
 */
export function requestId(trustProxy: AppConfig['trustProxy']): RequestHandler {
  return (req, res, next) => {
    const given = trustProxy === false ? undefined : req.get('x-request-id');
    const id = given !== undefined && SAFE_ID.test(given) ? given : randomUUID();
    res.locals.requestId = id;
    res.set('X-Request-Id', id);
    inRequest(id, next);
  };
}
