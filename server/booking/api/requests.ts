/**
 * What the booking API reads (decision 088): the slots' query and the booking's JSON body, each checked here so a
 * request of the wrong shape is a 400 with a code, never a 500.
 */
import { DateTime } from 'luxon';
import { z } from 'zod';

import type { BookingTopic } from '../../../shared/content/bookingFacts';
import { BOOKING_OFFICES, BOOKING_TOPICS } from '../../../shared/content/bookingFacts';
import { locales } from '../../../shared/lib/locale';
import { isZone } from '../routes';

/** At most this many days of free times in one answer: the bookable horizon is at most 90. */
const MAX_DAYS = 90;

const zone = z.string().refine(isZone, 'expected an IANA time zone such as Europe/Madrid');
const office = z.enum(Object.keys(BOOKING_OFFICES) as [string, ...string[]]);

export const slotsQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD'),
  days: z.coerce.number().int().min(1).max(MAX_DAYS),
  lang: z.enum(locales),
  tz: zone,
  office: office.optional(),
});

/** The first instant of `from` on the visitor's clock, and the instant after its last day; undefined for no such date. */
export function daysOf(query: z.infer<typeof slotsQuery>): { from: number; to: number } | undefined {
  const first = DateTime.fromISO(query.from, { zone: query.tz });
  if (!first.isValid) return undefined;
  return { from: first.toMillis(), to: first.plus({ days: query.days }).toMillis() };
}

export const bookingBody = z.object({
  start: z.iso.datetime({ offset: true }),
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().max(254).pipe(z.email()),
  company: z.string().trim().min(1).max(200),
  phone: z.string().trim().max(50).default(''),
  topic: z.enum(BOOKING_TOPICS as [BookingTopic, ...BookingTopic[]]),
  message: z.string().trim().max(5000).default(''),
  lang: z.enum(locales),
  tz: zone,
  office: office.optional(),
});

/** The first problem of a failed parse, as one line naming its field. */
export const problemOf = (error: z.ZodError) => {
  const issue = error.issues[0]!;
  return `${issue.path.join('.') || 'body'}: ${issue.message}`;
};
