/**
 * A booking's e-mails through the outbox (decision 082): to the visitor in their language, with the invitation
 * and the manage link (blanked from the outbox once sent), and to the person who takes the call. A message per
 * booking, version and recipient: a retry never sends one twice.
 */
import { BOOK_PATH } from '../../shared/content/bookingFacts';
import { siteFacts } from '../../shared/content/data';
import { book as enBook } from '../../shared/content/i18n/en/book';
import { book as esBook } from '../../shared/content/i18n/es/book';
import { callTime } from '../../shared/lib/callTime';
import { localizePath } from '../../shared/routes';
import { languageLabels } from '../console/people/profile';
import { headerText } from '../outbox/headerText';
import type { OutboxKind } from '../outbox/kinds';
import type { NewOutboxMessage } from '../outbox/store';
import { invitationIcs } from './invitation';
import type { CallTaker } from './people';
import type { Booking } from './store';
import { callWords, personWords } from './texts';

const visitorMail = { name: 'booking-visitor', channel: 'mail' } as const satisfies OutboxKind;
export const personMail = { name: 'booking-person', channel: 'mail' } as const satisfies OutboxKind;
export const bookingKinds: readonly OutboxKind[] = [visitorMail, personMail];

const topics = { en: enBook.choose.topics, es: esBook.choose.topics };

/** What changed: a new booking, a move (the invitation again, its SEQUENCE raised) or a cancel. */
export type BookingChange = 'booked' | 'moved' | 'cancelled';

interface MessageContext {
  siteUrl: string;
  /** The lab's address that organises every call: the invitation's ORGANIZER. */
  organizer: string;
  meetingUrl: string;
  /** The visitor's manage link's token; none for a cancel. */
  token?: string;
}

export function bookingMessages(
  booking: Booking,
  taker: Pick<CallTaker, 'name' | 'email' | 'timeZone'>,
  change: BookingChange,
  { siteUrl, organizer, meetingUrl, token }: MessageContext,
  now: Date,
): NewOutboxMessage[] {
  const words = callWords[booking.locale];
  const start = Date.parse(booking.startAt);
  const when = callTime(start, booking.locale, booking.timeZone);
  const topic = topics[booking.locale][booking.topic as keyof (typeof topics)['en']] ?? booking.topic;
  const visitorName = headerText(booking.name);
  const ics = invitationIcs({
    uid: booking.uid,
    sequence: booking.sequence,
    method: change === 'cancelled' ? 'CANCEL' : 'REQUEST',
    start: new Date(booking.startAt),
    end: new Date(booking.endAt),
    stamp: now,
    summary: words.title(siteFacts.name),
    description: words.description({ topic, person: taker.name, link: meetingUrl }),
    location: meetingUrl,
    organizer: { name: siteFacts.name, email: organizer },
    attendee: { name: visitorName, email: booking.email },
    language: booking.locale,
  });
  const calendar = { method: change === 'cancelled' ? 'CANCEL' : 'REQUEST', content: ics } as const;
  const bookPage = `${siteUrl}${localizePath(BOOK_PATH, booking.locale)}`;
  const manage = token ? `${bookPage}?manage=${token}` : '';
  const subject = {
    booked: words.bookedSubject(when),
    moved: words.movedSubject(when),
    cancelled: words.cancelledSubject(when),
  }[change];
  const text =
    change === 'cancelled'
      ? words.cancelledText({ name: visitorName, when, again: bookPage })
      : words.bookedText({
          name: visitorName,
          when,
          zone: booking.timeZone,
          person: taker.name,
          link: meetingUrl,
          manage,
        });
  const key = `${booking.id}:${booking.sequence}:${change}`;
  const personWhen = `${callTime(start, 'en', taker.timeZone)} (${callTime(start, 'en', booking.timeZone)} for the visitor)`;
  const personSubject = {
    booked: personWords.bookedSubject,
    moved: personWords.movedSubject,
    cancelled: personWords.cancelledSubject,
  }[change](visitorName, callTime(start, 'en', taker.timeZone));
  return [
    {
      kind: visitorMail.name,
      leadId: booking.leadId ?? undefined,
      dedupeKey: `booking-visitor:${key}`,
      mail: { to: booking.email, subject, text, calendar },
      ...(token ? { secret: token } : {}),
    },
    {
      kind: personMail.name,
      leadId: booking.leadId ?? undefined,
      dedupeKey: `booking-person:${key}`,
      mail: {
        to: taker.email,
        subject: personSubject,
        text: personWords.text({
          visitor: visitorName,
          company: headerText(booking.company),
          when: personWhen,
          topic: topics.en[booking.topic as keyof (typeof topics)['en']] ?? booking.topic,
          language: languageLabels[booking.locale],
          lead: booking.leadId ? `${siteUrl}/staff/leads/${booking.leadId}` : '-',
        }),
        calendar,
      },
    },
  ];
}
