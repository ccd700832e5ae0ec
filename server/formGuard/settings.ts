import type { Queryable } from '../db';
import { readJsonSetting, writeSetting } from '../db/settings';

/**
 * The guard's thresholds and each check's weight (decision 073), which the owners tune in the console: a
 * submission whose reasons add up to `threshold` or more is quarantined.
 */
export const DEFAULT_GUARD_SETTINGS = {
  threshold: 50,
  /** Fewer seconds than this between the page (or the proof's token) and the post is too fast for a person. */
  minSeconds: 2,
  /** Posts one client may have delivered per form in 10 minutes. */
  perClient: 5,
  /** Posts one e-mail address may have delivered per form in 10 minutes. */
  perAddress: 5,
  honeypot: 100,
  noToken: 100,
  tooFast: 60,
  noProof: 20,
  badProof: 100,
  clientLimit: 100,
  addressLimit: 100,
  noMailDomain: 60,
  duplicate: 25,
  /** Per link in the message, counted up to four. */
  link: 10,
  /** The most hashes a proof of work asks for (half of it on average): at most about 0.4 s on a mid-range phone. */
  proofWork: 10_000,
};
export type GuardSettings = typeof DEFAULT_GUARD_SETTINGS;
export type GuardSetting = keyof GuardSettings;
export const GUARD_SETTING_NAMES = Object.keys(DEFAULT_GUARD_SETTINGS) as GuardSetting[];
/** Every value is a whole number in this range. */
export const SETTING_MAX = 1_000_000;

const KEY = 'form_guard';

/** The settings in the database's `settings` table (one JSON row), over the defaults for what it lacks. */
export async function readGuardSettings(
  db: Queryable,
  defaults: GuardSettings = DEFAULT_GUARD_SETTINGS,
): Promise<GuardSettings> {
  const saved = ((await readJsonSetting(db, KEY)) ?? {}) as Partial<Record<string, unknown>>;
  const settings = { ...defaults };
  for (const name of GUARD_SETTING_NAMES) {
    const value = saved[name];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= SETTING_MAX)
      settings[name] = value;
  }
  return settings;
}

export async function saveGuardSettings(db: Queryable, settings: GuardSettings): Promise<void> {
  await writeSetting(db, KEY, JSON.stringify(settings));
}
