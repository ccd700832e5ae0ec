/**
 * The booking page's facts in no language (decision 082): the topics a call can be about and the offices by the
 * form's value; the time zones it offers are in bookingZones.ts.
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
