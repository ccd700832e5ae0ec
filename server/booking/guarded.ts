/**
 * A booking the forms' guard held (decisions 073, 088): while it is in the quarantine it holds no time and mails
 * nobody. "Not spam" books it then as if it had just arrived; when its time is gone by then, it lands as a lead
 * with a note for its owner to offer another time, never as a second booking of that time.
 */
import { DateTime } from 'luxon';

import type { Database } from '../db';
import type { BookingLeads, BookingService, Visit } from './service';
import type { BookingRequest } from './store';

/** What the quarantine keeps of a booking: no client address, as for every held post. */
export interface HeldBooking {
  request: BookingRequest;
  attribution: Visit['attribution'];
  userAgent: string;
}

/** The note its lead gets, in the staff's language, with the time asked for in UTC. */
const takenNote = (start: number) =>
  `Asked for an intro call at ${DateTime.fromMillis(start, { zone: 'UTC' }).toFormat("yyyy-MM-dd HH:mm 'UTC'")}; ` +
  'the booking was held by the form checks, and by the time it was let through the time was taken. ' +
  'Offer the visitor another time.';

export function heldBookingDelivery(
  db: Database,
  service: BookingService,
  leads: Pick<BookingLeads, 'add'>,
): (held: HeldBooking) => Promise<void> {
  return async ({ request, attribution, userAgent }) => {
    const client = { address: '', userAgent };
    const outcome = await service.book(request, { client, attribution });
    if (!('taken' in outcome)) return;
    const { name, email, company, phone, message, topic, language } = request;
    const id = await leads.add(
      {
        ...{ name, email, company, phone, message, heard: '', heardtext: '', locale: language },
        ...{ service: topic === 'other' ? 'consultation' : topic, ...attribution },
      },
      client,
    );
    await db.run(
      'INSERT INTO lead_notes (lead_id, staff_email, created_at, body) VALUES (?, ?, ?, ?)',
      id,
      'booking page',
      new Date().toISOString(),
      takenNote(request.start),
    );
  };
}
