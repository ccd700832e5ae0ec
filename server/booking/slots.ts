/**
 * The free slots of the intro call (decision 082), a pure function of the staff, their bookings, the settings and
 * the moment: each person's working hours are read on their own clock with Luxon, a day their office is closed
 * gives nothing, and every instant is an epoch millisecond (UTC). Nothing here uses a fixed offset.
 */
import { DateTime } from 'luxon';

import type { City } from '../../shared/content/data';
import type { StaffProfile } from '../console/people/profile';
import { WEEKDAYS } from '../console/people/profile';
import { isHoliday } from './holidays';
import type { EventSettings } from './settings';

/** A person who may take calls, as the engine reads them. */
export interface BookingPerson extends Pick<StaffProfile, 'office' | 'languages' | 'timeZone' | 'hours'> {
  id: number;
}

/** A booking that holds a person: from its start to its end plus the buffer after it. */
export interface Busy {
  personId: number;
  start: number;
  blockEnd: number;
  /** A busy time of the person's own calendar feed (decision 088): it blocks, but is no call of the daily cap. */
  external?: boolean;
}

export interface Slot {
  start: number;
  end: number;
  office: City;
  /** The people free for it, by id. */
  people: number[];
}

export interface SlotQuery {
  /** The first instant asked about and the instant after the last. */
  from: number;
  to: number;
  language: string;
  office?: City;
  now: number;
}

const MINUTE = 60_000;

/** The instants the bookable window opens and closes: the notice after now, the horizon after now. */
function bookableWindow(settings: EventSettings, now: number): { opens: number; closes: number } {
  return { opens: now + settings.noticeMinutes * MINUTE, closes: now + settings.horizonDays * 86_400_000 };
}

/** A person's calls per local day, for the daily cap: read once per person, not once per candidate start. */
function callsPerDay(person: BookingPerson, busy: readonly Busy[]): Map<string, number> {
  const calls = new Map<string, number>();
  for (const booking of busy) {
    if (booking.external) continue;
    const day = DateTime.fromMillis(booking.start, { zone: person.timeZone }).toISODate()!;
    calls.set(day, (calls.get(day) ?? 0) + 1);
  }
  return calls;
}

/** Whether a person may take a call from `start` (on their local `day`) given their busy times and the daily cap. */
function isFree(
  busy: readonly Busy[],
  calls: Map<string, number>,
  start: number,
  day: string,
  settings: EventSettings,
) {
  if ((calls.get(day) ?? 0) >= settings.dailyCap) return false;
  const blockEnd = start + (settings.durationMinutes + settings.bufferMinutes) * MINUTE;
  for (const booking of busy) if (booking.start < blockEnd && start < booking.blockEnd) return false;
  return true;
}

/** A person's candidate starts with their local day: every step of the call's length through each working day, closed days left out. */
function* startsOf(
  person: BookingPerson,
  from: number,
  to: number,
  settings: EventSettings,
): Generator<[number, string]> {
  const length = settings.durationMinutes * MINUTE;
  let day = DateTime.fromMillis(from, { zone: person.timeZone }).startOf('day');
  const last = DateTime.fromMillis(to, { zone: person.timeZone }).endOf('day');
  for (; day <= last; day = day.plus({ days: 1 })) {
    const range = person.hours[WEEKDAYS[day.weekday - 1]!];
    const date = day.toISODate()!;
    if (!range || isHoliday(person.office, date)) continue;
    const opens = DateTime.fromISO(`${date}T${range.from}`, { zone: person.timeZone }).toMillis();
    const closes = DateTime.fromISO(`${date}T${range.to}`, { zone: person.timeZone }).toMillis();
    for (let start = opens; start + length <= closes; start += length)
      if (start >= from && start < to) yield [start, date];
  }
}

/**
 * The free slots between `from` and `to` inside the bookable window, for people who speak the language (of the
 * office, when one is asked for), earliest first; one slot per start and office, naming who is free for it.
 */
export function freeSlots(
  people: readonly BookingPerson[],
  bookings: readonly Busy[],
  settings: EventSettings,
  query: SlotQuery,
): Slot[] {
  const window = bookableWindow(settings, query.now);
  const from = Math.max(query.from, window.opens);
  const to = Math.min(query.to, window.closes);
  const slots = new Map<string, Slot>();
  for (const person of people) {
    if (!(person.languages as readonly string[]).includes(query.language)) continue;
    if (query.office && person.office !== query.office) continue;
    const busy = bookings.filter((booking) => booking.personId === person.id);
    const calls = callsPerDay(person, busy);
    for (const [start, day] of startsOf(person, from, to, settings)) {
      if (!isFree(busy, calls, start, day, settings)) continue;
      const key = `${start} ${person.office}`;
      const slot = slots.get(key);
      if (slot) slot.people.push(person.id);
      else
        slots.set(key, {
          start,
          end: start + settings.durationMinutes * MINUTE,
          office: person.office,
          people: [person.id],
        });
    }
  }
  return [...slots.values()].sort((a, b) => a.start - b.start || a.office.localeCompare(b.office));
}
