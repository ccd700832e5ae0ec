import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { crmEvents } from '../../server/crm';
import { openSqliteDatabase } from '../../server/db';
import { crmEventSchema } from '../../server/leads/crmEvents';
import { LOST_REASONS } from '../../server/leads/deal';
import { createOutbox, startOutboxWorker } from '../../server/outbox/delivery';
import type { OutboxWorker } from '../../server/outbox/worker';
import { erasePersonalData } from '../../server/privacy/personalData';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { testApp } from '../support/helpers';
import { npmRun } from '../support/serverProcess';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, insertLead, sessionFor } from '../support/staffHelpers';
import { stopWhenDone, until } from '../support/waits';
import { startWebhookReceiver } from '../support/webhookReceiver';

const root = path.resolve(import.meta.dirname, '../..');
const secret = 'c'.repeat(24) + 'crm-secret-for-tests';

describe('the CRM events’ JSON Schema', () => {
  it('is the one generated from the events’ zod schema, so the two cannot drift', () => {
    const published = JSON.parse(fs.readFileSync(path.join(root, 'docs/crm-events.schema.json'), 'utf8')) as unknown;
    // To publish a change: write z.toJSONSchema(crmEventSchema) to the file, then run prettier on it.
    expect(published).toEqual(z.toJSONSchema(crmEventSchema));
  });

  it('takes every lost reason the console offers', () => {
    for (const reason of LOST_REASONS) {
      const event = {
        ...{ version: 1, id: crypto.randomUUID(), occurredAt: new Date().toISOString() },
        ...{ type: 'lead.lost', lead: { id: crypto.randomUUID() }, from: 'contacted', reason },
      };
      expect(crmEventSchema.safeParse(event).success, reason).toBe(true);
    }
  });
});

describe('a lead’s life told to the CRM', { timeout: 30_000 }, () => {
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let app: TestApp;
  let worker: OutboxWorker;
  let ana: StaffClient;

  beforeAll(async () => {
    receiver = await startWebhookReceiver(secret);
    const env = { TRUST_PROXY: '1', CRM_WEBHOOK_URL: receiver.url, CRM_WEBHOOK_SECRET: secret };
    app = testApp(env, { wakeOutbox: () => worker?.wake() });
    worker = startOutboxWorker({ db: app.db, config: app.config, logger: pino({ level: 'silent' }), ...app.outbox });
    // Ana may own leads in English at any hour: the rule gives her the lead on arrival.
    await addAccount(app.db, 'ana@meridianlab.test', undefined, { role: 'owner', name: 'Ana Ruiz', languages: ['en'] });
    ana = await sessionFor(app, 'ana@meridianlab.test');
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    app.db.close();
  });

  const step = (id: number, what: string, fields: Record<string, string>) =>
    consolePost(app, `/staff/leads/${id}/${what}`, ana, { csrf: ana.csrf, ...fields });

  it('sends created, assigned, status, won, lost and erased, each valid, signed, under its event id', async () => {
    const visitor = {
      ...EMPTY_CONTACT_VALUES,
      name: 'Jane Smith',
      email: 'jane@acme.example',
      company: 'Acme',
      service: 'marketing-ads',
      message: 'We need ads.',
    };
    const posted = await request(app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .set('X-Forwarded-For', '203.0.113.10')
      .send(JSON.stringify({ ...visitor, ...(await guardFields(app, 'contact')) }));
    expect(posted.status).toBe(201);
    const id = 1;
    const externalId = (
      app.db.connection.prepare('SELECT external_id FROM leads WHERE id = ?').get(id) as {
        external_id: string;
      }
    ).external_id;
    expect((await step(id, 'owner', { owner: '' })).status).toBe(303);
    expect((await step(id, 'status', { from: 'new', to: 'contacted' })).status).toBe(303);
    const won = { from: 'contacted', to: 'won', plan: 'marketing-ads', monthly: '250', start: '2026-12-01' };
    expect((await step(id, 'status', won)).status).toBe(303);
    expect((await step(id, 'status', { from: 'won', to: 'contacted' })).status).toBe(303);
    expect((await step(id, 'status', { from: 'contacted', to: 'lost', reason: 'price' })).status).toBe(303);
    // The erasure, as `npm run data -- erase` makes it.
    await erasePersonalData(
      app.db,
      visitor.email,
      new Date(),
      crmEvents(createOutbox(app.db, app.config), app.config.mail.crm),
    );
    worker.wake();
    await until('the eight events', () => receiver.accepted.length === 8);

    const events = receiver.accepted.map((post) => ({ ...post, event: crmEventSchema.parse(JSON.parse(post.body)) }));
    expect(receiver.rejected).toBe(0);
    for (const { event, delivery } of events) {
      expect(event.id).toBe(delivery);
      expect(event.lead.id).toBe(externalId);
    }
    const byType = Object.fromEntries(events.map(({ event }) => [event.type, event]));
    expect(events.map(({ event }) => event.type).sort()).toEqual(
      [
        'lead.assigned',
        'lead.assigned',
        'lead.created',
        'lead.erased',
        'lead.lost',
        'lead.status_changed',
        'lead.status_changed',
        'lead.won',
      ].sort(),
    );
    expect(byType['lead.created']).toMatchObject({
      version: 1,
      lead: { ...visitor, id: externalId, serviceLabel: 'Marketing with Ads', locale: 'en' },
    });
    const owners = events.flatMap(({ event }) => (event.type === 'lead.assigned' ? [event.owner] : []));
    expect(owners).toContainEqual({ email: 'ana@meridianlab.test', name: 'Ana Ruiz' });
    expect(owners).toContainEqual(null);
    expect(byType['lead.won']).toMatchObject({
      from: 'contacted',
      deal: { plan: 'marketing-ads', monthlyValue: 250, currency: 'CAD', startDate: '2026-12-01' },
    });
    expect(byType['lead.lost']).toMatchObject({ from: 'contacted', reason: 'price' });
    // The erasure carries the external id alone: nothing a person could be known by.
    const erased = events.find(({ event }) => event.type === 'lead.erased')!;
    expect(Object.keys(JSON.parse(erased.body) as object).sort()).toEqual([
      'id',
      'lead',
      'occurredAt',
      'type',
      'version',
    ]);
    expect(JSON.parse(erased.body)).toMatchObject({ lead: { id: externalId } });
    expect(erased.body).not.toMatch(/jane|acme|smith/i);
    // Nothing of the lead is left in the outbox once it is erased, but the erasure's own event, sent.
    await stopWhenDone(worker);
    expect(app.db.connection.prepare('SELECT kind, lead_id, status FROM outbox').all()).toEqual([
      { kind: 'crm-event', lead_id: null, status: 'sent' },
    ]);
  });
});

describe('npm run data -- erase', { timeout: 30_000 }, () => {
  it('queues the erasure’s event for the CRM, with the lead’s external id alone', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-crm-erase-'));
    const db = openSqliteDatabase(dataDir);
    const id = insertLead(db, { email: 'gone@example.com' });
    const { external_id: externalId } = db.connection.prepare('SELECT external_id FROM leads WHERE id = ?').get(id) as {
      external_id: string;
    };
    db.close();
    const env = { CRM_WEBHOOK_URL: 'https://crm.example.com/hooks', CRM_WEBHOOK_SECRET: secret };
    expect((await npmRun('data', ['erase', 'gone@example.com'], dataDir, env)).code).toBe(0);
    const after = openSqliteDatabase(dataDir);
    const rows = after.connection.prepare('SELECT kind, lead_id, payload FROM outbox').all() as {
      kind: string;
      lead_id: number | null;
      payload: string;
    }[];
    after.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'crm-event', lead_id: null });
    const event = crmEventSchema.parse((JSON.parse(rows[0]!.payload) as { body: unknown }).body);
    expect(event).toMatchObject({ type: 'lead.erased', lead: { id: externalId } });
  });
});
