/**
 * The time zones the booking page offers, each an IANA name (a visitor's own zone is added when the browser names
 * another), in a module of their own: the page's opening reads them before it wakes (decision 100), with nothing else.
 */

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
