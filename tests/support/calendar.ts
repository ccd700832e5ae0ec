import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';

/** The `.ics` an e-mail carries, read with a real parser: what the tests check of an invitation or a cancel. */
export function calendarIn(mail: ParsedMail) {
  const part = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(part!.content.toString('utf8')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime(),
    summary: event.getFirstPropertyValue('summary'),
    organizer: event.getFirstPropertyValue('organizer'),
  };
}
