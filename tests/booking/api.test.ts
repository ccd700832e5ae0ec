import fs from 'node:fs';

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

import { ALWAYS } from '../support/booking';
import type { TestApp } from '../support/helpers';
import { testApp } from '../support/helpers';
import { mailingApp } from '../support/mailingApp';
import type { MailServer } from '../support/mailServer';
import { addAccount } from '../support/staffHelpers';

const TOKEN = 'booking-api-test-token-0123456789abcdef';
const cleanups: (() => unknown)[] = [];
let app: TestApp;
let smtp: MailServer;
/** Every answer the tests saw, for the last test to hold against the OpenAPI file. */
const seen: { method: 'get' | 'post'; path: string; status: number; body: unknown }[] = [];

beforeAll(async () => {
  ({ app, smtp } = await mailingApp(cleanups, { TRUST_PROXY: '1', LOG_LEVEL: 'error', BOOKING_API_TOKEN: TOKEN }));
  await addAccount(app.db, 'lucia@meridianlab.test', undefined, {
    ...{ role: 'sales', name: 'Lucía Pérez', office: 'Bogota', languages: ['es', 'en'] },
    ...{ timeZone: 'America/Bogota', hours: ALWAYS },
  });
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const today = () => new Date().toISOString().slice(0, 10);
const noted = (method: 'get' | 'post', path: string) => (answer: request.Response) => {
  seen.push({ method, path, status: answer.status, body: answer.body });
  return answer;
};
const slots = (query: Record<string, string | number>, token = TOKEN) =>
  request(app)
    .get('/api/booking/slots')
    .query(query)
    .set('Authorization', `Bearer ${token}`)
    .then(noted('get', '/api/booking/slots'));
const book = (body: unknown, { token = TOKEN, type = 'application/json' } = {}) =>
  request(app)
    .post('/api/booking')
    .set('Authorization', `Bearer ${token}`)
    .set('Content-Type', type)
    .send(typeof body === 'string' ? body : JSON.stringify(body))
    .then(noted('post', '/api/booking'));

const firstSlots = async () =>
  (await slots({ from: today(), days: 14, lang: 'es', tz: 'Europe/Madrid' })).body.slots as {
    start: string;
    end: string;
    office: string;
  }[];
const visitor = {
  ...{ name: 'Voz Agente', email: 'caller@example.com', company: 'Llamadas SA', topic: 'ai-voice-systems' },
  ...{ lang: 'es', tz: 'Europe/Madrid' },
};

describe('the booking API for machines', () => {
  it('lists free times in UTC with their office', async () => {
    const answer = await slots({ from: today(), days: 7, lang: 'es', tz: 'Europe/Madrid', office: 'bogota' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const [first] = answer.body.slots as { start: string; end: string; office: string }[];
    expect(first).toEqual({
      start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/),
      end: expect.any(String),
      office: 'bogota',
    });
    expect(Date.parse(first!.end) - Date.parse(first!.start)).toBe(30 * 60_000);
    expect((await slots({ from: today(), days: 7, lang: 'es', tz: 'UTC', office: 'miami' })).body.slots).toEqual([]);
  });

  it('books as the page does: a lead from the "api" source with its owner, invitations and a manage link', async () => {
    const [slot] = await firstSlots();
    const answer = await book({ ...visitor, start: slot!.start, phone: '+57 300 000 0000' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      start: slot!.start,
      end: slot!.end,
      office: 'bogota',
      manageUrl: expect.stringMatching(/^https:\/\/meridianlab\.test\/es\/reservar\?manage=[\w.-]+$/),
    });
    const lead = app.db.connection
      .prepare('SELECT owner, source, next_step AS step, consent_channel AS channel, attribution FROM leads')
      .get() as Record<string, string>;
    expect(lead).toMatchObject({
      owner: 'lucia@meridianlab.test',
      source: 'api',
      step: 'Intro call',
      channel: 'booking form on /api/booking',
    });
    expect(JSON.parse(lead.attribution!).first).toMatchObject({ source: 'api', medium: 'voice-agent' });
    await expect
      .poll(() => smtp.received.filter((mail) => mail.recipients.includes('caller@example.com')).length)
      .toBe(1);
    const page = await request(app).get(
      new URL(answer.body.manageUrl as string).pathname + new URL(answer.body.manageUrl as string).search,
    );
    expect(page.text).toContain('Su llamada');
  });

  it('a taken time is a 409 with the next free times', async () => {
    const [slot] = await firstSlots();
    expect((await book({ ...visitor, email: 'first@example.com', start: slot!.start })).status).toBe(201);
    const again = await book({ ...visitor, email: 'second@example.com', start: slot!.start });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('slot_taken');
    expect(again.body.slots.length).toBeGreaterThan(0);
    expect(again.body.slots.map((next: { start: string }) => next.start)).not.toContain(slot!.start);
  });

  it('bad input is a 400 with a code, never a 500', async () => {
    const [slot] = await firstSlots();
    const good = { ...visitor, email: 'bad@example.com', start: slot!.start };
    const cases: [unknown, string][] = [
      ['{"start": ', 'invalid_json'],
      ['null', 'invalid_request'],
      ['[]', 'invalid_request'],
      [{ ...good, name: 42 }, 'invalid_request'],
      [{ ...good, email: 'not an address' }, 'invalid_request'],
      [{ ...good, start: 'tomorrow' }, 'invalid_request'],
      [{ ...good, tz: 'Mars/Olympus' }, 'invalid_request'],
      [{ ...good, lang: 'fr' }, 'invalid_request'],
      [{ ...good, topic: ['other'] }, 'invalid_request'],
      [{ ...good, office: 'paris' }, 'invalid_request'],
      [{ ...good, start: '2020-01-06T14:00:00Z' }, 'start_in_past'],
    ];
    for (const [body, code] of cases) {
      const answer = await book(body);
      expect([answer.status, answer.body.error?.code], JSON.stringify(body)).toEqual([400, code]);
    }
    const huge = await book({ ...good, message: 'x'.repeat(40_000) });
    expect([huge.status, huge.body.error.code]).toEqual([413, 'body_too_large']);
    const form = await book('start=x', { type: 'application/x-www-form-urlencoded' });
    expect([form.status, form.body.error.code]).toEqual([415, 'unsupported_media_type']);
    const base = { from: today(), days: 7, lang: 'es', tz: 'Europe/Madrid' };
    for (const query of [
      { ...base, tz: 'Nowhere/Town' },
      { ...base, from: '2027-02-30' },
      { ...base, from: 'monday' },
      { ...base, days: 0 },
      { ...base, days: 'many' },
      { ...base, days: 1000 },
      { ...base, lang: 'de' },
      { ...base, office: 'paris' },
    ]) {
      const answer = await slots(query);
      expect([answer.status, answer.body.error?.code], JSON.stringify(query)).toEqual([400, 'invalid_request']);
    }
    const past = await slots({ ...base, from: '2020-01-01', days: 3 });
    expect([past.status, past.body.slots]).toEqual([200, []]);
    // A repeated parameter arrives as an array.
    const twice = await request(app)
      .get('/api/booking/slots?from=2027-01-01&from=2027-01-02&days=1&lang=es&tz=UTC')
      .set('Authorization', `Bearer ${TOKEN}`);
    expect(twice.status).toBe(400);
    expect(
      app.db.connection.prepare("SELECT count(*) AS n FROM bookings WHERE email = 'bad@example.com'").get(),
    ).toEqual({ n: 0 });
  });

  it('needs the bearer token, compared whole', async () => {
    const [slot] = await firstSlots();
    for (const token of ['', 'wrong', TOKEN.slice(0, -1), `${TOKEN}x`]) {
      const answer = await slots({ from: today(), days: 1, lang: 'es', tz: 'UTC' }, token);
      expect([answer.status, answer.body.error.code]).toEqual([401, 'unauthorized']);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect((await book({ ...visitor, start: slot!.start }, { token })).status).toBe(401);
    }
    const none = await request(app).get('/api/booking/slots').then(noted('get', '/api/booking/slots'));
    expect(none.status).toBe(401);
  });

  it('without BOOKING_API_TOKEN the API answers 404 booking_api_off', async () => {
    const off = testApp();
    cleanups.push(() => off.db.close());
    const answer = await request(off).get('/api/booking/slots').set('Authorization', 'Bearer anything');
    expect([answer.status, answer.body.error.code]).toEqual([404, 'booking_api_off']);
    seen.push({ method: 'get', path: '/api/booking/slots', status: answer.status, body: answer.body });
    const posted = await request(off).post('/api/booking').set('Content-Type', 'application/json').send('{}');
    expect([posted.status, posted.body.error.code]).toEqual([404, 'booking_api_off']);
    seen.push({ method: 'post', path: '/api/booking', status: posted.status, body: posted.body });
  });

  it('docs/booking-api.openapi.yaml parses, and every answer above is one it documents, in its shape', () => {
    const spec = parse(fs.readFileSync('docs/booking-api.openapi.yaml', 'utf8')) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths).sort()).toEqual(['/api/booking', '/api/booking/slots']);
    /** The JSON pointer's target, its own $refs inlined. */
    const resolved = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(resolved);
      if (typeof node !== 'object' || node === null) return node;
      const ref = (node as { $ref?: string }).$ref;
      if (ref)
        return resolved(
          ref
            .slice(2)
            .split('/')
            .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], spec),
        );
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolved(value)]));
    };
    /** The required names absent from a value, at any depth (zod's reading skips a required name with no property). */
    const missing = (schema: unknown, value: unknown): string[] => {
      const {
        required = [],
        properties = {},
        items,
      } = schema as {
        required?: string[];
        properties?: Record<string, unknown>;
        items?: unknown;
      };
      if (Array.isArray(value)) return items ? value.flatMap((item) => missing(items, item)) : [];
      if (typeof value !== 'object' || value === null) return [];
      const fields = value as Record<string, unknown>;
      return [
        ...required.filter((name) => !(name in fields)),
        ...Object.entries(properties).flatMap(([name, inner]) => (name in fields ? missing(inner, fields[name]) : [])),
      ];
    };
    const statuses = new Set<string>();
    for (const answer of seen) {
      const responses = spec.paths[answer.path]![answer.method]!.responses;
      const documented = resolved(responses[String(answer.status)]) as
        { content: { 'application/json': { schema: object } } } | undefined;
      expect(documented, `${answer.method} ${answer.path} ${answer.status}`).toBeDefined();
      const schema = documented!.content['application/json'].schema;
      expect(missing(schema, answer.body), `${answer.method} ${answer.path} ${answer.status}`).toEqual([]);
      const checked = z.fromJSONSchema(schema as never).safeParse(answer.body);
      expect(checked.success, `${answer.method} ${answer.path} ${answer.status}: ${JSON.stringify(answer.body)}`).toBe(
        true,
      );
      statuses.add(`${answer.method} ${answer.status}`);
    }
    // Every answer the file promises was seen at least once (429 aside: its limit is the shared rate limiter's).
    for (const [path, operations] of Object.entries(spec.paths))
      for (const [method, { responses }] of Object.entries(operations))
        for (const status of Object.keys(responses).filter((code) => code !== '429'))
          expect(statuses.has(`${method} ${status}`), `${method} ${path} ${status} never seen`).toBe(true);
  });
});
