/** The visitor's e-mail after a call they missed (decision 087): no blame, a link to book again, in their language. */
import { BOOK_PATH } from '../../../shared/content/bookingFacts';
import { callTime } from '../../../shared/lib/callTime';
import type { Locale } from '../../../shared/lib/locale';
import { localizePath } from '../../../shared/routes';
import { headerText } from '../../outbox/headerText';
import type { OutboxKind } from '../../outbox/kinds';
import type { NewOutboxMessage } from '../../outbox/store';
import type { Booking } from '../store';

const noShowMail = { name: 'booking-no-show', channel: 'mail' } as const satisfies OutboxKind;
export const noShowKinds: readonly OutboxKind[] = [noShowMail];

const words: Record<Locale, { subject: string; text: (name: string, when: string, again: string) => string }> = {
  en: {
    subject: 'We missed you: book another time',
    text: (name, when, again) =>
      `Hello ${name},\n\nWe were ready for your intro call of ${when} but could not reach you. ` +
      `If you still want to talk, choose another time: ${again}\n`,
  },
  es: {
    subject: 'No pudimos hablar: reserve otra hora',
    text: (name, when, again) =>
      `Hola, ${name}:\n\nTeníamos lista su llamada de presentación del ${when}, pero no pudimos contactarle. ` +
      `Si todavía quiere hablar, elija otra hora: ${again}\n`,
  },
};

export function noShowMessage(booking: Booking, siteUrl: string): NewOutboxMessage {
  const said = words[booking.locale];
  const when = callTime(Date.parse(booking.startAt), booking.locale, booking.timeZone);
  return {
    kind: noShowMail.name,
    leadId: booking.leadId ?? undefined,
    dedupeKey: `booking-no-show:${booking.id}`,
    mail: {
      to: booking.email,
      subject: said.subject,
      text: said.text(headerText(booking.name), when, `${siteUrl}${localizePath(BOOK_PATH, booking.locale)}`),
    },
  };
}
