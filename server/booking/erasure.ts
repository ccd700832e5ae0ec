/**
 * An erasure and the erased person's calls to come (decision 087): each is cancelled, and the person who was to
 * take it gets the invitation's METHOD:CANCEL so their calendar frees the time. The visitor is mailed nothing: they
 * asked for their data to go, so nothing of theirs is written to the outbox, and the person's notice names the time
 * alone. The erasure then deletes the bookings (server/privacy/personalData.ts).
 */
import { siteFacts } from '../../shared/content/data';
import { callTime } from '../../shared/lib/callTime';
import type { Queryable } from '../db';
import type { OutboxStore } from '../outbox/store';
import { invitationIcs } from './invitation';
import { personMail } from './messages';
import type { Booking } from './store';
import { bookingIn, cancelIn } from './store';

/** Cancels the address's calls to come in `tx`, queuing each person's cancel; how many. */
export async function cancelCallsOfErased(
  tx: Queryable,
  outbox: OutboxStore,
  email: string,
  now: Date,
): Promise<number> {
  const ids = await tx.all<{ id: number }>(
    `SELECT id FROM bookings WHERE lower(email) = lower(?) AND status = 'confirmed' AND start_at > ?`,
    email,
    now.toISOString(),
  );
  for (const { id } of ids) {
    const booking = (await bookingIn(tx, Number(id)))!;
    if (!(await cancelIn(tx, booking.id, booking.sequence, now.getTime()))) continue;
    await outbox.enqueue(await personCancel(tx, { ...booking, sequence: booking.sequence + 1 }, now), now, tx);
  }
  return ids.length;
}

async function personCancel(tx: Queryable, booking: Booking, now: Date) {
  const person = await tx.get<{ name: string; timeZone: string }>(
    'SELECT name, time_zone AS "timeZone" FROM staff_accounts WHERE id = ?',
    booking.personId,
  );
  const start = Date.parse(booking.startAt);
  const when = callTime(start, 'en', person?.timeZone || 'UTC');
  const ics = invitationIcs({
    ...{ uid: booking.uid, sequence: booking.sequence, method: 'CANCEL', stamp: now },
    ...{ start: new Date(booking.startAt), end: new Date(booking.endAt), location: '' },
    summary: `Intro call with ${siteFacts.name}`,
    description: 'Cancelled: the visitor asked for their data to be erased.',
    organizer: { name: siteFacts.name, email: siteFacts.email },
    attendee: { name: person?.name || booking.personEmail, email: booking.personEmail },
    language: 'en',
  });
  return {
    kind: personMail.name,
    dedupeKey: `booking-person:${booking.id}:${booking.sequence}:erased`,
    mail: {
      to: booking.personEmail,
      subject: `Intro call cancelled: ${when}`,
      text: `The intro call of ${when} is cancelled: the visitor asked for their data to be erased, so nothing of theirs is kept and they will not be contacted.\n`,
      calendar: { method: 'CANCEL', content: ics } as const,
    },
  };
}
