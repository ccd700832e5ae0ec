/**
 * A staff member as a person: the name shown wherever the console names who did something, the office, the
 * languages they take calls in, their time zone and working hours (which booking will read).
 */
import type { City } from '../../../shared/content/data';
import { officeFacts } from '../../../shared/content/data';
import type { Role } from '../roles';
import { isRole } from '../roles';

/** The offices, as the site's content lists them. */
export const OFFICES: readonly City[] = officeFacts.map((office) => office.city);

/** Each office's clock: a new member's time zone until they change it. */
export const OFFICE_TIME_ZONES: Record<City, string> = {
  Miami: 'America/New_York',
  'New York': 'America/New_York',
  Bogota: 'America/Bogota',
};

export const LANGUAGES = ['en', 'es'] as const;
type Language = (typeof LANGUAGES)[number];
export const languageLabels: Record<Language, string> = { en: 'English', es: 'Spanish' };

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
type Weekday = (typeof WEEKDAYS)[number];

/** A day's working hours, "09:00" to "17:30" in the member's time zone; a day left out is not worked. */
type WorkingHours = Partial<Record<Weekday, { from: string; to: string }>>;

/** A new person's hours from the staff command until they change them: Monday to Friday, 09:00 to 17:00. */
export const DEFAULT_HOURS: WorkingHours = Object.fromEntries(
  WEEKDAYS.slice(0, 5).map((day) => [day, { from: '09:00', to: '17:00' }]),
);

export interface StaffProfile {
  name: string;
  office: City;
  languages: Language[];
  timeZone: string;
  hours: WorkingHours;
  role: Role;
}

export const NAME_MAX = 80;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether a zone is an IANA name this runtime knows: Intl decides, never a list of our own. */
function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone as Intl spells it ("america/bogota" → "America/Bogota"). */
const canonicalZone = (zone: string) => new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;

/** A form's fields as the person typed them; a language ticked is "language_en": "on". */
export type ProfileFields = Record<string, string | undefined>;

type Checked = { profile: StaffProfile; problems?: undefined } | { profile?: undefined; problems: string[] };

const text = (value: string | undefined) => (value ?? '').trim();

/** Reads a profile form; each problem in words, or the profile. */
export function checkProfile(fields: ProfileFields): Checked {
  const problems: string[] = [];
  const name = text(fields.name);
  if (name === '') problems.push('Enter the person’s name.');
  else if (name.length > NAME_MAX) problems.push(`The name is at most ${NAME_MAX} characters.`);
  const office = OFFICES.find((city) => city === text(fields.office));
  if (!office) problems.push('Choose an office.');
  const languages = LANGUAGES.filter((language) => fields[`language_${language}`] === 'on');
  if (languages.length === 0) problems.push('Tick at least one language the person takes calls in.');
  const typedZone = text(fields.timeZone);
  const zone = typedZone === '' && office ? OFFICE_TIME_ZONES[office] : typedZone;
  if (!isTimeZone(zone)) problems.push(`"${typedZone}" is not a time zone: use a name such as America/Bogota.`);
  const role = text(fields.role);
  if (!isRole(role)) problems.push('Choose a role.');
  const hours: WorkingHours = {};
  for (const day of WEEKDAYS) {
    const from = text(fields[`${day}From`]);
    const to = text(fields[`${day}To`]);
    if (from === '' && to === '') continue;
    if (!TIME.test(from) || !TIME.test(to) || from >= to)
      problems.push(
        `The hours of ${day[0]!.toUpperCase()}${day.slice(1)} need a start before the end, as 09:00 and 17:00.`,
      );
    else hours[day] = { from, to };
  }
  if (problems.length > 0 || !office || !isRole(role)) return { problems };
  return { profile: { name, office, languages, timeZone: canonicalZone(zone), hours, role } };
}

/** A stored profile as the form shows it, so a refused form shows what was typed instead. */
export function profileFields(profile: StaffProfile): ProfileFields {
  const fields: ProfileFields = {
    name: profile.name,
    office: profile.office,
    timeZone: profile.timeZone,
    role: profile.role,
  };
  for (const language of profile.languages) fields[`language_${language}`] = 'on';
  for (const [day, range] of Object.entries(profile.hours)) {
    fields[`${day}From`] = range.from;
    fields[`${day}To`] = range.to;
  }
  return fields;
}
