import request from 'supertest';
import { vi } from 'vitest';

import type { StaffProfile } from '../../server/console/people/profile';
import type { Database } from '../../server/db';
import { calendarIn } from './calendar';
import { guardFields } from './formGuard';
import type { TestApp } from './helpers';
import { mailingApp } from './mailingApp';
import type { ReceivedMail } from './mailServer';
import { addAccount } from './staffHelpers';

/** Working every day, all day: a test finds free times whenever its clock says it is. */
export const ALWAYS = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    { from: '00:00', to: '23:59' },
  ]),
) as StaffProfile['hours'];

/** Lucía takes Spanish and English calls in Bogota, always: a slot is hers or taken. */
export const addLucia = (db: Database, profile: Partial<StaffProfile> = {}) =>
  addAccount(db, 'lucia@meridianlab.test', undefined, {
    ...{ role: 'sales', name: 'Lucía Pérez', office: 'Bogota', languages: ['es', 'en'] },
    ...{ timeZone: 'America/Bogota', hours: ALWAYS, ...profile },
  });

let client = 0;

/** The slots' page, whose form carries the booking's page token. */
const SLOTS_PAGE = `/es/reservar?${new URLSearchParams({ topic: 'ai-voice-systems', lang: 'es', office: '', tz: 'Europe/Madrid' })}`;

/**
 * A form post to the booking page as a person's browser without script sends it: from a client of its own (the
 * page limits posts per client), with the page token the slots' page carried (decision 088).
 */
export const bookingPost = async (app: TestApp, path: string, fields: Record<string, string>) =>
  request(app)
    .post(path)
    .type('form')
    .set('X-Forwarded-For', `198.51.100.${(client = (client % 250) + 1)}`)
    .send({ ...(await guardFields(app, 'booking', { path: SLOTS_PAGE })), ...fields });

/** Books the call starting at `start` (epoch ms) in Bogota: the manage token. */
export async function bookAt(
  app: TestApp,
  start: number,
  visitor: { email: string; lang?: 'en' | 'es'; name?: string; attribution?: string },
): Promise<string> {
  const lang = visitor.lang ?? 'es';
  const answer = await bookingPost(app, lang === 'es' ? '/es/reservar' : '/book', {
    ...{ topic: 'ai-voice-systems', lang, office: '', tz: 'Europe/Madrid', slot: `${start}.bogota` },
    ...{ name: visitor.name ?? 'Ana Gómez', email: visitor.email, company: 'Panadería Sol', phone: '', message: '' },
    ...(visitor.attribution ? { attribution: visitor.attribution } : {}),
  });
  if (answer.status !== 303) throw new Error(`Booking at ${new Date(start).toISOString()} answered ${answer.status}`);
  return /manage=([\w.-]+)/.exec(answer.headers.location!)![1]!;
}

/** The `.ics` an e-mail the tests' SMTP server received carries, read with a real parser. */
export const calendarOf = (mail: ReceivedMail) => calendarIn(mail.parsed);

/** A Monday noon UTC, where the booking tests that follow calls over days start. */
export const T0 = Date.parse('2027-03-01T12:00:00Z');
/** Wednesday 3 March 2027, 09:00 in Bogota: a working day there. */
export const WEDNESDAY_9_BOGOTA = Date.parse('2027-03-03T14:00:00Z');

/** A site that mails through a real SMTP server, its clock (Date alone) at T0, and Lucía taking calls. */
export async function startBookingLab(cleanups: (() => unknown)[]) {
  vi.useFakeTimers({ toFake: ['Date'], now: T0 });
  const made = await mailingApp(cleanups, { TRUST_PROXY: '1' });
  await addLucia(made.app.db);
  return made;
}

/** Closes what startBookingLab opened, last first, and gives the clock back. */
export async function stopBookingLab(cleanups: (() => unknown)[]) {
  for (const cleanup of cleanups.reverse()) await cleanup();
  vi.useRealTimers();
}
