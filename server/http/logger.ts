import type { RequestHandler } from 'express';
import { pino } from 'pino';

import type { AppConfig } from '../config';

/** Structured JSON lines on stdout: one per request, plus errors and lifecycle events. */
export function createLogger(config: Pick<AppConfig, 'logLevel'>) {
  return pino({ level: config.logLevel, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

export type Logger = ReturnType<typeof createLogger>;

/** One structured line per request, written when the response is done; the query (visitor text) is left out. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      logger.info(
        {
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - start) / 1000n) / 1000,
          bytes: Number(res.getHeader('Content-Length') ?? 0) || undefined,
        },
        'request',
      );
    });
    next();
  };
}
