import type { IncomingMessage, ServerResponse } from 'node:http';

import type { RequestHandler } from 'express';

import type { AppConfig } from '../config';
import type { Logger } from './logger';
import { inRequest } from './logger';
import type { Metrics } from './metrics';
import { answerCounter } from './metrics';
import { requestIdOf } from './requestId';

/** What every request gets first, whoever answers it: the app, or the kept pages before it (server/pages/pageCache.ts). */
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

/** A request's path, read when it arrives: the routers below rewrite req.url while they run. */
const pathOf = (url = '/') => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

export function requestStart(trustProxy: AppConfig['trustProxy'], logger: Logger, metrics: Metrics): RequestStart {
  const counted = answerCounter(metrics);
  /** One log line (the query, visitor text, left out), and the answer counted and timed by route pattern. */
  const answered = (
    req: IncomingMessage,
    requestId: string,
    path: string,
    start: number,
    status: number,
    bytes = 0,
  ) => {
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
      const id = requestIdOf(req, trustProxy);
      const start = performance.now();
      const bytes = send(id);
      answered(req, id, pathOf(req.url), start, res.statusCode, bytes);
    },
    handler(req, res, next) {
      const id = requestIdOf(req, trustProxy);
      const start = performance.now();
      const path = pathOf(req.url);
      res.once('finish', () =>
        answered(req, id, path, start, res.statusCode, Number(res.getHeader('Content-Length') ?? 0)),
      );
      res.setHeader('X-Request-Id', id);
      inRequest(id, next);
    },
  };
}
