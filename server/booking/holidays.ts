/**
 * The days an office is closed: the public holidays of its country from the maintained `date-holidays` data
 * (US federal for Miami and New York, Colombia's festivos with their Monday moves for Bogota), never a list of
 * our own (decision 082). Each office's year is read once.
 */
import Holidays from 'date-holidays';

import type { City } from '../../shared/content/data';
import { officeFacts } from '../../shared/content/data';

const countries = new Map(officeFacts.map((office) => [office.city, office.addressCountry]));
const years = new Map<string, ReadonlySet<string>>();

/** The office's public holidays of a year, as local days ("2027-11-25"). */
function closedDays(office: City, year: number): ReadonlySet<string> {
  const key = `${office} ${year}`;
  let days = years.get(key);
  if (!days) {
    const holidays = new Holidays(countries.get(office) ?? 'US').getHolidays(year);
    days = new Set(holidays.filter((day) => day.type === 'public').map((day) => day.date.slice(0, 10)));
    years.set(key, days);
  }
  return days;
}

/** Whether the office is closed on its local day `day` ("YYYY-MM-DD"). */
export const isHoliday = (office: City, day: string): boolean => closedDays(office, Number(day.slice(0, 4))).has(day);
