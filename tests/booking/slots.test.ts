import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';

import { DEFAULT_SETTINGS } from '../../server/booking/settings';
import type { BookingPerson } from '../../server/booking/slots';
import { freeSlots } from '../../server/booking/slots';
import type { City } from '../../shared/content/data';

const weekdays = { from: '09:00', to: '17:00' };
const hours = { monday: weekdays, tuesday: weekdays, wednesday: weekdays, thursday: weekdays, friday: weekdays };
const person = (id: number, office: City, timeZone: string): BookingPerson => ({
  id,
  office,
  timeZone,
  languages: ['en', 'es'],
  hours,
});
const newYork = person(1, 'New York', 'America/New_York');
const bogota = person(2, 'Bogota', 'America/Bogota');
const miami = person(3, 'Miami', 'America/New_York');

/** The slots of a visitor's day in Europe/Madrid, asked a week before. */
function madridDay(day: string, people: readonly BookingPerson[] = [newYork, bogota]) {
  const from = DateTime.fromISO(day, { zone: 'Europe/Madrid' }).startOf('day');
  return freeSlots(people, [], DEFAULT_SETTINGS, {
    from: from.toMillis(),
    to: from.plus({ days: 1 }).toMillis(),
    language: 'es',
    now: from.minus({ days: 7 }).toMillis(),
  });
}
const firstOf = (slots: ReturnType<typeof madridDay>, office: City) =>
  new Date(slots.find((slot) => slot.office === office)!.start).toISOString();

describe('the intro call’s free slots across time zones', () => {
  it('on Monday 2027-03-08, for a visitor in Madrid, New York and Bogota both open at 14:00 UTC', () => {
    const slots = madridDay('2027-03-08');
    expect(firstOf(slots, 'New York')).toBe('2027-03-08T14:00:00.000Z');
    expect(firstOf(slots, 'Bogota')).toBe('2027-03-08T14:00:00.000Z');
  });

  it('on Monday 2027-03-15, after the US change and before Europe’s, New York opens at 13:00 UTC, Bogota at 14:00', () => {
    const slots = madridDay('2027-03-15');
    expect(firstOf(slots, 'New York')).toBe('2027-03-15T13:00:00.000Z');
    expect(firstOf(slots, 'Bogota')).toBe('2027-03-15T14:00:00.000Z');
  });

  it('on Monday 2027-11-08 both open at 14:00 UTC again', () => {
    const slots = madridDay('2027-11-08');
    expect(firstOf(slots, 'New York')).toBe('2027-11-08T14:00:00.000Z');
    expect(firstOf(slots, 'Bogota')).toBe('2027-11-08T14:00:00.000Z');
  });

  it('a Colombian festivo moved to Monday (San José, 2027-03-22) shows no Bogota slot, New York stays open', () => {
    const offices = new Set(madridDay('2027-03-22').map((slot) => slot.office));
    expect(offices).toEqual(new Set(['New York']));
  });

  it('US Thanksgiving (2027-11-25) shows none for Miami and New York, Bogota stays open', () => {
    const offices = new Set(madridDay('2027-11-25', [newYork, miami, bogota]).map((slot) => slot.office));
    expect(offices).toEqual(new Set(['Bogota']));
  });

  it('a day gives 30-minute slots through the working hours, ending by the close', () => {
    const slots = madridDay('2027-03-08', [bogota]);
    expect(slots).toHaveLength(16);
    expect(new Date(slots.at(-1)!.end).toISOString()).toBe('2027-03-08T22:00:00.000Z');
  });

  it('a booking blocks its slot and the buffer after it, and the daily cap closes the day', () => {
    const day = Date.parse('2027-03-08T14:00:00.000Z');
    const busy = [{ personId: 2, start: day, blockEnd: day + 40 * 60_000 }];
    const query = { from: day, to: day + 86_400_000 / 2, language: 'en', now: day - 7 * 86_400_000 };
    const starts = freeSlots([bogota], busy, DEFAULT_SETTINGS, query).map((slot) => new Date(slot.start).toISOString());
    // 14:00 is booked, 14:30 falls in its 10-minute buffer; 15:00 is free.
    expect(starts[0]).toBe('2027-03-08T15:00:00.000Z');
    const six = Array.from({ length: 6 }, (_, at) => ({
      personId: 2,
      start: day + at * 3_600_000,
      blockEnd: day + at * 3_600_000 + 40 * 60_000,
    }));
    expect(freeSlots([bogota], six, DEFAULT_SETTINGS, query)).toEqual([]);
    // Six busy times of the person's own calendar block only themselves: they are no calls of the cap (decision 088).
    const own = six.map((entry) => ({ ...entry, external: true }));
    expect(freeSlots([bogota], own, DEFAULT_SETTINGS, query).length).toBeGreaterThan(0);
  });

  it('keeps 4 hours’ notice and 30 days’ horizon, and the language and office asked for', () => {
    const now = Date.parse('2027-03-08T14:00:00.000Z');
    const all = freeSlots([bogota], [], DEFAULT_SETTINGS, {
      from: now,
      to: now + 60 * 86_400_000,
      language: 'es',
      now,
    });
    expect(new Date(all[0]!.start).toISOString()).toBe('2027-03-08T18:00:00.000Z');
    expect(all.at(-1)!.start).toBeLessThan(now + 30 * 86_400_000);
    const query = { from: now, to: now + 86_400_000, now };
    expect(freeSlots([{ ...bogota, languages: ['en'] }], [], DEFAULT_SETTINGS, { ...query, language: 'es' })).toEqual(
      [],
    );
    expect(freeSlots([bogota], [], DEFAULT_SETTINGS, { ...query, language: 'es', office: 'Miami' })).toEqual([]);
  });
});
