/**
 * A call's time in a language and a time zone, as people read it ("martes, 9 de marzo, 9:00 a. m.",
 * "Tuesday, March 9 at 9:00 AM"): Intl knows each language's words and each zone's rules. One formatter per
 * language, zone and shape, made once.
 */
import type { Locale } from './locale';
import { localeTags } from './locale';

const formats = {
  full: { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', hour12: true },
  day: { weekday: 'long', day: 'numeric', month: 'long' },
  time: { hour: 'numeric', minute: '2-digit', hour12: true },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const made = new Map<string, Intl.DateTimeFormat>();

export function callTime(at: number | Date, locale: Locale, timeZone: string, shape: keyof typeof formats = 'full') {
  const key = `${locale} ${timeZone} ${shape}`;
  let format = made.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeTags[locale].intl, { ...formats[shape], timeZone });
    made.set(key, format);
  }
  return format.format(at);
}
