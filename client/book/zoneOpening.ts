/**
 * The booking page's first step before the page wakes (decision 100): its zone select shows the browser's own
 * zone, as the hydrated form does. A zone the list lacks needs the framework: then the page wakes at once.
 */
import { openZoneSelect } from '../../shared/components/book/zoneChoice';

/** True when the page must wake now to show the browser's zone. */
export function open(): boolean {
  const select = document.querySelector<HTMLSelectElement>('form.book-choose select[name="tz"]');
  return select ? !openZoneSelect(select) : false;
}
