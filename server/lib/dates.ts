import type { Locale } from '../../shared/lib/locale';
import { localeTags } from '../../shared/lib/locale';

/**
 * "2024-03-15" as "March 15, 2024" or "15 de marzo de 2024". Read in UTC, so it is the same
 * date wherever it runs. The build and the server call it (posts. and legal pages' dates ship as text): a
 * browser's first Intl date format costs tens of milliseconds on a slow phone.
 */
export function formatDate(isoDate: string, locale: Locale): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  // Date() rolls 30 February over into March: only a date that reads back the same is one.
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(isoDate)) return isoDate;
  return new Intl.DateTimeFormat(localeTags[locale].intl, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
