/** The schedule form's time, typed in the lab's clock (the console shows every time in it), as an instant. */
import { LAB_TIME_ZONE } from '../staff/texts';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: LAB_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** How far the lab's clock is ahead of UTC at an instant, in milliseconds (negative in New York). */
function offsetAt(time: number): number {
  const value = Object.fromEntries(parts.formatToParts(new Date(time)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(+value.year!, +value.month! - 1, +value.day!, +value.hour!, +value.minute!);
  return wall - Math.floor(time / 60_000) * 60_000;
}

/** "2026-11-30T09:00" in the lab's clock as a Date, or null when it is no such time. */
export function fromLabTime(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // Twice: the offset at the guess may differ from the offset at the answer across a clock change.
  const guess = wall - offsetAt(wall);
  return new Date(wall - offsetAt(guess));
}

/** An instant as the form's value in the lab's clock. */
export function toLabTime(date: Date): string {
  return new Date(date.getTime() + offsetAt(date.getTime())).toISOString().slice(0, 16);
}
