/**
 * The analytics' days are the lab's (decision 078): a view at 23:30 in New York counts on New York's day, as
 * the console shows every time in the lab's zone. Intl knows the zone's rules, summer time included: no offset
 * is written down here.
 */
import { fromLabTime } from '../console/kit/format';
import { LAB_TIME_ZONE } from '../console/texts';
import { wallClock } from '../lib/zonedTime';

/** The lab's calendar day of a moment, YYYY-MM-DD: what a count is kept under. */
export function dayOf(date: Date): string {
  return wallClock(date, LAB_TIME_ZONE).day;
}

/** The day `days` after a YYYY-MM-DD day (before it when negative): calendar days, whatever the zone. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The moment a lab's day begins (its midnight in New York), to read what carries a time by the lab's days. */
export const dayStart = (day: string): Date => fromLabTime(`${day}T00:00`)!;

/** The Monday of a YYYY-MM-DD day's week (the day itself on a Monday): a week of the roll-up (decision 093). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}
