import { createContext } from 'react';

import type { BookingTopic } from '../../content/bookingFacts';
import type { Locale } from '../../lib/locale';

/** The visitor's choices of the first step, as the slots' page carries them on. */
interface BookingChoice {
  topic: BookingTopic;
  language: Locale;
  /** The office's form value ("new-york"), or "" for any. */
  office: string;
  zone: string;
}

/** A free time as the page lists it: its start (epoch ms), its office's form value and that office's zone. */
export interface OfferedSlot {
  start: number;
  office: string;
  officeZone: string;
}

export type BookingField = 'name' | 'email' | 'company' | 'phone' | 'message';

/**
 * What the server shows on the booking page's later steps, for one answer (never cached, no script): the free
 * times with the details form, or a manage link's page. Without it the page is its first step.
 */
export type BookingView =
  | {
      step: 'slots';
      choice: BookingChoice;
      slots: readonly OfferedSlot[];
      /** Where the next week of free times starts (epoch ms), when there are more. */
      later: number | null;
      values: Partial<Record<BookingField | 'slot', string>>;
      problems: readonly string[];
      taken: boolean;
      /** The visit's source, carried to the booking (decision 047). */
      attribution: string;
    }
  | {
      step: 'manage';
      token: string;
      start: number;
      zone: string;
      email: string;
      slots: readonly OfferedSlot[];
      notice: 'booked' | 'moved' | 'taken' | '';
    }
  | { step: 'stale'; reason: 'cancelled' | 'moved' | 'invalid'; justCancelled: boolean };

export const BookingViewContext = createContext<BookingView | null>(null);
