import pino from 'pino';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { crmEventSchema } from '../../server/leads/crmEvents';
import { startOutboxWorker } from '../../server/outbox/delivery';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';
import { guardFields } from '../support/formGuard';
import { testApp } from '../support/helpers';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';
import { stopWhenDone, until } from '../support/waits';
import { startWebhookReceiver } from '../support/webhookReceiver';

const secret = 'r'.repeat(24) + 'crm-secret-for-tests';
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the CRM’s receiver, down while leads come and go', { timeout: 60_000 }, () => {
  it('gets all 20 events once each when it is back, signed, no event id twice', async () => {
    // A real receiver on a port of its own, stopped before anything happens.
    const first = await startWebhookReceiver(secret);
    await first.close();
    const env = { TRUST_PROXY: '1', CRM_WEBHOOK_URL: first.url, CRM_WEBHOOK_SECRET: secret };
    const app = testApp(env, { wakeOutbox: () => worker.wake() });
    // The outbox's own worker, as main.ts starts it, with its retries shortened.
    const worker = startOutboxWorker({
      ...{ db: app.db, config: app.config, logger: pino({ level: 'silent' }), ...app.outbox },
      ...{ pollMs: 50, firstRetryMs: 50 },
    });
    cleanups.push(() => app.db.close());
    await addAccount(app.db, 'ana@meridianlab.test', undefined, { role: 'owner', name: 'Ana', languages: ['en'] });
    const ana = await sessionFor(app, 'ana@meridianlab.test');

    // Five leads, each created and assigned on arrival, then contacted and lost: 20 events.
    for (let index = 1; index <= 5; index++) {
      const lead = { ...EMPTY_CONTACT_VALUES, name: `Lead ${index}`, email: `lead${index}@example.com`, message: 'Hi' };
      const posted = await request(app)
        .post('/api/contact')
        .set('Content-Type', 'application/json')
        .set('X-Forwarded-For', `203.0.113.${index}`)
        .send(JSON.stringify({ ...lead, ...(await guardFields(app, 'contact')) }));
      expect(posted.status).toBe(201);
      const move = (fields: Record<string, string>) =>
        consolePost(app, `/staff/leads/${index}/status`, ana, { csrf: ana.csrf, ...fields });
      expect((await move({ from: 'new', to: 'contacted' })).status).toBe(303);
      expect((await move({ from: 'contacted', to: 'lost', reason: 'timing' })).status).toBe(303);
    }
    const rows = () =>
      app.db.connection.prepare("SELECT status, attempts, message_id FROM outbox WHERE kind = 'crm-event'").all() as {
        status: string;
        attempts: number;
        message_id: string;
      }[];
    expect(rows()).toHaveLength(20);
    await until('every event tried while the receiver is down', () => rows().every((row) => row.attempts > 0));
    expect(rows().every((row) => row.status === 'queued')).toBe(true);

    const receiver = await startWebhookReceiver(secret, first.port);
    cleanups.push(() => receiver.close());
    await stopWhenDone(worker, () => rows().every((row) => row.status === 'sent'));

    expect(receiver.accepted).toHaveLength(20);
    expect(receiver.rejected).toBe(0);
    const ids = receiver.accepted.map((post) => crmEventSchema.parse(JSON.parse(post.body)).id);
    expect(new Set(ids).size).toBe(20);
    expect(receiver.accepted.map((post) => post.delivery)).toEqual(ids);
    expect(new Set(ids)).toEqual(new Set(rows().map((row) => row.message_id)));
  });
});
