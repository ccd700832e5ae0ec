import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { mailingApp } from '../support/mailingApp';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';
import { until } from '../support/waits';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const rows = (app: TestApp) =>
  app.db.connection.prepare('SELECT id, kind, status, attempts, payload FROM outbox ORDER BY id').all() as {
    id: number;
    kind: string;
    status: string;
    attempts: number;
    payload: string;
  }[];
const idOf = (app: TestApp, kind: string) => rows(app).find((row) => row.kind === kind)!.id;
const statusOf = (app: TestApp, id: number) => rows(app).find((row) => row.id === id)!.status;
const audit = (app: TestApp) =>
  app.db.connection
    .prepare('SELECT actor, action, object, detail FROM audit_log WHERE action LIKE ? ORDER BY id')
    .all('outbox.%');

describe('failed messages in the console (decision 077)', { timeout: 60_000 }, () => {
  it('lists each to the owner and its kind’s role, with the reason; retry sends it, drop gives it up, both audited', async () => {
    let refusing = true;
    const { app, smtp } = await mailingApp(cleanups, { TRUST_PROXY: '1' }, { refusesSender: () => refusing });
    // A lead (sales) and a newsletter sign-up (editor), while the mail server refuses the site itself.
    const lead = await request(app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .set('X-Forwarded-For', '203.0.113.10')
      .send(
        JSON.stringify({
          ...(await guardFields(app, 'contact')),
          name: 'Jane Smith',
          email: 'jane@acme.example',
          service: 'marketing-ads',
          message: 'Ads',
        }),
      );
    expect(lead.status).toBe(201);
    const signUp = await request(app)
      .post('/api/subscribe')
      .set('Content-Type', 'application/json')
      .set('X-Forwarded-For', '203.0.113.11')
      .send(JSON.stringify({ ...(await guardFields(app, 'newsletter')), email: 'reader@example.com' }));
    expect(signUp.status).toBe(202);
    await app.afterAnswer.settled();
    await until(
      'both messages failed',
      () => rows(app).length === 2 && rows(app).every((row) => row.status === 'failed'),
    );
    const notification = idOf(app, 'lead-notification');
    const confirmation = idOf(app, 'newsletter-confirmation');

    const people = Object.fromEntries(
      await Promise.all(
        (['owner', 'editor', 'sales'] as const).map(async (role) => {
          const email = `${role}@meridianlab.test`;
          await addAccount(app.db, email, undefined, { role, name: role });
          return [role, await sessionFor(app, email)] as const;
        }),
      ),
    );
    const page = async (role: keyof typeof people) =>
      (await request(app).get('/staff/outbox').set('Cookie', people[role]!.cookie)).text;
    const owner = await page('owner');
    expect(owner).toContain('lead-notification');
    expect(owner).toContain('newsletter-confirmation');
    expect(owner).toContain('reader@example.com');
    expect(owner).toContain('550 5.7.1 Sender not allowed');
    expect(owner).toContain(`action="/staff/outbox/${confirmation}/retry"`);
    // Each other role sees the messages of its own section's feature only.
    const sales = await page('sales');
    expect(sales).toContain('lead-notification');
    expect(sales).not.toContain('reader@example.com');
    const editor = await page('editor');
    expect(editor).toContain('reader@example.com');
    expect(editor).not.toContain('lead-notification');

    // And acts on nothing else, whatever the URL says: checked on the server.
    const post = (role: keyof typeof people, id: number, action: string) =>
      consolePost(app, `/staff/outbox/${id}/${action}`, people[role]!, { csrf: people[role]!.csrf });
    expect((await post('sales', confirmation, 'retry')).status).toBe(403);
    expect((await post('editor', notification, 'drop')).status).toBe(403);
    expect([statusOf(app, notification), statusOf(app, confirmation)]).toEqual(['failed', 'failed']);
    expect(audit(app)).toEqual([]);

    // Once the mail server takes the site's mail again, a retry sends it at once.
    refusing = false;
    const retried = await post('sales', notification, 'retry');
    expect([retried.status, retried.headers.location]).toEqual([303, '/staff/outbox?done=retry']);
    await smtp.waitFor(1);
    await until('the notification sent', () => statusOf(app, notification) === 'sent');
    expect(smtp.received.map((mail) => mail.parsed.subject)).toEqual([expect.stringContaining('Jane Smith')]);
    // A drop sends nothing and keeps nothing of it.
    const dropped = await post('editor', confirmation, 'drop');
    expect([dropped.status, dropped.headers.location]).toEqual([303, '/staff/outbox?done=drop']);
    expect(rows(app).find((row) => row.id === confirmation)).toMatchObject({
      status: 'skipped',
      payload: '{"body":null}',
    });
    expect((await request(app).get('/staff/outbox?done=drop').set('Cookie', people.owner!.cookie)).text).toContain(
      'No failed messages.',
    );
    expect(audit(app)).toEqual([
      {
        actor: 'sales@meridianlab.test',
        action: 'outbox.retry',
        object: `message ${notification}`,
        detail: expect.stringContaining('lead-notification, last error: Mail command failed: 550'),
      },
      {
        actor: 'editor@meridianlab.test',
        action: 'outbox.drop',
        object: `message ${confirmation}`,
        detail: expect.stringContaining('newsletter-confirmation'),
      },
    ]);

    // What is no longer failed (or never was) is acted on no more: said so, nothing written.
    for (const [id, action] of [
      [confirmation, 'retry'],
      [notification, 'drop'],
      [999, 'retry'],
    ] as const) {
      const again = await post('owner', id, action);
      expect(again.status).toBe(409);
      expect(again.text).toContain('no longer failed');
    }
    expect(audit(app)).toHaveLength(2);
    expect(smtp.received).toHaveLength(1);
  });
});
