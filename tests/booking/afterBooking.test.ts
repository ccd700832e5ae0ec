import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createOutbox } from '../../server/outbox/delivery';
import { erasePersonalData } from '../../server/privacy/personalData';
import {
  bookAt,
  bookingPost,
  calendarOf,
  startBookingLab,
  stopBookingLab,
  WEDNESDAY_9_BOGOTA,
} from '../support/booking';
import type { TestApp } from '../support/helpers';
import type { MailServer } from '../support/mailServer';
import { addAccount, sessionFor } from '../support/staffHelpers';
import { until } from '../support/waits';

const HOUR = 3_600_000;

const cleanups: (() => unknown)[] = [];
let app: TestApp;
let smtp: MailServer;

beforeAll(async () => {
  ({ app, smtp } = await startBookingLab(cleanups));
});
afterAll(() => stopBookingLab(cleanups));

const row = (sql: string, ...params: (string | number)[]) =>
  app.db.connection.prepare(sql).get(...params) as Record<string, unknown>;
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.recipients.includes(address));
describe('a booked call after booking', () => {
  it('a cancel clears its lead’s next step while the step is still that call', async () => {
    const token = await bookAt(app, WEDNESDAY_9_BOGOTA + 10 * HOUR, { email: 'step@example.com' });
    expect(row("SELECT next_step AS step FROM leads WHERE email = 'step@example.com'")).toEqual({ step: 'Intro call' });
    await bookingPost(app, '/es/reservar', { token, do: 'cancel' });
    expect(
      row("SELECT next_step AS step, next_step_due_at AS due FROM leads WHERE email = 'step@example.com'"),
    ).toEqual({
      step: '',
      due: null,
    });
  });

  it('the reports count the calls booked by first touch, last touch and campaign, cancelled ones left out', async () => {
    const touch = (source: string, campaign: string) => ({
      ...{ source, medium: 'email', campaign, content: '', referrer: '', landing: '/' },
    });
    const attribution = JSON.stringify({
      ...{ first: touch('newsletter', 'spring-calls'), last: touch('google', 'retargeting') },
      ...{ formPage: '/es/reservar', pagesSeen: 2 },
    });
    await bookAt(app, WEDNESDAY_9_BOGOTA + 26 * HOUR, { email: 'kept@example.com', attribution });
    const gone = await bookAt(app, WEDNESDAY_9_BOGOTA + 27 * HOUR, { email: 'gone@example.com', attribution });
    await bookingPost(app, '/es/reservar', { token: gone, do: 'cancel' });
    await addAccount(app.db, 'diego@meridianlab.test', undefined, { role: 'sales', name: 'Diego' });
    const diego = await sessionFor(app, 'diego@meridianlab.test');
    const rows = async (by: string) =>
      (
        JSON.parse((await request(app).get(`/staff/reports.json?by=${by}`).set('Cookie', diego.cookie)).text) as {
          rows: { group: string; leads: number; booked: number }[];
        }
      ).rows;
    expect(await rows('campaign')).toContainEqual(
      expect.objectContaining({ group: 'spring-calls', leads: 2, booked: 1 }),
    );
    expect(await rows('first')).toContainEqual(expect.objectContaining({ group: 'newsletter', booked: 1 }));
    expect(await rows('last')).toContainEqual(expect.objectContaining({ group: 'google', booked: 1 }));
    const html = (await request(app).get('/staff/reports?by=campaign').set('Cookie', diego.cookie)).text;
    expect(html).toContain('Calls booked');
  });

  it('never books a person more than the daily cap, however many ask at once', async () => {
    const starts = Array.from({ length: 9 }, (_, at) => WEDNESDAY_9_BOGOTA + at * HOUR);
    const answers = await Promise.all(
      starts.map((start, at) =>
        bookAt(app, start, { email: `cap${at}@example.com` }).then(
          () => 'booked',
          () => 'refused',
        ),
      ),
    );
    expect(answers.filter((answer) => answer === 'booked')).toHaveLength(6);
    const day = row(
      "SELECT count(*) AS n FROM bookings WHERE status = 'confirmed' AND start_at >= ? AND start_at < ?",
      '2027-03-03T05:00:00.000Z',
      '2027-03-04T05:00:00.000Z',
    );
    expect(day).toEqual({ n: 6 });
  });

  it('an erasure cancels the calls to come: the person gets the CANCEL, the visitor nothing, the outbox nothing of theirs', async () => {
    const start = Date.parse('2027-03-05T15:00:00Z');
    await bookAt(app, start, { email: 'erase.me@example.com', name: 'Eraseme Visitor' });
    await until('the invitations', () => mailsTo('erase.me@example.com').length === 1);
    const invitation = calendarOf(mailsTo('erase.me@example.com')[0]!);
    const toPerson = () => mailsTo('lucia@meridianlab.test').filter((mail) => /cancelled/.test(mail.parsed.subject!));
    const before = toPerson().length;
    const outbox = createOutbox(app.db, app.config);
    expect(await erasePersonalData(app.db, 'Erase.Me@example.com', new Date(), undefined, outbox)).toMatchObject({
      bookings: 1,
    });
    await until('the person’s cancel', () => toPerson().length === before + 1);
    const cancel = toPerson().at(-1)!;
    const { method, uid, sequence } = calendarOf(cancel);
    expect({ method, uid, sequence }).toEqual({ method: 'CANCEL', uid: invitation.uid, sequence: 1 });
    expect(cancel.parsed.subject).toBe('Intro call cancelled: Friday, March 5 at 10:00 AM');
    expect(cancel.raw.toString()).not.toMatch(/Eraseme|erase\.me/i);
    // Past the reminders' times: nothing more reaches the visitor, and no row names them.
    vi.setSystemTime(start - HOUR + 60_000);
    await until(
      'the reminders done',
      () =>
        row(
          "SELECT count(*) AS n FROM outbox WHERE status = 'queued' AND next_attempt_at <= ?",
          new Date().toISOString(),
        ).n === 0,
    );
    expect(mailsTo('erase.me@example.com')).toHaveLength(1);
    const kept = app.db.connection.prepare('SELECT payload FROM outbox').all() as { payload: string }[];
    expect(kept.filter((message) => /Eraseme|erase\.me/i.test(message.payload))).toEqual([]);
  });
});
