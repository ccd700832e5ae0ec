import type { Request } from 'express';
import { z } from 'zod';

import type { Attribution, Touch } from '../../shared/lib/attribution';
import { PAGE_LIMIT, PAGES_SEEN_LIMIT, sourceOf, TOUCH_FIELD_LIMIT, touchOf } from '../../shared/lib/attribution';
import { notCounted, optedOut } from './consent';
import { pagePath, referrerLabel, utmLabel } from './labels';

/** A lead's or a sign-up's source as stored (decision 047): the whole attribution, and its first touch's source and campaign to filter and report by. */
export interface StoredAttribution {
  /** JSON of an Attribution; "{}" when nothing is known. */
  attribution: string;
  /** The first touch's source ("newsletter", "google.com", "(direct)"); "" when unknown or not to be counted. */
  source: string;
  campaign: string;
}

const text = (limit: number) =>
  z
    .string()
    .max(limit * 4)
    .transform((value) => value.trim().slice(0, limit));
const lower = (limit: number) => text(limit).transform((value) => value.toLowerCase());
const path = text(PAGE_LIMIT).refine((value) => value === '' || value.startsWith('/'));

const utm = lower(TOUCH_FIELD_LIMIT).transform(utmLabel);

/**
 * A touch as a form or a beacon sends it: each value trimmed and cut to its limit, never refused for length,
 * and "(other)" when it has no label's shape (labels.ts).
 */
export const touchSchema = z.object({
  source: utm,
  medium: utm,
  campaign: utm,
  // Missing from a visit recorded before it was kept, and from a lead stored then.
  content: utm.default(''),
  referrer: lower(TOUCH_FIELD_LIMIT).transform(referrerLabel),
  landing: path,
});

const attributionSchema = z.object({
  first: touchSchema,
  last: touchSchema,
  formPage: path,
  pagesSeen: z.number().int().min(0).max(PAGES_SEEN_LIMIT),
});

const EMPTY_TOUCH: Touch = { source: '', medium: '', campaign: '', content: '', referrer: '', landing: '' };

/** The Referer when it is a page of this site: without JavaScript, the form's own page and its query. */
function ownReferer(req: Request, siteUrl: string): string | undefined {
  const referer = req.get('referer');
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.origin === new URL(siteUrl).origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A lead's or a sign-up's source from the form's hidden field (what the browser kept of the visit), checked and
 * bounded; a field missing or malformed never refuses the form: the server then records what it sees, the
 * form's page from the Referer and the UTM parameters in its query. Do Not Track and Global Privacy Control
 * keep only the form's page.
 */
export function attributionOf(field: unknown, req: Request, siteUrl: string): StoredAttribution {
  const referer = ownReferer(req, siteUrl);
  const formPage = pagePath(referer ? new URL(referer).pathname.slice(0, PAGE_LIMIT) : '');
  if (optedOut(req)) {
    const attribution: Attribution = { first: EMPTY_TOUCH, last: EMPTY_TOUCH, formPage, pagesSeen: 0 };
    return { attribution: JSON.stringify(attribution), source: '', campaign: '' };
  }
  let attribution: Attribution | undefined;
  if (typeof field === 'string' && field.length <= 4096) {
    try {
      const parsed = attributionSchema.safeParse(JSON.parse(field));
      if (parsed.success) attribution = parsed.data;
    } catch {
      // Not JSON: as if it were missing.
    }
  }
  if (!attribution) {
    const touch = referer ? touchSchema.parse(touchOf(referer, undefined)) : EMPTY_TOUCH;
    attribution = { first: touch, last: touch, formPage, pagesSeen: 0 };
  }
  // Paths are kept only when they are pages of the site, as the labels are kept only in a label's shape.
  const { first, last } = attribution;
  attribution = {
    ...attribution,
    first: { ...first, landing: pagePath(first.landing) },
    last: { ...last, landing: pagePath(last.landing) },
    formPage: pagePath(attribution.formPage),
  };
  return {
    attribution: JSON.stringify(attribution),
    source: sourceOf(attribution.first),
    campaign: attribution.first.campaign,
  };
}

/**
 * A newsletter sign-up's source as stored: attributionOf's, with no source when the request is not counted (a
 * bot, a prefetch). Its sign-up is then not counted, and neither is its confirmation, which counts only a stored
 * source: every step of the funnel counts the same visitors (decision 078).
 */
export function signUpAttributionOf(field: unknown, req: Request, siteUrl: string): StoredAttribution {
  const stored = attributionOf(field, req, siteUrl);
  return notCounted(req) ? { ...stored, source: '' } : stored;
}

/** One field of a decoded body (JSON or form), or undefined when the body is no object. */
export const fieldOf = (fields: unknown, name: string): unknown =>
  typeof fields === 'object' && fields !== null && !Array.isArray(fields)
    ? (fields as Record<string, unknown>)[name]
    : undefined;

/** A stored attribution read back; the empty one for "{}" or anything unreadable. */
export function readAttribution(json: string): Attribution | undefined {
  try {
    const parsed = attributionSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
