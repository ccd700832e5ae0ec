import type { RequestListener } from 'node:http';
import http from 'node:http';

/**
 * Time-outs for a public server: a client gets seconds, not Node's five
 * minutes, to send its headers and its whole request, so slow senders cannot
 * hold connections open. Idle keep-alive connections stay open longer than
 * the proxy's (Caddy keeps them 60 s, see Caddyfile): the proxy always closes
 * first, and never reuses a connection the site has just closed.
 */
export const HTTP_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 15_000,
  keepAliveTimeout: 65_000,
  /** How often Node checks the two above: each fires within a second of its time. */
  connectionsCheckingInterval: 1_000,
} as const;

export function createHttpServer(app: RequestListener): http.Server {
  const { keepAliveTimeout, ...options } = HTTP_TIMEOUTS;
  const server = http.createServer(options, app);
  server.keepAliveTimeout = keepAliveTimeout;
  return server;
}
