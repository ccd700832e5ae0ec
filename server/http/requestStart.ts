import type { IncomingMessage, ServerResponse } from 'node:http';

import type { RequestHandler } from 'express';

import type { AppConfig } from '../config';
import type { Logger } from './logger';
import { inRequest } from './logger';
import type { Metrics } from './metrics';
import { answerCounter } from './metrics';
import { requestIdOf } from './requestId';

/** What every request gets first, whoever answers it: the app, or the kept pages before it (server/pages/cache/early.ts). */
export interface RequestStart {
  /**
   * Sends an answer written in one call (a kept page's): `send` writes it with the request's id as
   * `X-Request-Id` and returns the bytes of its body. Its log line and count follow at once, with no
   * listener on the response (decision 056): its time is the time to hand the answer to the socket.
   */
  sendNow(req: IncomingMessage, res: ServerResponse, send: (requestId: string) => number | undefined): void;
  /**
   * The app's first middleware: gives the request its id and sends it, runs the rest with the id in the
   * logger's context, and once the answer is sent writes its log line and counts it.
   */
  handler: RequestHandler;
}

/**
 * A URL's path: all before its query. requestStart reads it when the request arrives: the routers below
 * rewrite req.url while they run.
 */
export const withoutQuery = (url = '/') => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** What an answer's log line and count are made of. */
interface Answer {
  req: IncomingMessage;
  requestId: string;
  /** The path it was asked for, without the query (visitor text). */
  path: string;
  /** performance.now() when the request arrived. */
  start: number;
  status: number;
  /** The body's bytes, when known. */
  bytes?: number;
}

export function requestStart(trustProxy: AppConfig['trustProxy'], logger: Logger, metrics: Metrics): RequestStart {
  const counted = answerCounter(metrics);
  /** One log line (the query, visitor text, left out), and the answer counted and timed by route pattern. */
  const answered = ({ req, requestId, path, start, status, bytes = 0 }: Answer) => {
    // performance.now(): a plain number, where hrtime.bigint() allocates a BigInt twice an answer.
    const milliseconds = performance.now() - start;
    // Checked first: a line not written costs nothing to build (the bench runs at warn).
    if (logger.isLevelEnabled('info'))
      logger.info(
        {
          requestId,
          method: req.method,
          path,
          status,
          ms: Math.round(milliseconds * 1000) / 1000,
          bytes: bytes || undefined,
        },
        'request',
      );
    counted(req, path, status, milliseconds / 1000);
  };
  return {
    sendNow(req, res, send) {
      const requestId = requestIdOf(req, trustProxy);
      const start = performance.now();
      const bytes = send(requestId);
      answered({ req, requestId, path: withoutQuery(req.url), start, status: res.statusCode, bytes });
    },
    handler(req, res, next) {
      const requestId = requestIdOf(req, trustProxy);
      const start = performance.now();
      const path = withoutQuery(req.url);
      res.once('finish', () =>
        answered({
          req,
          requestId,
          path,
          start,
          status: res.statusCode,
          bytes: Number(res.getHeader('Content-Length') ?? 0),
        }),
      );
      res.setHeader('X-Request-Id', requestId);
      inRequest(requestId, next);
    },
  };
}
