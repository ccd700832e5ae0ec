/**
 * A person's working hours read on their own clock: Intl gives the weekday and the time in their IANA zone at a
 * moment, so a change of summer time is the zone's business, never a fixed offset of ours (decision 079).
 */
import type { StaffProfile } from '../console/people/profile';
import type { WEEKDAYS } from '../console/people/profile';
import { wallClock } from '../lib/zonedTime';

type Weekday = (typeof WEEKDAYS)[number];

/** Whether `at` falls within the person's hours of that day (from included, to excluded). */
export function isWorking({ hours, timeZone }: Pick<StaffProfile, 'hours' | 'timeZone'>, at: Date): boolean {
  const { weekday, time } = wallClock(at, timeZone);
  const range = hours[weekday.toLowerCase() as Weekday];
  return range !== undefined && range.from <= time && time < range.to;
}
