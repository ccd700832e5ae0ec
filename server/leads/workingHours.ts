/**
 * A person's working hours read on their own clock: Intl gives the weekday and the time in their IANA zone at a
 * moment, so a change of summer time is the zone's business, never a fixed offset of ours (decision 079).
 */
import type { StaffProfile } from '../console/people/profile';
import type { WEEKDAYS } from '../console/people/profile';

type Weekday = (typeof WEEKDAYS)[number];

const clocks = new Map<string, Intl.DateTimeFormat>();
function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The weekday and "HH:MM" a wall clock in `timeZone` shows at `at`. */
function wallClock(timeZone: string, at: Date): { day: Weekday; time: string } {
  const parts = Object.fromEntries(
    clockOf(timeZone)
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  );
  return { day: parts.weekday!.toLowerCase() as Weekday, time: `${parts.hour}:${parts.minute}` };
}

/** Whether `at` falls within the person's hours of that day (from included, to excluded). */
export function isWorking({ hours, timeZone }: Pick<StaffProfile, 'hours' | 'timeZone'>, at: Date): boolean {
  const { day, time } = wallClock(timeZone, at);
  const range = hours[day];
  return range !== undefined && range.from <= time && time < range.to;
}
