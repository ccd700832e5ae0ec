import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { appAlerts } from '../../server/alerts';
import { BOUNCE_BURST } from '../../server/alerts/conditions';
import { createOutbox } from '../../server/outbox/delivery';
import { exportPersonalData } from '../../server/privacy/personalData';
import { createSuppressions } from '../../server/privacy/suppressions';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { mailingApp } from '../support/mailingApp';
import { until } from '../support/waits';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A newsletter sign-up from its own client, its confirmation queued once the answer is out. */
async function signUp(app: TestApp, email: string, client: string) {
  const answer = await request(app)
    .post('/api/subscribe')
    .set('Content-Type', 'application/json')
    .set('X-Forwarded-For', client)
    .send(JSON.stringify({ ...(await guardFields(app, 'newsletter')), email }));
  expect(answer.status).toBe(202);
  await app.afterAnswer.settled();
}

const confirmations = (app: TestApp) =>
  app.db.connection
    .prepare(
      `SELECT s.email, o.status, o.attempts, o.last_error, o.payload FROM outbox o JOIN subscribers s ON s.id = o.subscriber_id
       WHERE o.kind = 'newsletter-confirmation' ORDER BY o.id`,
    )
    .all() as { email: string; status: string; attempts: number; last_error: string | null; payload: string }[];

const settledAll = (app: TestApp) => () => confirmations(app).every((row) => row.status !== 'queued');

describe('an address the mail server refuses for good', { timeout: 60_000 }, () => {
  it('is a bounce: not retried, suppressed, counted, and no alert; a burst of refusals alerts', async () => {
    const { app, smtp, metrics } = await mailingApp(
      cleanups,
      { TRUST_PROXY: '1', ALERT_TO: 'alerts@meridianlab.test' },
      { refuses: (address) => address.startsWith('nobody') },
    );
    await signUp(app, 'ana@example.com', '203.0.113.1');
    await signUp(app, 'nobody@example.net', '203.0.113.2');
    await signUp(app, 'ben@example.org', '203.0.113.3');
    await smtp.waitFor(2);
    await until('every confirmation sent or bounced', settledAll(app));

    const rows = confirmations(app);
    expect(rows.map(({ email, status, attempts }) => [email, status, attempts])).toEqual([
      ['ana@example.com', 'sent', 1],
      ['nobody@example.net', 'bounced', 1],
      ['ben@example.org', 'sent', 1],
    ]);
    const bounced = rows[1]!;
    expect(bounced.last_error).toContain('550');
    // Its confirmation link, which never arrived, is not kept either.
    expect(bounced.payload).not.toMatch(/confirm\?token=/);
    expect(smtp.received.map((mail) => mail.recipients[0])).toEqual(['ana@example.com', 'ben@example.org']);

    // Not retried: the retry of every failed message has nothing to take, and the worker leaves it.
    const outbox = createOutbox(app.db, app.config);
    expect(await outbox.retryFailed()).toBe(0);
    expect(
      await outbox.retry(
        app.db.connection.prepare("SELECT id FROM outbox WHERE status = 'bounced'").get()!.id as number,
      ),
    ).toBe('sent');
    // Suppressed, and a hard bounce on the sign-up.
    expect(await createSuppressions(app.db).has('nobody@example.net')).toBe(true);
    expect(await createSuppressions(app.db).has('ana@example.com')).toBe(false);
    expect(
      app.db.connection
        .prepare('SELECT hard_bounces, bounce_reason FROM subscribers WHERE email = ?')
        .get('nobody@example.net'),
    ).toEqual({ hard_bounces: 1, bounce_reason: expect.stringMatching(/550.*No such mailbox/) });
    // The reply kept is what the address's owner may ask to see.
    expect((await exportPersonalData(app.db, 'nobody@example.net')).subscription).toMatchObject({
      bounce_reason: expect.stringContaining('No such mailbox'),
    });
    // Counted: in the outbox's figures and the metrics.
    expect(await outbox.stats()).toMatchObject({ sent: 2, bounced: 1, failed: 0 });
    expect(await metrics.registry.getSingleMetricAsString('outbox_send_attempts_total')).toContain(
      'outbox_send_attempts_total{kind="newsletter-confirmation",outcome="bounced"} 1',
    );
    // No alert: one refused address is that address's, not the mail server's.
    const alerts = appAlerts(app.db, app.config, metrics, () => {});
    expect(await alerts.active()).toEqual([]);
    expect(await alerts.check()).toEqual([]);

    // A bounce already recorded: signing the address up again sends it nothing, and the message is a bounce.
    app.db.connection
      .prepare('UPDATE subscribers SET confirmation_sent_at = ? WHERE email = ?')
      .run('2020-01-01T00:00:00.000Z', 'nobody@example.net');
    await signUp(app, 'nobody@example.net', '203.0.113.4');
    await until('every confirmation sent or bounced', settledAll(app));
    expect(confirmations(app).filter((row) => row.email === 'nobody@example.net')).toMatchObject([
      { status: 'bounced' },
      { status: 'bounced', last_error: 'the address bounced before' },
    ]);
    expect(smtp.received).toHaveLength(2);
    expect(await alerts.check()).toEqual([]);

    // Many refused within the hour: the mail server refuses the site, and that alerts.
    for (let n = 1; n < BOUNCE_BURST; n++) await signUp(app, `nobody${n}@d${n}.example`, `198.51.100.${n}`);
    await until('every confirmation sent or bounced', settledAll(app));
    expect((await outbox.stats()).bounced).toBe(BOUNCE_BURST + 1);
    expect(await alerts.check()).toEqual(['outbox-bouncing']);
    const alert = await smtp.waitFor(3);
    expect(alert[2]!.recipients).toEqual(['alerts@meridianlab.test']);
    expect(alert[2]!.parsed.subject).toBe(
      `Alert: ${BOUNCE_BURST} addresses refused by the mail server within the hour`,
    );
  });

  it('is no bounce when the server refuses the site itself (a 5xx to MAIL FROM): the message fails, nobody is suppressed', async () => {
    const { app } = await mailingApp(cleanups, { TRUST_PROXY: '1' }, { refusesSender: () => true });
    await signUp(app, 'ana@example.com', '203.0.113.1');
    await until('the confirmation given up', settledAll(app));
    expect(confirmations(app)).toMatchObject([
      { status: 'failed', attempts: 1, last_error: expect.stringContaining('550') },
    ]);
    expect(await createSuppressions(app.db).has('ana@example.com')).toBe(false);
    expect(app.db.connection.prepare('SELECT hard_bounces, bounce_reason FROM subscribers').get()).toEqual({
      hard_bounces: 0,
      bounce_reason: '',
    });
  });
});
