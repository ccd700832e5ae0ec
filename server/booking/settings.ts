/**
 * The event type "Intro call" (decision 082): its length, the buffer after it, the notice it needs, how far ahead
 * it may be booked, how many a person takes a day, and the meeting link the invitation gives. A row of the
 * site's settings, edited by the owners in the console; the defaults stand until they do.
 */
import type { Queryable } from '../db';
import { readJsonSetting, writeSetting } from '../db/settings';

export interface EventSettings {
  durationMinutes: number;
  bufferMinutes: number;
  noticeMinutes: number;
  horizonDays: number;
  dailyCap: number;
  /** The video call's address every invitation carries; "" for none yet. */
  meetingUrl: string;
}

export const DEFAULT_SETTINGS: EventSettings = {
  durationMinutes: 30,
  bufferMinutes: 10,
  noticeMinutes: 240,
  horizonDays: 30,
  dailyCap: 6,
  meetingUrl: '',
};

/** Each number's bounds, for the console's form: what a lab could sensibly want. */
export const SETTING_BOUNDS = {
  durationMinutes: [10, 180],
  bufferMinutes: [0, 120],
  noticeMinutes: [0, 10_080],
  horizonDays: [1, 90],
  dailyCap: [1, 20],
} as const satisfies Record<Exclude<keyof EventSettings, 'meetingUrl'>, readonly [number, number]>;

const SETTINGS_KEY = 'booking_intro_call';

export async function readSettings(q: Queryable): Promise<EventSettings> {
  const saved = (await readJsonSetting(q, SETTINGS_KEY)) as Partial<EventSettings> | undefined;
  return { ...DEFAULT_SETTINGS, ...saved };
}

export async function writeSettings(q: Queryable, settings: EventSettings): Promise<void> {
  await writeSetting(q, SETTINGS_KEY, JSON.stringify(settings));
}

type Checked = { settings: EventSettings; problems?: undefined } | { settings?: undefined; problems: string[] };

/** Reads the console's form: each problem in words, or the settings. */
export function checkSettings(fields: Record<string, string | undefined>): Checked {
  const problems: string[] = [];
  const numbers: Partial<EventSettings> = {};
  for (const [name, [least, most]] of Object.entries(SETTING_BOUNDS)) {
    const typed = (fields[name] ?? '').trim();
    const value = /^\d{1,6}$/.test(typed) ? Number(typed) : NaN;
    if (!(value >= least && value <= most))
      problems.push(
        `${SETTING_LABELS[name as keyof typeof SETTING_BOUNDS]} is a whole number from ${least} to ${most}.`,
      );
    else Object.assign(numbers, { [name]: value });
  }
  const meetingUrl = (fields.meetingUrl ?? '').trim();
  if (meetingUrl !== '' && !/^https:\/\/[^\s]{3,500}$/.test(meetingUrl))
    problems.push('The meeting link is an https:// address, or empty.');
  if (problems.length > 0) return { problems };
  return { settings: { ...DEFAULT_SETTINGS, ...numbers, meetingUrl } };
}

export const SETTING_LABELS: Record<keyof typeof SETTING_BOUNDS, string> = {
  durationMinutes: 'Length of a call (minutes)',
  bufferMinutes: 'Buffer after a call (minutes)',
  noticeMinutes: 'Notice needed (minutes)',
  horizonDays: 'Bookable ahead (days)',
  dailyCap: 'Calls a day per person at most',
};
