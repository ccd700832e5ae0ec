import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { purgeExpired } from '../../server/privacy/retention';
import { ALWAYS } from '../support/booking';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { testApp } from '../support/helpers';
import { addAccount } from '../support/staffHelpers';

const choice = { topic: 'ai-voice-systems', lang: 'es', office: '', tz: 'Europe/Madrid' };
const visitor = { name: 'Ana Gómez', email: 'ana@example.com', company: 'Panadería Sol', phone: '', message: '' };
const slotsPage = `/es/reservar?${new URLSearchParams(choice)}`;

let app: TestApp;
beforeAll(async () => {
  app = testApp({ TRUST_PROXY: '1' });
  await addAccount(app.db, 'lucia@meridianlab.test', undefined, {
    ...{ role: 'sales', name: 'Lucía Pérez', office: 'Bogota', languages: ['es'] },
    ...{ timeZone: 'America/Bogota', hours: ALWAYS },
  });
});
afterAll(() => app.db.close());

const offered = async () =>
  [...(await request(app).get(slotsPage)).text.matchAll(/name="slot" value="([\d]+\.[a-z-]+)"/g)].map((m) => m[1]!);
const holdFor = (slot: string, client: string) =>
  request(app).post('/api/booking/hold').set('X-Forwarded-For', client).send({ slot, lang: 'es' });
const book = async (slot: string, client: string, extra: Record<string, string> = {}) =>
  request(app)
    .post('/es/reservar')
    .type('form')
    .set('X-Forwarded-For', client)
    .send({ ...(await guardFields(app, 'booking', { path: slotsPage })), ...choice, ...visitor, slot, ...extra });

describe('holding a time while the visitor types', () => {
  it('a hold takes the time from everyone else; the same visitor’s booking converts it', async () => {
    const [slot] = await offered();
    const held = await holdFor(slot!, '203.0.113.10');
    expect(held.status).toBe(201);
    expect(held.body).toEqual({ hold: expect.any(String), until: expect.any(String) });
    expect(Date.parse(held.body.until) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(await offered()).not.toContain(slot);
    expect((await holdFor(slot!, '203.0.113.11')).status).toBe(409);
    expect((await book(slot!, '203.0.113.11', { email: 'other@example.com' })).status).toBe(409);
    const mine = await book(slot!, '203.0.113.10', { hold: held.body.hold });
    expect(mine.status).toBe(303);
    expect(app.db.connection.prepare('SELECT status, email FROM bookings').all()).toEqual([
      { status: 'confirmed', email: 'ana@example.com' },
    ]);
  });

  it('a hold lapses by itself after 5 minutes', async () => {
    const [slot] = await offered();
    expect((await holdFor(slot!, '203.0.113.20')).status).toBe(201);
    expect(await offered()).not.toContain(slot);
    app.db.connection
      .prepare("UPDATE bookings SET hold_until = ? WHERE status = 'held'")
      .run(new Date(Date.now() - 1000).toISOString());
    expect(await offered()).toContain(slot);
    expect((await book(slot!, '203.0.113.21', { email: 'late@example.com' })).status).toBe(303);
    expect(app.db.connection.prepare("SELECT count(*) AS n FROM bookings WHERE status = 'held'").get()).toEqual({
      n: 0,
    });
  });

  it('a lapsed hold that nothing let go is deleted, with its client’s hash, by the daily clean-up', async () => {
    const [slot] = await offered();
    expect((await holdFor(slot!, '203.0.113.22')).status).toBe(201);
    const held = () => app.db.connection.prepare("SELECT hold_client FROM bookings WHERE status = 'held'").all();
    await purgeExpired(app.db);
    expect(held()).toHaveLength(1);
    await purgeExpired(app.db, new Date(Date.now() + 5 * 60_000 + 1000));
    expect(held()).toEqual([]);
  });

  it('choosing another time lets go of the one chosen before, and only its holder can', async () => {
    // Times far enough apart that one person can hold all three.
    const [first, second, third] = (await offered()).filter((_, at) => at % 4 === 0);
    const held = await holdFor(first!, '203.0.113.25');
    const other = await request(app)
      .post('/api/booking/hold')
      .set('X-Forwarded-For', '203.0.113.26')
      .send({ slot: second!, lang: 'es', release: 'not-the-key' });
    expect(other.status).toBe(201);
    expect(await offered()).not.toContain(first);
    const again = await request(app)
      .post('/api/booking/hold')
      .set('X-Forwarded-For', '203.0.113.25')
      .send({ slot: third!, lang: 'es', release: held.body.hold });
    expect(again.status).toBe(201);
    expect(await offered()).toContain(first);
    expect(await offered()).not.toContain(third);
    app.db.connection.prepare("DELETE FROM bookings WHERE status = 'held'").run();
  });

  it('a client holds 2 times at most, the site 30: nobody can hold every time', async () => {
    const slots = (await offered()).filter((_, at) => at % 2 === 0);
    expect((await holdFor(slots[0]!, '203.0.113.30')).status).toBe(201);
    expect((await holdFor(slots[1]!, '203.0.113.30')).status).toBe(201);
    expect((await holdFor(slots[2]!, '203.0.113.30')).status).toBe(429);
    // Others hold 27 more (of other people, far ahead): the site's 30th is the last.
    const insert = app.db.connection.prepare(
      `INSERT INTO bookings (uid, person_id, person_email, status, start_at, end_at, block_end_at, office, topic, locale,
         time_zone, name, email, company, created_at, updated_at, hold_until)
       VALUES (?, ?, 'x@test', 'held', '2099-01-01T00:00:00.000Z', '2099-01-01T00:30:00.000Z',
         '2099-01-01T00:40:00.000Z', 'Bogota', '', 'es', 'UTC', '', '', '', '', '', '2099-01-01T00:00:00.000Z')`,
    );
    for (let n = 0; n < 27; n += 1) insert.run(`other-${n}@test`, 1000 + n);
    expect((await holdFor(slots[3]!, '203.0.113.41')).status).toBe(201);
    expect((await holdFor(slots[4]!, '203.0.113.42')).status).toBe(429);
    expect((await holdFor('1.moon', '203.0.113.99')).status).toBe(400);
    expect(
      (await request(app).post('/api/booking/hold').set('Content-Type', 'application/json').send('{')).status,
    ).toBe(400);
  });
});
