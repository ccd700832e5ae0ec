import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import express from 'express';
import type { Store } from 'express-rate-limit';
import type { z } from 'zod';

import type { Locale } from '../../shared/lib/locale';
import { localeOf } from '../../shared/lib/locale';
import { noticeDocument } from './errors';
import { perClientLimit } from './rateLimit';
import { refusalTexts } from './refusals';

/**
 * A post over the per-minute limit is refused after this pause (decision 089): a script that waits for its answers
 * is slowed to what it has under way each pause, so a flood of refusals cannot keep the event loop from the pages.
 * A person who runs into the limit waits a tenth of a second more for what they would be told anyway.
 */
const LIMITED_PAUSE_MS = 100;

/** json: an enhanced form's fetch (or a beacon). form: the plain HTML form, posted without JavaScript. */
export type BodyFormat = 'json' | 'form';

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set by formEndpoint: how the body was sent. */
    bodyFormat?: BodyFormat;
  }
}

const mediaTypes: Record<string, BodyFormat> = {
  'application/json': 'json',
  'application/x-www-form-urlencoded': 'form',
};

/**
 * The body's format from its Content-Type, or null when a form endpoint does
 * not take it (another media type, or a charset other than UTF-8). With
 * `textIsJson`, text/plain is read as JSON: that is how sendBeacon posts a string.
 */
export function bodyFormat(contentType: string | undefined, textIsJson = false): BodyFormat | null {
  if (!contentType) return null;
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  const format = mediaTypes[mediaType] ?? (textIsJson && mediaType === 'text/plain' ? 'json' : undefined);
  if (!format) return null;
  const charset = parameters
    .find((parameter) => parameter.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
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

/** The body formEndpoint read, decoded and checked against a schema; never throws. */
export function parseBody<T>(
  req: Request,
  res: Response,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; error: string } {
  const decoded = readBody(req, res);
  if (!decoded.ok) return decoded;
  const result = schema.safeParse(decoded.fields);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, error: `${issue.path.join('.') || 'body'}: ${issue.message}` };
}

/** The body formEndpoint read, decoded by its format; never throws. */
export function readBody(req: Request, res: Response): DecodedBody {
  return decodeBody(res.locals.bodyFormat ?? 'json', Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
}

/** A plain form post (no JavaScript) is answered with a page or a redirect; fetch asks for JSON. */
export function isPlainFormPost(req: Request): boolean {
  return bodyFormat(req.get('content-type')) === 'form' && req.accepts(['html', 'json']) !== 'json';
}

type Refusal =
  | { kind: 'crossSite' }
  | { kind: 'rateLimited'; retryAfterSeconds: number }
  | { kind: 'mediaType' }
  | { kind: 'tooLarge' };

function defaultMessage(refusal: Refusal, locale: Locale): string {
  const texts = refusalTexts[locale];
  return refusal.kind === 'rateLimited' ? texts.rateLimited(refusal.retryAfterSeconds) : texts[refusal.kind];
}

export interface FormEndpointOptions {
  /** The site's public origin: a post whose Origin header names another is refused. */
  siteUrl: string;
  /** Posts one client may make per minute, counted before the body is read. */
  perMinute: number;
  /** Where the posts are counted: in the shared database (several instances), or in memory when absent. */
  counters?: Store;
  /** Largest body read, in bytes (after decompression). */
  maxBytes: number;
  /** Take text/plain as JSON (sendBeacon). */
  textIsJson?: boolean;
  /**
   * Take any media type: for an endpoint whose token is in its URL, posted to by
   * mail clients (RFC 8058 one-click unsubscribe bodies may be multipart/form-data).
   * Such a body is read as a form: the handler takes what it needs from the URL.
   */
  anyMediaType?: boolean;
  /** The reason given for a refusal, in the endpoint's own words; undefined keeps the default. */
  message?: (refusal: Refusal, locale: Locale) => string | undefined;
  /** The page holding the form, for the plain form's way back (in the refusal's language). */
  formPage?: string | ((locale: Locale) => string);
  /**
   * How a plain form post is told it was refused: a 303 to this location, or,
   * when it returns nothing, a small page that sends the visitor back to the
   * form (the browser's Back keeps what they typed). Either is cheap: a
   * refusal never costs a page render.
   */
  plainRedirect?: (refusal: Refusal, locale: Locale) => string | undefined;
}

/**
 * The checks every POST endpoint runs, cheapest first, before the handler:
 *   1. same-site: another site cannot make its visitors post here (403);
 *   2. the per-client limit, counted before any byte of the body is read (429, after a short pause);
 *   3. the media type: JSON or a urlencoded form in UTF-8 (415);
 *   4. the body, read as raw bytes up to maxBytes (413), into req.body.
 * The handler then reads it with readBody or parseBody.
 */
export function formEndpoint(options: FormEndpointOptions): (RequestHandler | ErrorRequestHandler)[] {
  const siteOrigin = new URL(options.siteUrl).origin;

  const refuse = (req: Request, res: Response, status: number, refusal: Refusal) => {
    res.setHeader('Cache-Control', 'no-store');
    // Read from the URL (a page's prefix, or the ?locale= a form's action names): the body is not read yet.
    const locale = localeOf(req.originalUrl);
    const message = options.message?.(refusal, locale) ?? defaultMessage(refusal, locale);
    const back = typeof options.formPage === 'function' ? options.formPage(locale) : (options.formPage ?? '/');
    // A form that posts a file (multipart) to an endpoint that takes one is a plain form too: its refusal is a
    // page, never a bare JSON answer. An endpoint of JSON and plain forms refuses multipart as JSON (415).
    const fileForm =
      options.anyMediaType === true && /^multipart\/form-data\s*(;|$)/i.test(req.get('content-type') ?? '');
    if (!isPlainFormPost(req) && !(fileForm && req.accepts(['html', 'json']) === 'html')) {
      res.status(status).json({ error: message });
      return;
    }
    const location = options.plainRedirect?.(refusal, locale);
    if (location) res.redirect(303, location);
    else res.status(status).type('html').send(noticeDocument({ status, message, back, locale }));
  };

  // Sec-Fetch-Site is sent only over HTTPS, and "same-site" would be a sibling origin, which the site has none of;
  // Origin is sent on every cross-origin post, over HTTP too.
  const sameSite: RequestHandler = (req, res, next) => {
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    if (site === 'cross-site' || site === 'same-site' || (origin !== undefined && origin !== siteOrigin)) {
      refuse(req, res, 403, { kind: 'crossSite' });
      return;
    }
    next();
  };

  const limit = perClientLimit({
    store: options.counters,
    limit: options.perMinute,
    windowMs: 60_000,
    onLimited: (req, res, retryAfterSeconds) =>
      setTimeout(() => refuse(req, res, 429, { kind: 'rateLimited', retryAfterSeconds }), LIMITED_PAUSE_MS),
  });

  const mediaType: RequestHandler = (req, res, next) => {
    const format = bodyFormat(req.get('content-type'), options.textIsJson) ?? (options.anyMediaType ? 'form' : null);
    if (!format) {
      refuse(req, res, 415, { kind: 'mediaType' });
      return;
    }
    res.locals.bodyFormat = format;
    next();
  };

  // An error here is the body parser's: too large (refused unread), or a broken or unsupported encoding.
  const bodyErrors: ErrorRequestHandler = (error: { type?: unknown; status?: unknown }, req, res, next) => {
    if (error.type === 'entity.too.large') refuse(req, res, 413, { kind: 'tooLarge' });
    else next(error);
  };

  return [sameSite, limit, mediaType, express.raw({ type: () => true, limit: options.maxBytes }), bodyErrors];
}
