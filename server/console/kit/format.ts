import { wallClock, zonedInstant } from '../../lib/zonedTime';
import { LAB_TIME_ZONE } from '../texts';

const labTime = new Intl.DateTimeFormat('en-US', {
  timeZone: LAB_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An ISO time as the lab reads it: "Mar 5, 2025, 2:30 PM EST". */
export function formatLabTime(iso: string): string {
  return labTime.format(new Date(iso));
}

/**
 * A form's "YYYY-MM-DDTHH:MM" (an input of type datetime-local) read in the lab's time zone, as the
 * console shows times; undefined when it is not one.
 */
export function fromLabTime(value: string): Date | undefined {
  const day = /^\d{4}-\d{2}-(\d{2})T\d{2}:\d{2}$/.exec(value)?.[1];
  if (day === undefined) return undefined;
  const wanted = Date.parse(`${value}:00Z`);
  // Date.parse rolls "02-30" or "T24:00" over into another day: that is no time the form meant.
  if (Number.isNaN(wanted) || new Date(wanted).getUTCDate() !== Number(day)) return undefined;
  return new Date(zonedInstant(value.slice(0, 10), value.slice(11), LAB_TIME_ZONE));
}

/** A moment as a datetime-local input's value in the lab's time zone: fromLabTime's inverse. */
export function toLabTime(date: Date): string {
  const { day, time } = wallClock(date, LAB_TIME_ZONE);
  return `${day}T${time}`;
}

const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

/** A YYYY-MM-DD day: "Mar 5". */
export function formatDay(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

/** Whole dollars a month as the console writes them: "$1,490". */
export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}

/** How long ago, roughly: "3 h 20 min", "2 days". */
export function formatAge(iso: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${Math.floor(minutes / 1440)} days`;
}
