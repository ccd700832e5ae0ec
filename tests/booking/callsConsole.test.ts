import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { bookAt, calendarOf, startBookingLab, stopBookingLab, WEDNESDAY_9_BOGOTA } from '../support/booking';
import type { TestApp } from '../support/helpers';
import type { MailServer } from '../support/mailServer';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';
import { until } from '../support/waits';

const HOUR = 3_600_000;

const cleanups: (() => unknown)[] = [];
let app: TestApp;
let smtp: MailServer;

beforeAll(async () => {
  ({ app, smtp } = await startBookingLab(cleanups));
  await addAccount(app.db, 'marco@meridianlab.test', undefined, {
    ...{ role: 'sales', name: 'Marco Díaz', office: 'Miami', languages: ['en'], timeZone: 'Europe/Madrid' },
  });
});
afterAll(() => stopBookingLab(cleanups));

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.recipients.includes(address));
const idOf = (email: string) =>
  (app.db.connection.prepare('SELECT id FROM bookings WHERE email = ?').get(email) as { id: number }).id;
const staff = () => sessionFor(app, 'marco@meridianlab.test');

describe('the console’s calls', () => {
  it('lists the calls to come by person and office in the viewer’s time zone', async () => {
    await bookAt(app, WEDNESDAY_9_BOGOTA, { email: 'list@example.com', name: 'Lista Visitante' });
    const marco = await staff();
    const page = await request(app).get('/staff/calls').set('Cookie', marco.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Europe/Madrid');
    // 14:00 UTC is 15:00 in Madrid, shown with the zone's name.
    expect(page.text).toMatch(/Wed, Mar 3, 3:00\s?PM GMT\+1/);
    expect(page.text).toContain('Lista Visitante, Panadería Sol');
    expect(page.text).toContain('Lucía Pérez');
    const miami = await request(app).get('/staff/calls').query({ office: 'Miami' }).set('Cookie', marco.cookie);
    expect(miami.text).not.toContain('Lista Visitante');
    const lucia = await request(app)
      .get('/staff/calls')
      .query({ person: 'lucia@meridianlab.test', office: 'Bogota' })
      .set('Cookie', marco.cookie);
    expect(lucia.text).toContain('Lista Visitante');
  });

  it('cancels on the visitor’s behalf with their METHOD:CANCEL; of two people cancelling at once one wins, the other is told', async () => {
    await bookAt(app, WEDNESDAY_9_BOGOTA + HOUR, { email: 'cancel@example.com' });
    const id = idOf('cancel@example.com');
    const [marco, owner] = [await staff(), await staff()];
    const answers = await Promise.all(
      [marco, owner].map((client) =>
        consolePost(app, `/staff/calls/${id}/cancel`, client, { sequence: '0', csrf: client.csrf }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    expect(answers.find((answer) => answer.status === 409)!.text).toContain('someone else changed this call meanwhile');
    await until('the cancel', () => mailsTo('cancel@example.com').length === 2);
    const [invitation, cancel] = mailsTo('cancel@example.com').map(calendarOf);
    expect(cancel).toMatchObject({ method: 'CANCEL', uid: invitation!.uid, sequence: 1 });
    expect(
      app.db.connection.prepare("SELECT next_step AS step FROM leads WHERE email = 'cancel@example.com'").get(),
    ).toEqual({
      step: '',
    });
    const audit = app.db.connection.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'call.cancel'").get();
    expect(audit).toEqual({ n: 1 });
  });

  it('moves on the visitor’s behalf with the same UID and a higher SEQUENCE; a move of an old version is refused, its choice kept', async () => {
    await bookAt(app, WEDNESDAY_9_BOGOTA + 2 * HOUR, { email: 'move@example.com' });
    const id = idOf('move@example.com');
    const marco = await staff();
    const to = WEDNESDAY_9_BOGOTA + 4 * HOUR;
    const form = await request(app).get(`/staff/calls/${id}`).set('Cookie', marco.cookie);
    expect(form.text).toContain(`value="${to}"`);
    const moved = await consolePost(app, `/staff/calls/${id}/move`, marco, {
      sequence: '0',
      slot: String(to),
      csrf: marco.csrf,
    });
    expect(moved.status).toBe(303);
    await until('the new invitation', () => mailsTo('move@example.com').length === 2);
    const [first, second] = mailsTo('move@example.com').map(calendarOf);
    expect(second).toMatchObject({ method: 'REQUEST', uid: first!.uid, sequence: 1, start: to });
    const later = String(to + HOUR);
    const stale = await consolePost(app, `/staff/calls/${id}/move`, marco, {
      sequence: '0',
      slot: later,
      csrf: marco.csrf,
    });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('someone else changed this call meanwhile');
    expect(stale.text).toContain(`value="${later}" selected=""`);
  });

  it('marks a call that is over; a no-show sends the visitor one “book again” e-mail in their language', async () => {
    await bookAt(app, WEDNESDAY_9_BOGOTA + 6 * HOUR, { email: 'noshow@example.com' });
    await bookAt(app, WEDNESDAY_9_BOGOTA + 7 * HOUR, { email: 'held@example.com', lang: 'en' });
    const [noShow, held] = [idOf('noshow@example.com'), idOf('held@example.com')];
    const early = await staff();
    expect(
      (
        await consolePost(app, `/staff/calls/${noShow}/outcome`, early, {
          sequence: '0',
          outcome: 'no-show',
          csrf: early.csrf,
        })
      ).status,
    ).toBe(409);
    vi.setSystemTime(WEDNESDAY_9_BOGOTA + 8 * HOUR);
    const [marco, other] = [await staff(), await staff()];
    const list = await request(app).get('/staff/calls').set('Cookie', marco.cookie);
    expect(list.text).toMatch(/Over, to mark held or no-show \(\d+\)/);
    const answers = await Promise.all(
      [marco, other].map((client) =>
        consolePost(app, `/staff/calls/${noShow}/outcome`, client, {
          sequence: '0',
          outcome: 'no-show',
          csrf: client.csrf,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    expect(
      (
        await consolePost(app, `/staff/calls/${held}/outcome`, marco, {
          sequence: '0',
          outcome: 'held',
          csrf: marco.csrf,
        })
      ).status,
    ).toBe(303);
    const refused = await consolePost(app, `/staff/calls/${held}/outcome`, marco, {
      sequence: '0',
      outcome: 'bogus',
      csrf: marco.csrf,
    });
    expect(refused.status).toBe(400);
    await until('the no-show e-mail', () => mailsTo('noshow@example.com').length === 2);
    const [, again] = mailsTo('noshow@example.com');
    expect(again!.parsed.subject).toBe('No pudimos hablar: reserve otra hora');
    expect(again!.parsed.text).toContain('https://meridianlab.test/es/reservar');
    expect(again!.parsed.text).toContain('miércoles, 3 de marzo');
    await until(
      'nothing left to send',
      () =>
        (
          app.db.connection
            .prepare("SELECT count(*) AS n FROM outbox WHERE kind = 'booking-no-show' AND status = 'queued'")
            .get() as { n: number }
        ).n === 0,
    );
    expect(mailsTo('noshow@example.com')).toHaveLength(2);
    expect(mailsTo('held@example.com')).toHaveLength(1);
    const page = await request(app).get(`/staff/calls/${noShow}`).set('Cookie', marco.cookie);
    expect(page.text).toContain('no-show (marked by marco@meridianlab.test)');
  });

  it('bad input never gives a 500', async () => {
    const marco = await staff();
    expect((await request(app).get('/staff/calls/abc').set('Cookie', marco.cookie)).status).toBe(404);
    expect((await request(app).get('/staff/calls/999999').set('Cookie', marco.cookie)).status).toBe(404);
    expect(
      (
        await request(app)
          .get('/staff/calls')
          .query({ person: ['a', 'b'], office: '<x>' })
          .set('Cookie', marco.cookie)
      ).status,
    ).toBe(200);
    const id = idOf('list@example.com');
    const bad: Record<string, string>[] = [
      {},
      { sequence: 'x' },
      { sequence: '0', slot: 'NaN' },
      { sequence: '-1', slot: '1' },
    ];
    for (const fields of bad)
      expect(
        (await consolePost(app, `/staff/calls/${id}/move`, marco, { ...fields, csrf: marco.csrf })).status,
      ).toBeLessThan(500);
    expect(
      (await consolePost(app, '/staff/calls/0/cancel', marco, { sequence: '0', csrf: marco.csrf })).status,
    ).toBeLessThan(500);
  });
});
