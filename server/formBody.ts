import express from 'express';
import type { RequestHandler } from 'express';

/** json: an enhanced form's fetch. form: the plain HTML form, posted without JavaScript. */
export type BodyFormat = 'json' | 'form';

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set by readFormBody: how the body was sent. */
    bodyFormat?: BodyFormat;
  }
}

const mediaTypes: Record<string, BodyFormat> = {
  'application/json': 'json',
  'application/x-www-form-urlencoded': 'form',
};

/**
 * The body's format from its Content-Type, or null when a form endpoint does
 * not take it (another media type, or a charset other than UTF-8).
 */
export function bodyFormat(contentType: string | undefined): BodyFormat | null {
  if (!contentType) return null;
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  const format = mediaTypes[mediaType];
  if (!format) return null;
  const charset = parameters.find((parameter) => parameter.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  return charset === undefined || charset === 'utf-8' || charset === 'utf8' ? format : null;
}

export type DecodedBody = { ok: true; fields: unknown } | { ok: false; error: string };

/** The fields of a body already read as bytes; never throws. */
export function decodeBody(format: BodyFormat, raw: Buffer): DecodedBody {
  const text = raw.toString('utf8');
  if (format === 'form') return { ok: true, fields: Object.fromEntries(new URLSearchParams(text)) };
  try {
    return { ok: true, fields: JSON.parse(text) };
  } catch {
    return { ok: false, error: 'The request body is not valid JSON.' };
  }
}

/**
 * The start of every form endpoint: 415 unless the body is JSON or a
 * urlencoded form in UTF-8 (res.locals.bodyFormat says which), then its raw
 * bytes as req.body, refused unread over `limit` bytes (a 413 error for the
 * route's error handler).
 */
export function readFormBody(limit: number): RequestHandler[] {
  const accepted: RequestHandler = (req, res, next) => {
    const format = bodyFormat(req.get('content-type'));
    if (!format) {
      res.status(415).json({ error: 'Send the form as application/json or application/x-www-form-urlencoded (UTF-8).' });
      return;
    }
    res.locals.bodyFormat = format;
    next();
  };
  return [accepted, express.raw({ type: () => true, limit })];
}

/** The raw body readFormBody left on the request (empty when there was none). */
export function rawBody(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}
