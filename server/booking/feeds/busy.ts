/**
 * The busy times of a calendar feed (decision 088), read with ical.js: every event that is not free
 * (TRANSP:TRANSPARENT) or cancelled, recurring ones expanded with their exceptions, inside a window. A time
 * with a zone is read on that zone's clock with Luxon (an IANA name, as Google and Apple write); a floating time,
 * an all-day date, or a zone Luxon does not know (Outlook's Windows names) on the person's own clock.
 */
import ICAL from 'ical.js';
import { DateTime, IANAZone } from 'luxon';

/** A busy interval: epoch milliseconds, start included, end excluded. */
export type BusyInterval = [number, number];

/** Occurrences walked per recurring event at most: a daily event from years back still reaches the window. */
const MAX_OCCURRENCES = 20_000;
/** Busy intervals kept per feed at most: more would only slow the slots for nothing. */
const MAX_INTERVALS = 5000;

function instantOf(time: ICAL.Time, personZone: string): number {
  const tzid = time.zone?.tzid ?? (time as unknown as { timezone?: string }).timezone;
  if (tzid === 'UTC' || tzid === 'Z') return time.toUnixTime() * 1000;
  const zone = tzid && tzid !== 'floating' && IANAZone.isValidZone(tzid) ? tzid : personZone;
  const { year, month, day } = time;
  const [hour, minute, second] = time.isDate ? [0, 0, 0] : [time.hour, time.minute, time.second];
  return DateTime.fromObject({ year, month, day, hour, minute, second }, { zone }).toMillis();
}

const isFree = (component: ICAL.Component) =>
  String(component.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT' ||
  String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

/** The busy intervals of `ics` overlapping [from, to), earliest first; throws on text that is no calendar. */
export function busyIn(ics: string, { from, to }: { from: number; to: number }, personZone: string): BusyInterval[] {
  const root = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const masters: ICAL.Event[] = [];
  const byUid = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Event[] = [];
  for (const component of root.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    if (event.isRecurrenceException()) exceptions.push(event);
    else {
      masters.push(event);
      byUid.set(event.uid, event);
    }
  }
  for (const exception of exceptions) {
    const master = byUid.get(exception.uid);
    if (master) master.relateException(exception);
    else masters.push(exception);
  }
  const busy: BusyInterval[] = [];
  const add = (component: ICAL.Component, start: ICAL.Time, end: ICAL.Time) => {
    const interval: BusyInterval = [instantOf(start, personZone), instantOf(end, personZone)];
    if (!isFree(component) && interval[0] < to && interval[1] > from && interval[1] > interval[0]) busy.push(interval);
  };
  for (const event of masters) {
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      add(event.component, event.startDate, event.endDate);
      continue;
    }
    const occurrences = event.iterator();
    for (let walked = 0, next = occurrences.next(); next && walked < MAX_OCCURRENCES; next = occurrences.next()) {
      walked += 1;
      const details = event.getOccurrenceDetails(next);
      if (instantOf(details.startDate, personZone) >= to) break;
      add(details.item.component, details.startDate, details.endDate);
    }
  }
  return busy.sort((a, b) => a[0] - b[0]).slice(0, MAX_INTERVALS);
}
