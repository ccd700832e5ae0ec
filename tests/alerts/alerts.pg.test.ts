import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import request from 'supertest';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { appAlerts } from '../../server/alerts';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { createMetrics } from '../../server/http/metrics';
import { postgresDatabase } from '../support/engines';
import type { TestApp } from '../support/helpers';
import { testApp } from '../support/helpers';
import { mailingApp } from '../support/mailingApp';
import type { MailServer } from '../support/mailServer';
import { startMailServer } from '../support/mailServer';
import { freePort, killServers, startServer } from '../support/serverProcess';
import { addAccount, sessionFor } from '../support/staffHelpers';

const ALERT_TO = 'alerts@meridianlab.test';
const HOUR_MS = 3_600_000;

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});
afterAll(killServers);

/** An app mailing through a real SMTP server, with its alerts and their metrics in the test's hands. */
async function alertingApp(env: NodeJS.ProcessEnv = {}) {
  const { app, smtp } = await mailingApp(cleanups, { ALERT_TO, ...env });
  const metrics = createMetrics();
  const alerts = appAlerts(app.db, app.config, metrics, () => {});
  return { app, smtp, alerts, metrics };
}

/** Lets the cool-down of every cause run out, as if its last e-mail went `minutes` ago. */
const coolDown = (app: TestApp, minutes: number) =>
  app.db.connection
    .prepare('UPDATE alerts_fired SET fired_at = ?')
    .run(new Date(Date.now() - minutes * 60_000).toISOString());

/** Resolves with the alert e-mails once `count` arrived. */
const alertMails = async (smtp: MailServer, count: number) =>
  (await smtp.waitFor(count)).filter(
    (mail) => mail.parsed.subject?.includes('Alert') || mail.parsed.subject?.includes('locked'),
  );

describe('alerts', () => {
  it('raises the failing alert on a share of the hour’s messages, never on one: ALERT_OUTBOX_FAILING_COUNT and _PERCENT', async () => {
    const { app, smtp, alerts } = await alertingApp({
      ALERT_OUTBOX_FAILING_MINUTES: '20',
      ALERT_OUTBOX_FAILING_COUNT: '3',
      ALERT_OUTBOX_FAILING_PERCENT: '20',
    });
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    /** A message as the worker leaves it: tried `attemptedMinutesAgo`, queued `queuedMinutesAgo`, never due again here. */
    const message = (status: string, { attemptedMinutesAgo = 1, queuedMinutesAgo = 60 } = {}) =>
      app.db.connection
        .prepare(
          `INSERT INTO outbox (kind, payload, message_id, created_at, next_attempt_at, status, attempts, attempted_at, last_error)
           VALUES ('lead-notification', '{"body":null}', ?, ?, '2999-01-01T00:00:00.000Z', ?, 1, ?, ?)`,
        )
        .run(
          `<${Math.random()}@meridianlab.test>`,
          minutesAgo(queuedMinutesAgo),
          status,
          minutesAgo(attemptedMinutesAgo),
          status === 'sent' ? null : 'connect ECONNREFUSED 127.0.0.1:25',
        );

    // One mistyped address, given up: alone in the hour it is every message tried, and still no alert.
    message('failed');
    expect(await alerts.check()).toEqual([]);
    // Being retried for less than ALERT_OUTBOX_FAILING_MINUTES, or given up more than an hour ago: not counted.
    message('queued', { queuedMinutesAgo: 19 });
    message('failed', { attemptedMinutesAgo: 61 });
    expect(await alerts.check()).toEqual([]);
    // Nor is an address refused for good: a bounce is no failure.
    for (let n = 0; n < 5; n++) message('bounced');
    expect(await alerts.check()).toEqual([]);
    // Three failing (one given up, two retried for longer than the setting) of eight tried within the hour: alert.
    message('queued', { queuedMinutesAgo: 21 });
    message('queued', { queuedMinutesAgo: 21, attemptedMinutesAgo: 90 });
    expect((await alerts.active()).map((alert) => [alert.title, alert.meaning, alert.link])).toEqual([
      [
        '3 messages failing to go out',
        '3 of the 8 messages the site tried to send within the hour are failing: the mail server or the webhook may be down.',
        { href: '/staff/outbox', label: 'Show failed messages' },
      ],
    ]);
    expect(await alerts.check()).toEqual(['outbox-failing']);
    const [mail] = await alertMails(smtp, 1);
    expect(mail!.recipients).toEqual([ALERT_TO]);
    expect(mail!.parsed.subject).toBe('Alert: 3 messages failing to go out');
    expect(mail!.parsed.text).toContain('for more than 20 minutes');
    expect(mail!.parsed.text).toContain('https://meridianlab.test/staff/outbox');
    // The same three among many sent within the hour are 20 % or less: a few addresses, not an outage.
    for (let n = 0; n < 7; n++) message('sent');
    expect(await alerts.active()).toEqual([]);
    message('failed');
    expect((await alerts.active()).map((alert) => alert.title)).toEqual(['4 messages failing to go out']);
  });

  it('tells ALERT_TO of a staff account locked, once per cool-down, and shows it in the console’s top bar', async () => {
    const { app, smtp, alerts } = await alertingApp({ TRUST_PROXY: '1' });
    await addAccount(app.db, 'ana@meridianlab.test');
    await addAccount(app.db, 'ben@meridianlab.test');
    const ben = await sessionFor(app, 'ben@meridianlab.test');
    const page = () => request(app).get('/staff/leads').set('Cookie', ben.cookie);
    expect((await page()).text).not.toContain('staff-alerts');

    // Ten wrong passwords from one client: the tenth locks, and the sign-in route checks the alerts at once.
    const seed = app.db.connection.prepare('INSERT INTO staff_sign_in_attempts VALUES (?, ?, ?, ?, ?)');
    seed.run(
      'pair:ana@meridianlab.test 203.0.113.9',
      'ana@meridianlab.test',
      9,
      Date.now() - HOUR_MS,
      Date.now() - HOUR_MS,
    );
    const wrong = await request(app)
      .post('/staff/sign-in')
      .type('form')
      .set('X-Forwarded-For', '203.0.113.9')
      .send({ email: 'ana@meridianlab.test', password: 'wrong-password-123' });
    expect(wrong.status).toBe(401);
    const [mail] = await alertMails(smtp, 1);
    expect(mail!.recipients).toEqual([ALERT_TO]);
    expect(mail!.parsed.subject).toBe('Staff sign-in locked for ana@meridianlab.test');
    expect(mail!.parsed.text).toContain('from 203.0.113.9');

    const bar = /<section class="staff-alerts" aria-label="Alerts">([\s\S]*?)<\/section>/.exec(
      (await page()).text,
    )?.[1];
    expect(bar).toContain('Staff sign-in locked for ana@meridianlab.test');
    expect(bar).toContain('someone is guessing the password');

    expect(await alerts.check()).toEqual([]);
    coolDown(app, 61);
    expect(await alerts.check()).toEqual(['staff-locked ana@meridianlab.test']);
    expect(await alertMails(smtp, 2)).toHaveLength(2);
    // Unlocked: gone from the bar, and nothing more to tell.
    app.db.connection.prepare('DELETE FROM staff_sign_in_attempts').run();
    expect((await page()).text).not.toContain('staff-alerts');
    coolDown(app, 61);
    expect(await alerts.check()).toEqual([]);
    // Past its cool-down the cause's row goes, and with it the account's address.
    expect(app.db.connection.prepare('SELECT * FROM alerts_fired').all()).toEqual([]);
  });

  it('tells ALERT_TO when the disk under DATA_DIR is fuller than ALERT_DISK_PERCENT, and the top bar says so', async () => {
    // Any disk in use is above 1%: the real statfs of the test's data folder.
    const { app, smtp, alerts } = await alertingApp({ ALERT_DISK_PERCENT: '1', ALERT_COOLDOWN_MINUTES: '30' });
    expect(await alerts.check()).toEqual(['disk-full']);
    const [mail] = await alertMails(smtp, 1);
    expect(mail!.parsed.subject).toMatch(/^Alert: the data disk is \d+% full$/);
    expect(mail!.parsed.text).toContain('the alert is above 1%');
    expect(await alerts.check()).toEqual([]);
    coolDown(app, 29);
    expect(await alerts.check()).toEqual([]);
    coolDown(app, 31);
    expect(await alerts.check()).toEqual(['disk-full']);
    expect(await alertMails(smtp, 2)).toHaveLength(2);

    await addAccount(app.db, 'ana@meridianlab.test');
    const { cookie } = await sessionFor(app, 'ana@meridianlab.test');
    const html = (await request(app).get('/staff/subscribers').set('Cookie', cookie)).text;
    expect(html).toMatch(/<strong class="staff-alerts__title">Disk \d+% full<\/strong> The disk holding the site/);
    // Only to the signed-in staff: the sign-in page and a stranger's request show nothing of it.
    expect((await request(app).get('/staff/sign-in')).text).not.toContain('Disk');
    const stranger = await request(app).get('/staff/subscribers');
    expect(stranger.status).toBe(303);
    expect(stranger.text).not.toContain('Disk');
  });

  it('queues each alert once when two instances sharing PostgreSQL check at the same moment', async () => {
    const databaseUrl = await postgresDatabase();
    const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ALERT_TO });
    const [first, second] = [await openDatabase(config), await openDatabase(config)];
    cleanups.push(
      () => first.close(),
      () => second.close(),
    );
    // An account locked: its sign-in failed ten times from one client, the lock still running.
    await addAccount(first, 'di@meridianlab.test');
    await first.run(
      'INSERT INTO staff_sign_in_attempts (key, email, failures, last_at, open_at) VALUES (?, ?, 10, ?, ?)',
      'pair:di@meridianlab.test 203.0.113.9',
      'di@meridianlab.test',
      Date.now(),
      Date.now() + HOUR_MS,
    );
    const instances = [first, second].map((db) => appAlerts(db, config, createMetrics(), () => {}));
    const fired = await Promise.all([...instances, ...instances, ...instances].map((alerts) => alerts.check()));
    expect(fired.flat()).toEqual(['staff-locked di@meridianlab.test']);
    const queued = await first.all<{ kind: string; payload: string }>('SELECT kind, payload FROM outbox');
    expect(queued.map((row) => row.kind)).toEqual(['alert']);
    expect(testApp().outbox.kinds.map((kind) => kind.name)).toContain('alert');
  });

  it('are checked beside the real server from its start, and the check stops with the drain', async () => {
    const smtp = await startMailServer();
    cleanups.push(() => smtp.stop());
    const port = await freePort();
    const server = await startServer(port, {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-alerts-')),
      SMTP_URL: smtp.url,
      ALERT_TO,
      ALERT_DISK_PERCENT: '1',
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.recipients).toEqual([ALERT_TO]);
    expect(mail!.parsed.subject).toMatch(/^Alert: the data disk is \d+% full$/);
    expect(server.output()).toContain('"msg":"alerts queued"');
    await server.stop();
    expect(server.child.exitCode).toBe(0);
  });
});
