import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { startOutboxWorker } from '../../server/outbox/delivery';
import type { OutboxWorker } from '../../server/outbox/worker';
import { addLucia, bookAt, bookingPost } from '../support/booking';
import type { TestApp } from '../support/helpers';
import { testApp } from '../support/helpers';
import type { MailServer } from '../support/mailServer';
import { startMailServer } from '../support/mailServer';
import { until } from '../support/waits';

const HOUR = 3_600_000;
/** The test's clock starts on a Monday at noon UTC; only Date is controlled, the timers run. */
const T0 = Date.parse('2027-03-01T12:00:00Z');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-reminders-'));
let smtp: MailServer;
const running: { app: TestApp; worker: OutboxWorker }[] = [];

/** An instance of the site over the one database file, with its own outbox worker, as another process would be. */
async function instance() {
  const app = testApp({ DATA_DIR: dataDir, SMTP_URL: smtp.url, TRUST_PROXY: '1' }, { wakeOutbox: () => {} });
  // The booking's kinds alone: two connections of one process in a throttled kind's transaction would wait on
  // each other, which two processes never do.
  const worker = startOutboxWorker({
    ...{ db: app.db, config: app.config, logger: pino({ level: 'silent' }), hooks: app.outbox.hooks },
    kinds: app.outbox.kinds.filter((kind) => kind.name.startsWith('booking-')),
    pollMs: 20,
  });
  running.push({ app, worker });
  // Its first load of the articles, a transaction, is over before another instance starts its own: two connections
  // of one process would wait on each other, which two processes never do.
  await request(app).get('/');
  return { app, worker };
}

async function stopAll() {
  for (const { app, worker } of running.splice(0)) {
    await worker.stop(30_000);
    app.db.close();
  }
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: T0 });
  smtp = await startMailServer();
});
afterAll(async () => {
  await stopAll();
  await smtp.stop();
  vi.useRealTimers();
});

const reminders = (to: string) =>
  smtp.received.filter(
    (mail) => mail.recipients.includes(to) && /Recordatorio|en una hora|Reminder|in an hour/.test(mail.parsed.subject!),
  );

/** The reminder rows of the outbox still waiting. */
const queued = (app: TestApp) =>
  (
    app.db.connection
      .prepare(
        "SELECT count(*) AS n FROM outbox WHERE kind = 'booking-reminder' AND status = 'queued' AND next_attempt_at <= ?",
      )
      .get(new Date().toISOString()) as { n: number }
  ).n;

describe('the reminders of a booked call', () => {
  it('go 24 hours and 1 hour before, once each, over a restart and two instances; a move moves them, a cancel and a past call drop them', async () => {
    const first = await instance();
    await addLucia(first.app.db);
    const callA = T0 + 2 * 24 * HOUR + 3 * HOUR; // Wednesday 15:00 UTC
    await bookAt(first.app, callA, { email: 'ana@example.com' });
    await bookAt(first.app, callA + HOUR, { email: 'ben@example.com', lang: 'en', name: 'Ben' });
    const moved = await bookAt(first.app, callA + 2 * HOUR, { email: 'carla@example.com' });
    const movedTo = callA + 4 * HOUR;
    expect(
      (await bookingPost(first.app, '/es/reservar', { token: moved, do: 'move', slot: `${movedTo}.bogota` })).status,
    ).toBe(303);
    const cancelled = await bookAt(first.app, callA + 5 * HOUR, { email: 'dora@example.com' });
    await bookingPost(first.app, '/es/reservar', { token: cancelled, do: 'cancel' });
    // A call the day after booking, whose reminders nobody sends before it has passed (the site was down).
    await bookAt(first.app, T0 + 10 * HOUR, { email: 'past@example.com' });

    // A day before A: its reminder, in Spanish, its date written for the language.
    vi.setSystemTime(callA - 24 * HOUR + 60_000);
    await until('the 24-hour reminder', () => reminders('ana@example.com').length === 1);
    const [day] = reminders('ana@example.com');
    expect(day!.parsed.subject).toBe(
      'Recordatorio: su llamada de presentación es el miércoles, 3 de marzo, 4:00 p. m.',
    );
    expect(day!.parsed.text).toContain('con Lucía Pérez: miércoles, 3 de marzo, 4:00 p. m. (Europe/Madrid)');
    expect(day!.parsed.text).toMatch(/https:\/\/meridianlab\.test\/es\/reservar\?manage=[\w.-]+/);
    // The English visitor's, an hour later, in English.
    vi.setSystemTime(callA + HOUR - 24 * HOUR + 60_000);
    await until('the English 24-hour reminder', () => reminders('ben@example.com').length === 1);
    expect(reminders('ben@example.com')[0]!.parsed.subject).toBe(
      'Reminder: your intro call is Wednesday, March 3 at 5:00 PM',
    );

    // A restart: this instance stops, two others start over the same file.
    await stopAll();
    const [second, third] = [await instance(), await instance()];
    vi.setSystemTime(callA - HOUR + 60_000);
    await until('the 1-hour reminder', () => reminders('ana@example.com').length === 2);
    expect(reminders('ana@example.com')[1]!.parsed.subject).toBe(
      'Su llamada de presentación empieza en una hora: miércoles, 3 de marzo, 4:00 p. m.',
    );
    vi.setSystemTime(callA + 60_000);
    await until('the English 1-hour reminder', () => reminders('ben@example.com').length === 2);
    vi.setSystemTime(movedTo - HOUR + 60_000);
    await until('the moved call’s 1-hour reminder', () => reminders('carla@example.com').length === 2);
    // Past every call: what is left is sent or skipped, and nothing is sent twice.
    vi.setSystemTime(callA + 6 * HOUR);
    await until('every reminder done', () => queued(second.app) === 0 && queued(third.app) === 0);
    await stopAll();
    expect(reminders('ana@example.com')).toHaveLength(2);
    expect(reminders('ben@example.com')).toHaveLength(2);
    // The moved call's reminders name its new time only.
    expect(reminders('carla@example.com').map((mail) => mail.parsed.subject)).toEqual([
      'Recordatorio: su llamada de presentación es el miércoles, 3 de marzo, 8:00 p. m.',
      'Su llamada de presentación empieza en una hora: miércoles, 3 de marzo, 8:00 p. m.',
    ]);
    expect(reminders('dora@example.com')).toEqual([]);
    expect(reminders('past@example.com')).toEqual([]);
  });
});
