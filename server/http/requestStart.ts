import type { IncomingMessage, ServerResponse } from 'node:http';

import type { RequestHandler } from 'express';

import type { AppConfig } from '../config';
import type { Logger } from './logger';
import { inRequest } from './logger';
import type { Metrics } from './metrics';
import { answerCounter } from './metrics';
import { requestIdOf } from './requestId';

/**
 * The length of an answer whose headers were written in one call (a kept page's, see pageCache.ts): Node
 * keeps no header it can read back then, and the log line names the bytes sent.
 */
export const writtenLength = new WeakMap<ServerResponse, number>();

/** What every request gets first, whoever answers it: the app, or the kept pages before it (server/pages/pageCache.ts). */
export interface RequestStart {
  /**
   * Gives the request its id (the caller sends it as `X-Request-Id`) and, once its answer is sent, writes its one log line
   * (the query, visitor text, left out) and counts and times it by route pattern. Returns the id.
   */
  begin(req: IncomingMessage, res: ServerResponse): string;
  /** The app's first middleware: begins the request, sends its id, and runs the rest with the id in the logger's context. */
  handler: RequestHandler;
}

export function requestStart(trustProxy: AppConfig['trustProxy'], logger: Logger, metrics: Metrics): RequestStart {
  const counted = answerCounter(metrics);
  const begin = (req: IncomingMessage, res: ServerResponse) => {
    const id = requestIdOf(req, trustProxy);
    const start = process.hrtime.bigint();
    // Read now: the routers below rewrite req.url while they run.
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    res.once('finish', () => {
      const nanoseconds = Number(process.hrtime.bigint() - start);
      const status = res.statusCode;
      // Checked first: a line not written costs nothing to build (the bench runs at warn).
      if (logger.isLevelEnabled('info'))
        logger.info(
          {
            requestId: id,
            method: req.method,
            path,
            status,
            ms: Math.round(nanoseconds / 1000) / 1000,
            bytes: (writtenLength.get(res) ?? Number(res.getHeader('Content-Length') ?? 0)) || undefined,
          },
          'request',
        );
      counted(req, path, status, nanoseconds / 1e9);
    });
    return id;
  };
  return {
    begin,
    handler(req, res, next) {
      const id = begin(req, res);
      res.setHeader('X-Request-Id', id);
      inRequest(id, next);
    },
  };
}
