/**
 * The booking page's facts in no language (decision 082): the topics a call can be about, the offices by the
 * form's value, and the time zones the page offers, each an IANA name (a visitor's own zone is added when the
 * browser names another).
 */
import type { City, PlanId } from './data';
import { planFacts } from './data';

export const BOOK_PATH = '/book';

export type BookingTopic = PlanId | 'other';
export const BOOKING_TOPICS: readonly BookingTopic[] = [...planFacts.map((plan) => plan.id), 'other'];

/** The form's value of each office: a word without spaces, as the staff command takes it too. */
export const BOOKING_OFFICES: Readonly<Record<string, City>> = {
  miami: 'Miami',
  'new-york': 'New York',
  bogota: 'Bogota',
};

/** Each language's zone before the visitor picks one: the offices' own. */
export const DEFAULT_ZONES = { en: 'America/New_York', es: 'America/Bogota' } as const;

export const TIME_ZONES: readonly string[] = [
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Phoenix',
  'America/Chicago',
  'America/Mexico_City',
  'America/Bogota',
  'America/Lima',
  'America/Panama',
  'America/New_York',
  'America/Toronto',
  'America/Caracas',
  'America/Santo_Domingo',
  'America/Puerto_Rico',
  'America/La_Paz',
  'America/Santiago',
  'America/Argentina/Buenos_Aires',
  'America/Sao_Paulo',
  'America/Montevideo',
  'Atlantic/Canary',
  'Europe/London',
  'Europe/Lisbon',
  'Europe/Madrid',
  'Europe/Paris',
  'Europe/Berlin',
  'UTC',
];
