/**
 * A wall clock in an IANA time zone, read through Intl: the zone's rules (summer time included) are Intl's
 * business, so no offset is ever written down in the site. One formatter per zone, made once.
 */

/** What a wall clock in a zone shows at a moment. */
export interface WallClock {
  /** "2026-11-28" */
  day: string;
  /** "17:05" */
  time: string;
  /** "17:05:09" */
  seconds: string;
  /** "Friday" */
  weekday: string;
  /** The zone's offset that moment: "-05:00", "+00:00". */
  offset: string;
  /** The same digits read as UTC, in epoch ms: the wall clock's distance from UTC is `utcDigits - moment`. */
  utcDigits: number;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      ...{ year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'long' },
      ...{ hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'longOffset' },
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The wall clock of `timeZone` at `at`. */
export function wallClock(at: Date | number, timeZone: string): WallClock {
  const part = Object.fromEntries(
    clockOf(timeZone)
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  );
  const [year, month, day, hour, minute, second] = [
    part.year,
    part.month,
    part.day,
    part.hour,
    part.minute,
    part.second,
  ];
  return {
    day: `${year}-${month}-${day}`,
    time: `${hour}:${minute}`,
    seconds: `${hour}:${minute}:${second}`,
    weekday: part.weekday!,
    // "GMT-05:00", or "GMT" alone at offset zero.
    offset: part.timeZoneName!.replace('GMT', '') || '+00:00',
    utcDigits: Date.UTC(+year!, +month! - 1, +day!, +hour!, +minute!, +second!),
  };
}

/** The moment a wall clock in `timeZone` shows `day` at `time` ("2026-12-04", "09:00"). */
export function zonedInstant(day: string, time: string, timeZone: string): number {
  const wanted = Date.parse(`${day}T${time}:00Z`);
  // The zone's offset found from a first guess and checked once more (a change of summer time between).
  let at = wanted - (wallClock(wanted, timeZone).utcDigits - wanted);
  at += wanted - wallClock(at, timeZone).utcDigits;
  return at;
}
