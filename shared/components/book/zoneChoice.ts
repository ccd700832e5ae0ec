/**
 * The booking form's time zone before the page wakes (decision 100): client/book/zoneOpening.ts shows the
 * browser's own zone in the server's select and notes a zone the visitor picks there; ChooseStep, once hydrated,
 * keeps what the select shows.
 */
import { TIME_ZONES } from '../../content/bookingZones';

/** Temporal where the browser has it: its zone costs 0.1 ms, where Intl's first formatter costs 17–35 ms (decision 100). */
const temporal = (globalThis as { Temporal?: { Now: { timeZoneId(): string } } }).Temporal;

/** The zone the browser runs in, which the times are shown in until the visitor picks another. */
export const browserZone = (): string =>
  temporal ? temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The selects whose zone the visitor picked before the page woke. */
const pickedBeforeWake = new WeakSet<HTMLSelectElement>();

/**
 * Shows the browser's zone in the server's select and notes the visitor's pick. False when the list lacks that zone:
 * only the component can add it (an option the hydration does not expect would not match), so the page must wake.
 */
export function openZoneSelect(select: HTMLSelectElement): boolean {
  const zone = browserZone();
  if (!TIME_ZONES.includes(zone)) return false;
  select.value = zone;
  select.addEventListener('change', () => pickedBeforeWake.add(select), { once: true });
  return true;
}

/** The zone the hydrated form starts from: the select's own once the visitor picked it or the browser's zone was shown. */
export function zoneBeforeWake(select: HTMLSelectElement, rendered: string): string | undefined {
  return pickedBeforeWake.has(select) || select.value !== rendered ? select.value : undefined;
}
