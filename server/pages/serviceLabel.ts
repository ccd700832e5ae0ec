import { catalogues } from './catalogues';

/** A service's name as the contact form lists it (a lead's, a report's row); a dash when none was chosen. */
export function serviceLabel(value: string): string {
  if (value === '' || value === '(none)') return '—';
  return catalogues.en.contact.serviceOptions.find((option) => option.value === value)?.label ?? value;
}
