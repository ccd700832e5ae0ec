import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ALWAYS } from '../support/booking';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, signIn } from '../support/staffHelpers';

const choice = { topic: 'ai-voice-systems', lang: 'es', office: '', tz: 'Europe/Madrid' };
const visitor = { name: 'Ana Gómez', email: 'ana@example.com', company: 'Panadería Sol', phone: '', message: '' };

let app: TestApp;
let sales: StaffClient;
let client = 0;

beforeAll(async () => {
  app = testApp({ TRUST_PROXY: '1' });
  await addAccount(app.db, 'lucia@meridianlab.test', undefined, {
    ...{ role: 'sales', name: 'Lucía Pérez', office: 'Bogota', languages: ['es'] },
    ...{ timeZone: 'America/Bogota', hours: ALWAYS },
  });
  sales = await signIn(app, 'lucia@meridianlab.test');
});
afterAll(() => app.db.close());

const slotsPage = `/es/reservar?${new URLSearchParams(choice)}`;
const offered = async () =>
  [...(await request(app).get(slotsPage)).text.matchAll(/name="slot" value="([\d]+\.[a-z-]+)"/g)].map((m) => m[1]!);
const post = (fields: Record<string, string>) =>
  request(app)
    .post('/es/reservar')
    .type('form')
    .set('X-Forwarded-For', `198.51.100.${(client = (client % 250) + 1)}`)
    .send({ ...choice, ...fields });
const count = (table: string, where = '1 = 1') =>
  (app.db.connection.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).get() as { n: number }).n;
const quarantined = () =>
  app.db.connection.prepare("SELECT id, reasons FROM form_quarantine WHERE form = 'booking' ORDER BY id").all() as {
    id: number;
    reasons: string;
  }[];

describe('the booking page behind the forms’ guard', () => {
  it('the free times’ form carries the page token and a honeypot', async () => {
    const page = (await request(app).get(slotsPage)).text;
    expect(page).toMatch(/name="formToken" value="[^"]+"/);
    expect(page).toContain('name="mlx_hp"');
  });

  it('a post that never loaded the form is thanked as booked, holds no time, mails nobody and waits in the quarantine', async () => {
    const [slot] = await offered();
    const answer = await post({ ...visitor, email: 'bot@example.com', slot: slot! });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Su llamada quedó reservada');
    await app.afterAnswer.settled();
    expect(count('bookings')).toBe(0);
    expect(count('leads')).toBe(0);
    expect(count('outbox')).toBe(0);
    expect(quarantined().map((row) => JSON.parse(row.reasons)[0].reason)).toEqual(['page token missing']);
    // The time is still offered to everyone.
    expect(await offered()).toContain(slot);
    const filled = await post({
      ...(await guardFields(app, 'booking', { path: slotsPage })),
      ...visitor,
      email: 'trap@example.com',
      mlx_hp: 'x',
      slot: slot!,
    });
    expect(filled.text).toContain('Su llamada quedó reservada');
    await app.afterAnswer.settled();
    expect(count('bookings')).toBe(0);
    expect(quarantined()).toHaveLength(2);
  });

  it('"not spam" books it as if just arrived; when its time is gone by then, a lead with a note and no second booking', async () => {
    await app.db.run("DELETE FROM form_quarantine WHERE form = 'booking'");
    // Far apart: a booking's buffer blocks the time after it.
    const [first, , , , second] = await offered();
    await post({ ...visitor, email: 'held.one@example.com', slot: first! });
    await post({ ...visitor, email: 'held.two@example.com', slot: second! });
    await app.afterAnswer.settled();
    const [one, two] = quarantined();

    const delivered = await consolePost(app, `/staff/quarantine/${one!.id}/deliver`, sales, { csrf: sales.csrf });
    expect(delivered.headers.location).toBe('/staff/quarantine?done=delivered');
    expect(app.db.connection.prepare('SELECT email, start_at AS startAt, status FROM bookings').all()).toEqual([
      {
        email: 'held.one@example.com',
        startAt: new Date(Number(first!.split('.')[0])).toISOString(),
        status: 'confirmed',
      },
    ]);
    // Its two invitations, queued now (its reminders wait for their time).
    expect(count('outbox', "kind IN ('booking-visitor', 'booking-person')")).toBe(2);

    // Someone books the second time before staff let the other through.
    const booked = await post({
      ...(await guardFields(app, 'booking', { path: slotsPage })),
      ...visitor,
      email: 'quick@example.com',
      slot: second!,
    });
    expect(booked.status).toBe(303);
    await consolePost(app, `/staff/quarantine/${two!.id}/deliver`, sales, { csrf: sales.csrf });
    expect(count('bookings', `start_at = '${new Date(Number(second!.split('.')[0])).toISOString()}'`)).toBe(1);
    const lead = app.db.connection
      .prepare(
        `SELECT leads.email, lead_notes.body FROM leads JOIN lead_notes ON lead_notes.lead_id = leads.id
         WHERE leads.email = 'held.two@example.com'`,
      )
      .get() as { email: string; body: string };
    expect(lead.body).toContain('the time was taken');
    expect(count('form_quarantine')).toBe(0);
  });
});
