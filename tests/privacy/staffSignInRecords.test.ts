import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { appAlerts } from '../../server/alerts';
import { createMetrics } from '../../server/http/metrics';
import { purgeExpired } from '../../server/privacy/retention';
import { retention } from '../../shared/content/retention';
import { capturedLogger } from '../support/capturedLog';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { TEST_SITE_URL, testApp } from '../support/helpers';
import { addAccount, STAFF_PASSWORD } from '../support/staffHelpers';

const DAY = 24 * 60 * 60_000;
const CLIENT = '203.0.113.9';
const opened: TestApp[] = [];
afterAll(() => opened.forEach((app) => app.db.close()));

function app(options: Parameters<typeof testApp>[1] = {}) {
  const created = testApp({ TRUST_PROXY: '1', ALERT_TO: 'alerts@meridianlab.test' }, options);
  opened.push(created);
  return created;
}

const signIn = (target: TestApp, email: string, password: string) =>
  request(target).post('/staff/sign-in').type('form').set('X-Forwarded-For', CLIENT).send({ email, password });

describe('what the site keeps of staff sign-ins, as the privacy policy says', () => {
  it('logs each attempt with its outcome and client address, never the typed address or the password', async () => {
    const log = capturedLogger();
    const target = app({ logger: log.logger });
    await addAccount(target.db, 'ana@meridianlab.test');
    await signIn(target, 'ana@meridianlab.test', 'wrong-password-123');
    await signIn(target, 'nobody@meridianlab.test', 'wrong-password-456');
    await signIn(target, 'ana@meridianlab.test', STAFF_PASSWORD);
    const attempts = log.lines().filter((line) => line.event === 'staff sign-in');
    expect(attempts.map(({ outcome, client, email }) => ({ outcome, client, email }))).toEqual([
      { outcome: 'wrong', client: CLIENT, email: '[redacted]' },
      { outcome: 'wrong', client: CLIENT, email: '[redacted]' },
      { outcome: 'success', client: CLIENT, email: '[redacted]' },
    ]);
    for (const typed of ['ana@meridianlab.test', 'nobody@meridianlab.test', 'wrong-password', STAFF_PASSWORD])
      expect(log.text()).not.toContain(typed);
  });

  it('keeps failed attempts with the typed address and the client address until a day passes without another', async () => {
    const target = app();
    await signIn(target, 'nobody@meridianlab.test', 'wrong-password-123');
    const kept = () =>
      target.db.connection.prepare('SELECT key, email FROM staff_sign_in_attempts ORDER BY key').all() as {
        key: string;
        email: string | null;
      }[];
    expect(kept()).toEqual([
      { key: `client:${CLIENT}`, email: null },
      { key: 'email:nobody@meridianlab.test', email: 'nobody@meridianlab.test' },
      { key: `pair:nobody@meridianlab.test ${CLIENT}`, email: 'nobody@meridianlab.test' },
    ]);
    const day = retention.signInFailuresDays * DAY;
    expect((await purgeExpired(target.db, new Date(Date.now() + day - 60_000))).signInFailures).toBe(0);
    expect(kept()).toHaveLength(3);
    expect((await purgeExpired(target.db, new Date(Date.now() + day + 60_000))).signInFailures).toBe(3);
    expect(kept()).toEqual([]);
  });

  it("e-mails a lock to the team with the account and client address, and deletes the site's copy after its days", async () => {
    const target = app();
    await addAccount(target.db, 'ana@meridianlab.test');
    const lead = await request(target)
      .post('/api/contact')
      .set('Origin', TEST_SITE_URL)
      .send({
        ...(await guardFields(target, 'contact')),
        ...{ name: 'Ana Gómez', email: 'ana@example.com', message: 'A new website, please.' },
      });
    expect(lead.status).toBe(201);
    // Ten wrong passwords in a row from one client lock the account for it.
    const now = Date.now();
    target.db.connection
      .prepare('INSERT INTO staff_sign_in_attempts VALUES (?, ?, ?, ?, ?)')
      .run(`pair:ana@meridianlab.test ${CLIENT}`, 'ana@meridianlab.test', 10, now, now + 30 * 60_000);
    const alerts = appAlerts(target.db, target.config, createMetrics(), () => {});
    expect(await alerts.check(new Date(now))).toEqual(['staff-locked ana@meridianlab.test']);
    const teamMail = () =>
      target.db.connection.prepare("SELECT payload FROM outbox WHERE kind = 'alert'").all() as { payload: string }[];
    expect(teamMail()).toHaveLength(1);
    expect(teamMail()[0]!.payload).toContain('ana@meridianlab.test');
    expect(teamMail()[0]!.payload).toContain(CLIENT);

    const days = retention.teamMailDays * DAY;
    expect((await purgeExpired(target.db, new Date(now + days - 60_000))).teamMail).toBe(0);
    expect(teamMail()).toHaveLength(1);
    expect((await purgeExpired(target.db, new Date(now + days + 60_000))).teamMail).toBe(1);
    expect(teamMail()).toEqual([]);
    // The lead's own notification and its owner's e-mail are the lead's: they go with the lead, not with the team's mail.
    expect(target.db.connection.prepare('SELECT kind FROM outbox').all()).toEqual([
      { kind: 'lead-notification' },
      { kind: 'lead-assigned' },
    ]);
  });
});
