import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import type { Logger } from './logger';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Parses a raw text body as JSON and checks it against a schema; never throws. */
export function parseJsonBody<T>(body: unknown, schema: z.ZodType<T>): Parsed<T> {
  if (typeof body !== 'string' || body.length === 0) return { ok: false, error: 'Expected a JSON body.' };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, error: 'The body is not valid JSON.' };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, error: `${issue.path.join('.') || 'body'}: ${issue.message}` };
}

/**
 * Client errors raised by body parsers (too large, malformed, bad charset)
 * keep their 4xx status with a short JSON reason; anything else is a 500,
 * logged, with nothing internal shown.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: { status?: unknown; expose?: unknown; message?: unknown }, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status = typeof error.status === 'number' ? error.status : 500;
    if (status === 413) {
      res.status(413).json({ error: 'The request body is too large.' });
      return;
    }
    if (status >= 400 && status < 500) {
      res.status(status).json({ error: error.expose ? String(error.message) : 'Bad request.' });
      return;
    }
    logger.error({ err: error, url: req.originalUrl }, 'request failed');
    res.status(500).json({ error: 'Internal server error.' });
  };
}

/**
 * Refuses a form post that a browser reports as coming from another site
 * (Sec-Fetch-Site: cross-site): another page cannot make its visitors submit
 * leads or sign-ups here. Clients that send no such header are let through.
 */
export const sameSiteOnly: RequestHandler = (req, res, next) => {
  if (req.get('sec-fetch-site') === 'cross-site') {
    res.status(403).json({ error: 'Forms can only be sent from this site.' });
    return;
  }
  next();
};
