import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { erasePersonalData, exportPersonalData } from '../../server/privacy/personalData';
import { ALWAYS, bookingPost, calendarOf } from '../support/booking';
import type { TestApp } from '../support/helpers';
import { mailingApp } from '../support/mailingApp';
import type { MailServer } from '../support/mailServer';
import { addAccount } from '../support/staffHelpers';

const cleanups: (() => unknown)[] = [];
let app: TestApp;
let smtp: MailServer;

beforeAll(async () => {
  ({ app, smtp } = await mailingApp(cleanups, { TRUST_PROXY: '1', LOG_LEVEL: 'error' }));
  // One person takes Spanish calls in Bogota: a slot is hers or taken.
  await addAccount(app.db, 'lucia@meridianlab.test', undefined, {
    ...{ role: 'sales', name: 'Lucía Pérez', office: 'Bogota', languages: ['es'] },
    ...{ timeZone: 'America/Bogota', hours: ALWAYS },
  });
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const choice = { topic: 'ai-voice-systems', lang: 'es', office: '', tz: 'Europe/Madrid' };

const post = (path: string, fields: Record<string, string>) => bookingPost(app, path, fields);
const visitor = { name: 'Ana Gómez', email: 'ana@example.com', company: 'Panadería Sol', phone: '', message: 'Hola' };

/** The free times the slots page offers, as their radio values. */
async function offeredSlots(): Promise<string[]> {
  const page = await request(app).get('/es/reservar').query(choice);
  expect(page.status).toBe(200);
  return [...page.text.matchAll(/name="slot" value="([\d]+\.[a-z-]+)"/g)].map((match) => match[1]!);
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.recipients.includes(address));
const manageToken = (location: string) => /manage=([\w.-]+)/.exec(location)![1]!;

describe('booking an intro call without script', () => {
  it('shows the first step, then free times grouped by day in the visitor’s zone with the office’s time beside', async () => {
    const first = await request(app).get('/es/reservar');
    expect(first.text).toContain('name="tz"');
    expect(first.text).toContain('Ver horas libres');
    const page = await request(app).get('/es/reservar').query(choice);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toMatch(
      /<fieldset class="book-day"><legend class="book-day__legend">[a-záéíóú]+, \d+ de [a-z]+</,
    );
    expect(page.text).toContain('Oficina de Bogotá: ');
    expect(page.text).toMatch(/\d{1,2}:\d{2} [ap]\.\s?m\./);
    expect((await offeredSlots()).length).toBeGreaterThan(0);
  });

  it('books: a lead with its owner and next step, a Spanish invitation to the visitor and the person, a manage link', async () => {
    const [slot] = await offeredSlots();
    const start = Number(slot!.split('.')[0]);
    const booked = await post('/es/reservar', { ...choice, ...visitor, slot: slot! });
    expect(booked.status).toBe(303);
    expect(booked.headers.location).toMatch(/^\/es\/reservar\?manage=[\w.-]+&notice=booked$/);
    const done = await request(app).get(booked.headers.location!);
    expect(done.text).toContain('Su llamada quedó reservada');
    // "9:00 a. m." ends the sentence with its own period.
    expect(done.text).toMatch(/Nos vemos el [^<]*m\. Enviamos/);
    const lead = app.db.connection
      .prepare(
        `SELECT owner, next_step AS step, next_step_due_at AS due, locale, consent_channel AS channel,
           first_action_at = received_at AS answered, first_action_office_seconds AS waited FROM leads`,
      )
      .get() as Record<string, string>;
    expect(lead).toEqual({
      owner: 'lucia@meridianlab.test',
      step: 'Intro call',
      due: new Date(start).toISOString(),
      locale: 'es',
      channel: 'booking form on /es/reservar',
      // A booked call is its lead's first answer (decision 080): it waited for none.
      answered: 1,
      waited: 0,
    });
    await smtp.waitFor(2 + 2); // the booking's two, the lead's notification and its owner's
    const [mail] = mailsTo('ana@example.com');
    expect(mail!.parsed.subject).toMatch(
      /^Su llamada de presentación: [a-záéíóú]+, \d+ de [a-z]+, \d{1,2}:\d{2} [ap]\. m\.$/,
    );
    expect(mail!.parsed.text).toContain(
      `https://meridianlab.test/es/reservar?manage=${manageToken(booked.headers.location!)}`,
    );
    const invitation = calendarOf(mail!);
    expect(invitation).toMatchObject({
      method: 'REQUEST',
      sequence: 0,
      start,
      summary: 'Llamada de presentación con Meridian Lab',
    });
    expect(invitation.organizer).toBe('mailto:hello@meridianlab.dev');
    expect(
      calendarOf(mailsTo('lucia@meridianlab.test').find((m) => m.parsed.subject!.startsWith('Intro call'))!).uid,
    ).toBe(invitation.uid);
  });

  it('a refused form is shown again with everything typed and the reasons', async () => {
    const [slot] = await offeredSlots();
    const refused = await post('/es/reservar', { ...choice, ...visitor, name: '', email: 'ana@', slot: slot! });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Escriba su nombre.');
    expect(refused.text).toContain('Escriba un correo como nombre@ejemplo.com.');
    expect(refused.text).toContain('value="ana@"');
    expect(refused.text).toContain('Panadería Sol');
    expect(refused.text).toContain(`checked="" value="${slot}"`);
  });

  it('50 simultaneous requests for one slot with one person free give one booking; the others are told it was just taken', async () => {
    const slot = (await offeredSlots())[5]!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, at) =>
        post('/es/reservar', { ...choice, ...visitor, email: `racer${at}@example.com`, slot }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(1);
    const taken = answers.filter((answer) => answer.status === 409);
    expect(taken).toHaveLength(49);
    expect(taken[0]!.text).toContain('Esa hora se acaba de reservar');
    expect(taken[0]!.text).toContain('name="slot"');
    expect(taken[0]!.text).not.toContain(`value="${slot}"`);
    // What they typed stays.
    expect(taken[0]!.text).toContain('Panadería Sol');
    const start = new Date(Number(slot.split('.')[0])).toISOString();
    const row = app.db.connection.prepare('SELECT count(*) AS n FROM bookings WHERE start_at = ?').get(start) as {
      n: number;
    };
    expect(row.n).toBe(1);
  });

  it('the database refuses an overlapping booking of one person on its own (the trigger)', () => {
    const existing = app.db.connection.prepare('SELECT * FROM bookings LIMIT 1').get() as Record<string, string>;
    expect(() =>
      app.db.connection
        .prepare(
          `INSERT INTO bookings (uid, person_id, person_email, status, start_at, end_at, block_end_at, office, topic,
             locale, time_zone, name, email, company, created_at, updated_at)
           VALUES ('x@test', ?, ?, 'confirmed', ?, ?, ?, 'Bogota', 'other', 'es', 'UTC', 'X', 'x@example.com', 'X', '', '')`,
        )
        .run(existing.person_id!, existing.person_email!, existing.start_at!, existing.end_at!, existing.block_end_at!),
    ).toThrow(/booking overlaps another/);
  });

  it('moves from the link with the same UID and a higher SEQUENCE; the old link then says so and acts no more', async () => {
    const slots = await offeredSlots();
    const booked = await post('/es/reservar', { ...choice, ...visitor, email: 'mover@example.com', slot: slots[10]! });
    const token = manageToken(booked.headers.location!);
    const moved = await post('/es/reservar', { token, do: 'move', slot: slots[12]! });
    expect(moved.status).toBe(303);
    const newToken = manageToken(moved.headers.location!);
    expect(newToken).not.toBe(token);
    await smtp.waitFor(smtp.received.length + 1);
    const invitations = () => mailsTo('mover@example.com').map(calendarOf);
    await expect.poll(() => invitations().length).toBe(2);
    const [first, second] = invitations();
    expect(second).toMatchObject({
      method: 'REQUEST',
      uid: first!.uid,
      sequence: 1,
      start: Number(slots[12]!.split('.')[0]),
    });
    const old = await request(app).get('/es/reservar').query({ manage: token });
    expect(old.text, old.text.slice(old.text.indexOf('<h2'), old.text.indexOf('<h2') + 300)).toContain(
      'Este enlace está desactualizado',
    );
    expect(old.text).toContain('Reservar una nueva llamada');
    expect((await post('/es/reservar', { token, do: 'cancel' })).text).toContain('Este enlace está desactualizado');
    const status = app.db.connection.prepare("SELECT status FROM bookings WHERE email = 'mover@example.com'").get();
    expect(status).toEqual({ status: 'confirmed' });
  });

  it('cancels from the link with METHOD:CANCEL; the link then opens a page that says so and never acts again', async () => {
    const [slot] = await offeredSlots();
    const booked = await post('/es/reservar', { ...choice, ...visitor, email: 'canceller@example.com', slot: slot! });
    const token = manageToken(booked.headers.location!);
    const cancelled = await post('/es/reservar', { token, do: 'cancel' });
    expect(cancelled.text).toContain('Su llamada quedó cancelada');
    await expect.poll(() => mailsTo('canceller@example.com').length).toBe(2);
    const [request1, cancel] = mailsTo('canceller@example.com').map(calendarOf);
    expect(cancel).toMatchObject({ method: 'CANCEL', uid: request1!.uid, sequence: 1 });
    const again = await request(app).get('/es/reservar').query({ manage: token });
    expect(again.text).toContain('Esta llamada fue cancelada');
    await post('/es/reservar', { token, do: 'cancel' });
    expect(mailsTo('canceller@example.com')).toHaveLength(2);
    // The time is free again.
    expect(await offeredSlots()).toContain(slot);
  });

  it('a broken link and bad input never give a 500', async () => {
    expect((await request(app).get('/es/reservar').query({ manage: '1.0.forged' })).text).toContain(
      'Este enlace no funciona',
    );
    expect((await request(app).get('/book').query({ tz: 'Mars/Olympus', lang: 'xx', topic: '<b>' })).status).toBe(200);
    expect((await post('/book', { slot: 'NaN.moon', do: 'move', token: 'x' })).status).toBe(200);
    expect((await post('/book', { slot: '99999999999999999999.miami' })).status).toBe(400);
  });

  it('an access request exports the visitor’s bookings; an erasure deletes them and frees the times to come', async () => {
    const [slot] = await offeredSlots();
    await post('/es/reservar', { ...choice, ...visitor, email: 'erase.me@example.com', slot: slot! });
    const exported = await exportPersonalData(app.db, 'Erase.Me@example.com');
    expect(exported.bookings).toMatchObject([
      { email: 'erase.me@example.com', status: 'confirmed', company: 'Panadería Sol' },
    ]);
    expect(await erasePersonalData(app.db, 'erase.me@example.com')).toMatchObject({ bookings: 1, leads: 1 });
    expect((await exportPersonalData(app.db, 'erase.me@example.com')).bookings).toEqual([]);
    expect(await offeredSlots()).toContain(slot);
  });
});
