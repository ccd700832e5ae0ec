/**
 * Speed to lead (decisions 079, 080): how long a lead waited for the staff's first action (a status change or a
 * note), counted in the office hours of its office only, so a lead sent on Friday evening and answered on Monday at
 * opening waited minutes, not days. The office's days and hours are the site's opening hours, on the office's own
 * clock (its IANA zone, read through Intl: never a fixed offset).
 */
import type { City } from '../../shared/content/data';
import { siteFacts } from '../../shared/content/data';
import { OFFICE_TIME_ZONES, OFFICES } from '../console/people/profile';
import { wallClock, zonedInstant } from '../lib/zonedTime';

/**
 * A lead's office, as SQL over `leads` (decision 080): its owner's office, else the lab's first office, while the
 * contact form asks for none.
 */
export const LEAD_OFFICE = `coalesce((SELECT office FROM staff_accounts WHERE lower(staff_accounts.email) = lower(leads.owner)), '${OFFICES[0]}')`;

/** An office as read from the database: one of the offices, else the lab's first. */
export const officeOf = (office: string): City => OFFICES.find((city) => city === office) ?? OFFICES[0]!;

const DAY_MS = 86_400_000;

/** An office's calendar day: when it opens and closes (equal on a day it is shut), and the day after. */
interface OfficeDay {
  opens: number;
  closes: number;
  next: string;
}

/**
 * Office days as worked out once: each takes several readings of Intl's clock, and the alert bar of every console
 * page counts the office minutes of each waiting lead over up to two weeks. Cleared past a bound: days only add up.
 */
const officeDays = new Map<string, OfficeDay>();
const OFFICE_DAYS_KEPT = 10_000;

function officeDay(day: string, zone: string): OfficeDay {
  const key = `${zone} ${day}`;
  const known = officeDays.get(key);
  if (known) return known;
  const { days, opens, closes } = siteFacts.openingHours;
  // Noon steps past any summer-time change.
  const noon = zonedInstant(day, '12:00', zone);
  const open = (days as readonly string[]).includes(wallClock(noon, zone).weekday);
  const made = {
    opens: open ? zonedInstant(day, opens, zone) : noon,
    closes: open ? zonedInstant(day, closes, zone) : noon,
    next: wallClock(noon + DAY_MS, zone).day,
  };
  if (officeDays.size >= OFFICE_DAYS_KEPT) officeDays.clear();
  officeDays.set(key, made);
  return made;
}

/** Minutes of office hours of `office` between two moments (0 when the second is not after the first). */
export function officeMinutes(from: Date, to: Date, office: City): number {
  const zone = OFFICE_TIME_ZONES[office];
  let counted = 0;
  // Each calendar day of the office from the first moment's to the last's.
  const last = wallClock(to.getTime(), zone).day;
  for (let day = wallClock(from.getTime(), zone).day; day <= last;) {
    const { opens, closes, next } = officeDay(day, zone);
    const start = Math.max(from.getTime(), opens);
    const end = Math.min(to.getTime(), closes);
    if (end > start) counted += end - start;
    day = next;
  }
  return counted / 60_000;
}

/** The nearest-rank percentile of some figures (undefined with none). */
function percentile(sorted: readonly number[], share: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)];
}

export interface SpeedRow {
  /** The Monday of the lead's arrival week (the lab's day), its office and its owner. */
  week: string;
  office: string;
  owner: string;
  /** Office minutes from arrival to the first staff action. */
  minutes: number;
}

export interface SpeedFigure {
  key: string;
  leads: number;
  median: number;
  p90: number;
}

/** The median and the 90th percentile of the rows, grouped by week, office or owner. */
export function speedFigures(rows: readonly SpeedRow[], by: 'week' | 'office' | 'owner'): SpeedFigure[] {
  const groups = new Map<string, number[]>();
  for (const row of rows) groups.set(row[by], [...(groups.get(row[by]) ?? []), row.minutes]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, minutes]) => {
      const sorted = [...minutes].sort((a, b) => a - b);
      return { key, leads: sorted.length, median: percentile(sorted, 0.5)!, p90: percentile(sorted, 0.9)! };
    });
}
