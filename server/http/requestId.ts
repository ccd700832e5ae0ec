import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import type { AppConfig } from '../config';

/** What a proxy's id may look like to be kept: short, and nothing a log reader or a page could misread. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,99}$/;

/**
 * A request's id, sent back as `X-Request-Id` and carried by every log line written while it is handled
 * (and shown on the 500 page, for a visitor to quote; see requestStart.ts). The proxy's own `X-Request-Id`
 * is kept when the proxy is trusted (TRUST_PROXY) and the value is a short safe token, so both logs share
 * it; anything else a client sends is ignored and a fresh UUID is made.
 */
export function requestIdOf(req: IncomingMessage, trustProxy: AppConfig['trustProxy']): string {
  const given = trustProxy === false ? undefined : req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
