import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { DATABASE_FILE, openSqliteDatabase } from '../../server/db';
import type { Logger } from '../../server/http/logger';
import { leadKinds, leadMessages } from '../../server/leads/messages';
import { createLeadStore } from '../../server/leads/store';
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelayMs } from '../../server/outbox/backoff';
import { createOutbox, startOutboxWorker } from '../../server/outbox/delivery';
import type { OutboxKind } from '../../server/outbox/kinds';
import { createMailer } from '../../server/outbox/mailer';
import type { OutboxWorker } from '../../server/outbox/worker';
import { contact as enContact } from '../../shared/content/i18n/en/contact';
import { contactInfo as enContactInfo } from '../../shared/content/i18n/en/contactInfo';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { recordingLogger, TEST_SITE_URL, testApp, testConfig } from '../support/helpers';
import type { MailServer } from '../support/mailServer';
import { header, rawHeaderNames, startMailServer } from '../support/mailServer';
import { stopWhenDone, until } from '../support/waits';
import { startWebhookReceiver } from '../support/webhookReceiver';

const { fieldCopy } = enContact;
const { departments } = enContactInfo;

const inbox = (id: string) => departments.find((department) => department.id === id)!.email;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The site's app with its outbox worker running beside it, as main.ts starts them. */
function deliveringApp(
  env: NodeJS.ProcessEnv,
  options: { firstRetryMs?: number; logger?: Logger; pollMs?: number } = {},
): TestApp & { worker: OutboxWorker } {
  const logger = options.logger ?? pino({ level: 'silent' });
  const app = testApp({ TRUST_PROXY: '1', ...env }, { logger, wakeOutbox: () => worker.wake() });
  const worker = startOutboxWorker({
    db: app.db,
    config: app.config,
    logger,
    kinds: app.outbox.kinds,
    pollMs: options.pollMs ?? 50,
    firstRetryMs: options.firstRetryMs,
  });
  cleanups.push(
    () => app.db.close(),
    () => worker.stop(),
  );
  return Object.assign(app, { worker });
}

async function mailServer(options: Parameters<typeof startMailServer>[0] = {}): Promise<MailServer> {
  const server = await startMailServer(options);
  cleanups.push(() => server.stop());
  return server;
}

const lead = {
  ...EMPTY_CONTACT_VALUES,
  name: 'Jane Smith',
  email: 'jane@acme.example',
  company: 'Acme',
  phone: '+1 305 555 0100',
  service: 'marketing-ads',
  message: 'We need ads for our spring launch.\nBudget: about $2,000 a month.',
};

const post = async (app: TestApp, body: object, client = '203.0.113.10') =>
  request(app)
    .post('/api/contact')
    .set('Content-Type', 'application/json')
    .set('X-Forwarded-For', client)
    .send(JSON.stringify({ ...(await guardFields(app, 'contact')), ...body }));

const outboxRows = (app: TestApp) =>
  app.db.connection
    .prepare('SELECT id, kind, lead_id, status, attempts, last_error, message_id, sent_at FROM outbox ORDER BY id')
    .all() as {
    id: number;
    kind: string;
    lead_id: number;
    status: string;
    attempts: number;
    last_error: string | null;
    message_id: string;
    sent_at: string | null;
  }[];

/** Nothing left queued: every message is sent, skipped or failed for good. */
const nothingQueued = (app: TestApp) => () => outboxRows(app).every((row) => row.status !== 'queued');

describe('a lead becomes one e-mail to the right department', { timeout: 30_000 }, () => {
  it("sends exactly one message to the service's inbox, with every field, the office time, Reply-To and a stable Message-ID", async () => {
    const smtp = await mailServer();
    const app = deliveringApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Meridian Lab <website@meridianlab.test>' });
    const response = await post(app, lead);
    expect(response.status).toBe(201);

    const [mail] = await smtp.waitFor(1);
    await stopWhenDone(app.worker, nothingQueued(app));
    expect(smtp.received).toHaveLength(1);
    // No automatic reply: the visitor's address is only ever the Reply-To.
    expect(mail!.recipients).toEqual([inbox('sales')]);
    expect(mail!.from).toBe('website@meridianlab.test');
    expect(header(mail!, 'subject')).toBe('New lead: Marketing with Ads — Jane Smith (Acme)');
    expect(header(mail!, 'to')).toBe(inbox('sales'));
    expect(mail!.parsed.replyTo?.value).toEqual([{ name: 'Jane Smith', address: 'jane@acme.example' }]);

    const text = mail!.parsed.text!;
    expect(text).toContain(`${fieldCopy.name.label}: Jane Smith`);
    expect(text).toContain(`${fieldCopy.email.label}: jane@acme.example`);
    expect(text).toContain(`${fieldCopy.company.label}: Acme`);
    expect(text).toContain(`${fieldCopy.phone.label}: +1 305 555 0100`);
    expect(text).toContain(`${fieldCopy.service.label}: Marketing with Ads`);
    expect(text).toContain('We need ads for our spring launch.\nBudget: about $2,000 a month.');
    expect(text).toContain('Routed to: Sales & Marketing');
    // The time in the offices' zone: EST or EDT, never UTC.
    expect(text).toMatch(/Received: \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2} [AP]M E[SD]T/);
    expect(mail!.parsed.html).toBe(false);

    const [row] = outboxRows(app);
    expect(row).toMatchObject({ kind: 'lead-notification', lead_id: 1, status: 'sent', attempts: 1, last_error: null });
    expect(row!.sent_at).toEqual(expect.any(String));
    expect(mail!.parsed.messageId).toBe(row!.message_id);
    expect(row!.message_id).toMatch(/^<[0-9a-f-]{36}@meridianlab\.test>$/);
  });

  it.each([
    ['web-subscription', 'development'],
    ['custom-project', 'development'],
    ['marketing-ads', 'sales'],
    ['ai-voice-systems', 'general'],
    ['all-in-one', 'general'],
    ['consultation', 'general'],
    ['', 'general'],
  ])('routes the service "%s" to the %s inbox', (service, department) => {
    const config = testConfig();
    const [notification] = leadMessages(
      config.mail,
      TEST_SITE_URL,
    )({
      ...EMPTY_CONTACT_VALUES,
      ...lead,
      service,
      id: 7,
      receivedAt: '2024-03-15T14:00:00.000Z',
      clientHash: 'x',
      userAgent: '',
      locale: 'en',
      attribution: '{}',
      source: '',
      campaign: '',
      notice: '',
      consentChannel: '',
      externalId: '',
    });
    expect(notification).toMatchObject({ kind: 'lead-notification', mail: { to: inbox(department) } });
    if (!service && notification?.kind === 'lead-notification') {
      expect(notification.mail.subject).toBe('New lead: No service chosen — Jane Smith (Acme)');
    }
  });

  it('writes the time in New York time, EDT in summer and EST in winter, and reads the inboxes from MAIL_TO_*', () => {
    const config = testConfig({ MAIL_TO_DEVELOPMENT: 'Web Team <web-team@example.org>' });
    const compose = leadMessages(config.mail, TEST_SITE_URL);
    const base = {
      ...lead,
      service: 'web-subscription',
      id: 1,
      clientHash: 'x',
      userAgent: '',
      locale: 'en' as const,
      attribution: '{}',
      source: '',
      campaign: '',
      notice: '',
      consentChannel: '',
      externalId: '',
    };
    const [summer] = compose({ ...base, receivedAt: '2024-07-04T16:30:00.000Z' });
    const [winter] = compose({ ...base, receivedAt: '2024-01-10T14:00:00.000Z' });
    if (summer?.kind !== 'lead-notification' || winter?.kind !== 'lead-notification')
      throw new Error('expected notifications');
    expect(summer.mail.text).toContain('Received: Thursday, July 4, 2024 at 12:30:00 PM EDT');
    expect(winter.mail.text).toContain('Received: Wednesday, January 10, 2024 at 9:00:00 AM EST');
    expect(summer.mail.to).toBe('Web Team <web-team@example.org>');
    expect(summer.mail.text).toContain('Language: English');
  });

  it('tells the team which language the lead wrote in, so the answer can be in it', () => {
    const [notification, webhook] = leadMessages(
      { ...testConfig().mail, webhook: { url: 'https://hooks.example.org/lead', secret: 'x'.repeat(32) } },
      TEST_SITE_URL,
    )({
      ...lead,
      service: 'marketing-ads',
      id: 3,
      receivedAt: '2024-03-15T14:00:00.000Z',
      clientHash: 'x',
      userAgent: '',
      locale: 'es',
      attribution: '{}',
      source: '',
      campaign: '',
      notice: '',
      consentChannel: '',
      externalId: '',
    });
    if (notification?.kind !== 'lead-notification' || webhook?.kind !== 'lead-webhook')
      throw new Error('expected a notification and a webhook');
    expect(notification.mail.text).toContain('Language: Spanish');
    expect(webhook.body).toMatchObject({ lead: { locale: 'es' } });
  });

  it('tells the team where the visit came from: the source, campaign, last touch, landing and form page', () => {
    const first = { source: 'newsletter', medium: 'email', campaign: 'nov', referrer: '', landing: '/blog' };
    const last = { source: '', medium: '', campaign: '', referrer: 'google.com', landing: '/services' };
    const attribution = { first, last, formPage: '/contact', pagesSeen: 4 };
    const [notification, webhook] = leadMessages(
      { ...testConfig().mail, webhook: { url: 'https://hooks.example.org/lead', secret: 'x'.repeat(32) } },
      TEST_SITE_URL,
    )({
      ...lead,
      id: 4,
      receivedAt: '2024-03-15T14:00:00.000Z',
      clientHash: 'x',
      userAgent: '',
      locale: 'en',
      attribution: JSON.stringify(attribution),
      source: 'newsletter',
      campaign: 'nov',
      notice: '',
      consentChannel: '',
      externalId: '',
    });
    if (notification?.kind !== 'lead-notification' || webhook?.kind !== 'lead-webhook')
      throw new Error('expected a notification and a webhook');
    for (const line of [
      'Source: newsletter / email',
      'Campaign: nov',
      'Last touch: google.com',
      'Landing page: /blog',
      'Sent from: /contact',
      'Pages seen before: 4',
    ])
      expect(notification.mail.text).toContain(line);
    expect(webhook.body).toMatchObject({ lead: { source: 'newsletter', campaign: 'nov', attribution } });
  });

  it('lets no CR/LF in any field start a header of its own', async () => {
    const smtp = await mailServer();
    const app = deliveringApp({ SMTP_URL: smtp.url });
    const attack = {
      name: 'Jane\r\nBcc: victim@evil.example\r\nX-Injected: name',
      email: 'jane@acme.example',
      company: 'Acme\nCc: other@evil.example\u2028X-Injected: company',
      phone: '555\r\nX-Injected: phone',
      service: 'marketing-ads',
      message: 'Hello\r\n.\r\nMAIL FROM:<x@evil.example>\r\nX-Injected: message',
    };
    expect((await post(app, attack)).status).toBe(201);
    // An address with a line break is refused by validation; nothing is stored for it.
    expect(
      (await post(app, { ...lead, email: 'jane@acme.example\r\nBcc: victim@evil.example' }, '203.0.113.11')).status,
    ).toBe(400);

    const [mail] = await smtp.waitFor(1);
    await stopWhenDone(app.worker, nothingQueued(app));
    expect(smtp.received).toHaveLength(1);
    expect(mail!.recipients).toEqual([inbox('sales')]);
    const names = rawHeaderNames(mail!);
    expect(names).not.toContain('bcc');
    expect(names).not.toContain('cc');
    expect(names).not.toContain('x-injected');
    expect(names.filter((name) => name === 'subject')).toHaveLength(1);
    expect(header(mail!, 'subject')).toBe(
      'New lead: Marketing with Ads — Jane Bcc: victim@evil.example X-Injected: name (Acme Cc: other@evil.example X-Injected: company)',
    );
    expect(mail!.parsed.replyTo?.value).toEqual([
      { name: 'Jane Bcc: victim@evil.example X-Injected: name', address: 'jane@acme.example' },
    ]);
    // The message stays text in the body, SMTP dot-stuffing included.
    expect(mail!.parsed.text).toContain('Hello\n.\nMAIL FROM:<x@evil.example>\nX-Injected: message');
    // Above the message, each field is one labelled line: no line break forges a line the team would read as the site's.
    const [fields] = mail!.parsed.text!.split(`${fieldCopy.message.label}:`);
    expect(fields).toContain(`${fieldCopy.name.label}: Jane Bcc: victim@evil.example X-Injected: name\n`);
    expect(fields).toContain(`${fieldCopy.company.label}: Acme Cc: other@evil.example X-Injected: company\n`);
    expect(fields).toContain(`${fieldCopy.phone.label}: 555 X-Injected: phone\n`);
    expect(fields!.split('\n').filter((line) => /^(Bcc|Cc|X-Injected):/.test(line))).toEqual([]);
    expect(mail!.parsed.text).toContain('to answer Jane Bcc: victim@evil.example X-Injected: name directly');
  });

  it('forges no labelled line from a name and lets no bidirectional override reverse the subject', async () => {
    const smtp = await mailServer();
    const app = deliveringApp({ SMTP_URL: smtp.url });
    const forged = {
      ...lead,
      name: `Jane\n${fieldCopy.email.label}: ceo@meridianlab.test\nRouted to: General`,
      company: 'Acme \u202egnirts\u202c Ltd',
    };
    expect((await post(app, forged)).status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    const lines = mail!.parsed.text!.split('\n');
    expect(lines.filter((line) => line.startsWith(`${fieldCopy.email.label}:`))).toEqual([
      `${fieldCopy.email.label}: jane@acme.example`,
    ]);
    expect(lines.filter((line) => line.startsWith('Routed to:'))).toHaveLength(1);
    expect(header(mail!, 'subject')).toBe(
      `New lead: Marketing with Ads — Jane ${fieldCopy.email.label}: ceo@meridianlab.test Routed to: General (Acme gnirts Ltd)`,
    );
    expect(`${header(mail!, 'subject')}${mail!.parsed.text}`).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it('forges no labelled line from the landing page or the form page of the attribution: pages the site has not are dropped', async () => {
    const smtp = await mailServer();
    const app = deliveringApp({ SMTP_URL: smtp.url });
    const touch = { source: '', medium: '', campaign: '', referrer: '' };
    const attribution = {
      first: {
        ...touch,
        landing: `/pricing\n\n${fieldCopy.email.label}: ceo@meridianlab.test\r\nMessage: URGENT wire the deposit today`,
      },
      last: { ...touch, landing: '/contact' },
      formPage: '/contact\u2028Routed to: Sales <sales@meridianlab.test>',
      pagesSeen: 2,
    };
    expect((await post(app, { ...lead, attribution: JSON.stringify(attribution) })).status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    const lines = mail!.parsed.text!.split('\n');
    expect(lines.filter((line) => line.startsWith(`${fieldCopy.email.label}:`))).toEqual([
      `${fieldCopy.email.label}: jane@acme.example`,
    ]);
    expect(lines.filter((line) => line.startsWith('Routed to:'))).toEqual(['Routed to: Sales & Marketing']);
    expect(lines.filter((line) => line.startsWith('Message: URGENT'))).toEqual([]);
    // A path with a line break is no page: the lead keeps neither, and each line says so.
    expect(lines).toContain('Landing page: (not given)');
    expect(lines).toContain('Sent from: (not given)');
  });

  it('sends nothing over smtp:// to a server that offers no TLS, when TLS is required', async () => {
    const smtp = await mailServer();
    const message = { to: 'sales@meridianlab.test', subject: 'A lead', text: 'Name: Jane' };
    const from = 'Meridian Lab <hello@meridianlab.test>';
    const required = createMailer({ smtpUrl: smtp.url, from, timeoutMs: 5_000, requireTls: true });
    cleanups.push(() => required.close());
    await expect(required.send(message, '<1@meridianlab.test>')).rejects.toThrow(/TLS/i);
    expect(smtp.received).toHaveLength(0);
    const plain = createMailer({ smtpUrl: smtp.url, from, timeoutMs: 5_000, requireTls: false });
    cleanups.push(() => plain.close());
    await plain.send(message, '<2@meridianlab.test>');
    expect(await smtp.waitFor(1)).toHaveLength(1);
  });

  it('sends the e-mail when the lead is stored, not at the next poll', async () => {
    const smtp = await mailServer();
    // The poll an hour away: only the wake-up after the lead's transaction can send it. How soon it comes from
    // the server process is measured by `npm run bench -- --only=timings`.
    const app = deliveringApp({ SMTP_URL: smtp.url }, { pollMs: 3_600_000 });
    expect((await post(app, lead)).status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(header(mail!, 'subject')).toBe('New lead: Marketing with Ads — Jane Smith (Acme)');
  });

  it('delivers 50 leads posted at once as 50 e-mails, none twice', async () => {
    const smtp = await mailServer();
    const app = deliveringApp({ SMTP_URL: smtp.url });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        // Fifty people: one address posts at most five times in ten minutes before its posts are held (decision 073).
        post(app, { ...lead, name: `Lead ${index}`, email: `lead${index}@example.com` }, `198.51.100.${index + 1}`),
      ),
    );
    expect(responses.every((response) => response.status === 201)).toBe(true);
    await smtp.waitFor(50);
    await stopWhenDone(app.worker, nothingQueued(app));
    expect(smtp.received).toHaveLength(50);
    expect(new Set(smtp.received.map((mail) => mail.parsed.messageId)).size).toBe(50);
    expect(new Set(smtp.received.map((mail) => header(mail, 'subject'))).size).toBe(50);
    expect(outboxRows(app).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});

describe('the transactional outbox', { timeout: 30_000 }, () => {
  it('stores a lead and queues its notification in one transaction: neither without the other', async () => {
    const config = testConfig();
    const db = openSqliteDatabase(config.dataDir);
    cleanups.push(() => db.close());
    const outbox = createOutbox(db, config);
    const failing = createLeadStore(db, {
      outbox,
      messagesFor: () => {
        throw new Error('composing failed');
      },
      committed: () => {},
    });
    await expect(failing.add({ ...lead }, { address: '203.0.113.1', userAgent: '' })).rejects.toThrow(
      'composing failed',
    );
    expect(db.connection.prepare('SELECT count(*) AS n FROM leads').get()).toEqual({ n: 0 });

    let committed = 0;
    const store = createLeadStore(db, {
      outbox,
      messagesFor: leadMessages(config.mail, TEST_SITE_URL),
      committed: () => (committed += 1),
    });
    const id = await store.add({ ...lead }, { address: '203.0.113.1', userAgent: '' });
    expect(committed).toBe(1);
    // Another connection sees both rows: they were committed together.
    const other = new DatabaseSync(path.join(config.dataDir, DATABASE_FILE), { readOnly: true });
    expect(other.prepare('SELECT kind, lead_id, status FROM outbox').all()).toEqual([
      { kind: 'lead-notification', lead_id: id, status: 'queued' },
    ]);
    other.close();
  });

  it('keeps messages queued without SMTP_URL, says so once at start, and delivers them once mail is configured', async () => {
    const { logger, lines } = recordingLogger();
    const app = deliveringApp({}, { logger });
    expect((await post(app, lead)).status).toBe(201);
    // Without a sender the worker claims nothing, however often woken: stopped, it has left the message as it was.
    await stopWhenDone(app.worker);
    expect(outboxRows(app)).toMatchObject([{ status: 'queued', attempts: 0 }]);
    const warnings = lines().filter((line) => String(line.msg).includes('SMTP_URL'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
    await until('the status line logged at start', () => lines().some((line) => line.msg === 'outbox status'));
    expect(lines().find((line) => line.msg === 'outbox status')?.outbox).toEqual({
      queued: 0,
      sent: 0,
      failed: 0,
      skipped: 0,
      bounced: 0,
      oldestQueuedSeconds: null,
    });

    // The same database, now with mail configured (a restart with SMTP_URL set).
    const smtp = await mailServer();
    const configured = testConfig({ SMTP_URL: smtp.url });
    const worker = startOutboxWorker({
      db: app.db,
      config: configured,
      logger: pino({ level: 'silent' }),
      kinds: app.outbox.kinds,
      pollMs: 50,
    });
    cleanups.push(() => worker.stop());
    const [mail] = await smtp.waitFor(1);
    expect(header(mail!, 'subject')).toBe('New lead: Marketing with Ads — Jane Smith (Acme)');
    await until('the message marked sent', () => outboxRows(app)[0]!.status === 'sent');
  });

  it('retries while SMTP is down, with the attempts and the last error kept, and delivers once it is back', async () => {
    let down = true;
    const smtp = await mailServer({ down: () => down });
    const app = deliveringApp({ SMTP_URL: smtp.url }, { firstRetryMs: 100 });
    expect((await post(app, lead)).status).toBe(201);
    await until('three failed attempts', () => outboxRows(app)[0]!.attempts >= 3);
    const failing = outboxRows(app)[0]!;
    expect(failing.status).toBe('queued');
    expect(failing.last_error).toMatch(/421 4\.3\.2 Service not available/);

    down = false;
    await smtp.waitFor(1);
    await until('the message marked sent', () => outboxRows(app)[0]!.status === 'sent');
    const sent = outboxRows(app)[0]!;
    expect(sent.attempts).toBeGreaterThanOrEqual(4);
    expect(sent.last_error).toBeNull();
    expect(smtp.received).toHaveLength(1);
  });

  it('marks a message failed after OUTBOX_MAX_ATTEMPTS tries', async () => {
    const smtp = await mailServer({ down: () => true });
    const app = deliveringApp({ SMTP_URL: smtp.url, OUTBOX_MAX_ATTEMPTS: '3' }, { firstRetryMs: 20 });
    expect((await post(app, lead)).status).toBe(201);
    await until('the message marked failed', () => outboxRows(app)[0]!.status === 'failed');
    expect(outboxRows(app)[0]).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: expect.stringMatching(/421 4\.3\.2 Service not available/),
    });
    expect(await createOutbox(app.db, app.config).stats()).toMatchObject({
      queued: 0,
      failed: 1,
      oldestQueuedSeconds: null,
    });
  });

  it('never lets two workers on one database file send the same message', async () => {
    const smtp = await mailServer({ delayMs: 15 });
    const config = testConfig({ SMTP_URL: smtp.url });
    const seed = openSqliteDatabase(config.dataDir);
    const store = createLeadStore(seed, {
      outbox: createOutbox(seed, config),
      messagesFor: leadMessages(config.mail, TEST_SITE_URL),
      committed: () => {},
    });
    for (let index = 0; index < 40; index++)
      await store.add({ ...lead, name: `Lead ${index}` }, { address: '203.0.113.1', userAgent: '' });
    await seed.close();

    // Two connections, as two server processes would have, each with its own worker and sender address.
    const workers = ['a', 'b'].map((name) => {
      const db = openSqliteDatabase(config.dataDir);
      const worker = startOutboxWorker({
        db,
        config: { mail: { ...config.mail, from: `worker-${name}@meridianlab.test` } },
        logger: pino({ level: 'silent' }),
        kinds: leadKinds,
        pollMs: 5,
      });
      cleanups.push(
        () => db.close(),
        () => worker.stop(),
      );
      return worker;
    });
    expect(workers).toHaveLength(2);
    await smtp.waitFor(40);
    const statuses = openSqliteDatabase(config.dataDir);
    cleanups.push(() => statuses.close());
    await stopWhenDone(
      workers,
      async () =>
        (await statuses.get<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE status = 'queued'"))!.n === 0,
    );
    expect(smtp.received).toHaveLength(40);
    expect(new Set(smtp.received.map((mail) => mail.parsed.messageId)).size).toBe(40);
    // Both took part: the lease, not luck, kept them apart.
    const senders = new Set(smtp.received.map((mail) => mail.from));
    expect(senders).toEqual(new Set(['worker-a@meridianlab.test', 'worker-b@meridianlab.test']));
  });

  it('lets a lease run out before another worker may take the message over', async () => {
    const config = testConfig();
    const db = openSqliteDatabase(config.dataDir);
    cleanups.push(() => db.close());
    const outbox = createOutbox(db, config);
    const leadId = await createLeadStore(db).add({ ...lead }, { address: '203.0.113.1', userAgent: '' });
    await db.transaction((tx) =>
      outbox.enqueue({ kind: 'lead-webhook', leadId, body: {} }, new Date('2024-01-01T00:00:00Z'), tx),
    );
    const t0 = new Date('2024-01-01T00:00:01Z');
    expect(await outbox.lease(['lead-webhook'], 60_000, 10, t0)).toHaveLength(1);
    expect(await outbox.lease(['lead-webhook'], 60_000, 10, new Date(t0.getTime() + 59_000))).toHaveLength(0);
    expect(await outbox.lease(['lead-notification'], 60_000, 10, new Date(t0.getTime() + 61_000))).toHaveLength(0);
    expect(await outbox.lease(['lead-webhook'], 60_000, 10, new Date(t0.getTime() + 61_000))).toHaveLength(1);
  });
});

describe('the kinds the features register', { timeout: 30_000 }, () => {
  it('sends a kind the outbox learns of only from its feature, and leaves a kind nobody registered queued', async () => {
    const smtp = await mailServer();
    const config = testConfig({ SMTP_URL: smtp.url });
    const db = openSqliteDatabase(config.dataDir);
    cleanups.push(() => db.close());
    // A feature the outbox does not know: its kind, as it would export it, and a message of it queued in its own transaction.
    const reminder = { name: 'test-reminder', channel: 'mail' } as const satisfies OutboxKind;
    const outbox = createOutbox(db, config);
    await db.transaction(async (tx) => {
      await outbox.enqueue(
        {
          kind: reminder.name,
          mail: { to: 'team@meridianlab.test', subject: 'Call Jane back', text: 'She asked for a call on Monday.\n' },
        },
        new Date(),
        tx,
      );
      await outbox.enqueue(
        {
          kind: 'test-unregistered',
          mail: { to: 'team@meridianlab.test', subject: 'Never sent', text: 'Nobody registered this kind.\n' },
        },
        new Date(),
        tx,
      );
    });

    const worker = startOutboxWorker({ db, config, logger: pino({ level: 'silent' }), kinds: [reminder], pollMs: 20 });
    cleanups.push(() => worker.stop());
    const [mail] = await smtp.waitFor(1);
    expect(header(mail!, 'subject')).toBe('Call Jane back');
    expect(mail!.parsed.text).toBe('She asked for a call on Monday.\n');
    await stopWhenDone(
      worker,
      () => db.connection.prepare("SELECT status FROM outbox WHERE kind = 'test-reminder'").get()?.status === 'sent',
    );
    expect(smtp.received).toHaveLength(1);
    expect(await outbox.pending()).toEqual([
      expect.objectContaining({ kind: 'test-unregistered', status: 'queued', attempts: 0 }),
    ]);
  });
});

describe('the retry schedule', () => {
  it('starts at about a minute, doubles, caps at four hours, and spreads retries with jitter', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(FIRST_RETRY_MS);
    expect(retryDelayMs(2, () => 0.5)).toBe(2 * FIRST_RETRY_MS);
    expect(retryDelayMs(5, () => 0.5)).toBe(16 * FIRST_RETRY_MS);
    expect(retryDelayMs(30, () => 0.5)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(1, () => 0)).toBe(0.8 * FIRST_RETRY_MS);
    expect(retryDelayMs(1, () => 1)).toBe(1.2 * FIRST_RETRY_MS);
  });

  it('covers more than 24 hours with the default number of attempts, even drawing every wait shortest', () => {
    const { maxAttempts } = testConfig().mail;
    let total = 0;
    for (let failed = 1; failed < maxAttempts; failed++) total += retryDelayMs(failed, () => 0);
    expect(total).toBeGreaterThan(24 * 60 * 60_000);
  });
});

describe('the signed webhook', { timeout: 30_000 }, () => {
  const secret = 'a'.repeat(24) + 'webhook-secret-for-tests';

  it('posts each lead once, signed, to a receiver that verifies it', async () => {
    const receiver = await startWebhookReceiver(secret);
    cleanups.push(() => receiver.close());
    const app = deliveringApp({ LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: secret });
    expect((await post(app, lead)).status).toBe(201);
    // Accepted by the receiver, then marked sent once its answer is back.
    await until(
      'the webhook accepted and marked sent',
      () =>
        receiver.accepted.length === 1 &&
        outboxRows(app).some((row) => row.kind === 'lead-webhook' && row.status === 'sent'),
    );
    const body = JSON.parse(receiver.accepted[0]!.body);
    expect(body).toMatchObject({
      type: 'lead.created',
      text: 'New lead: Marketing with Ads — Jane Smith (Acme)',
      department: { id: 'sales', name: 'Sales & Marketing' },
      lead: { id: 1, ...lead, serviceLabel: 'Marketing with Ads' },
    });
    const rows = outboxRows(app);
    // The e-mail waits for SMTP_URL; the webhook went out on its own.
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ['lead-notification', 'queued'],
      ['lead-webhook', 'sent'],
    ]);
    expect(receiver.accepted[0]!.delivery).toBe(rows[1]!.message_id);
    expect(receiver.rejected).toBe(0);
  });

  it('keeps nothing of the lead in its e-mail and webhook rows once they are sent: a correction leaves no old value', async () => {
    const smtp = await mailServer();
    const receiver = await startWebhookReceiver(secret);
    cleanups.push(() => receiver.close());
    const app = deliveringApp({ SMTP_URL: smtp.url, LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: secret });
    expect((await post(app, lead)).status).toBe(201);
    await until('both sent', () => outboxRows(app).filter((row) => row.status === 'sent').length === 2);
    const payloads = app.db.connection
      .prepare('SELECT payload FROM outbox WHERE lead_id IS NOT NULL')
      .all()
      .map((row) => String(row.payload));
    expect(payloads).toHaveLength(2);
    for (const payload of payloads)
      for (const value of [lead.name, lead.email, lead.company, lead.phone, 'spring launch'])
        expect(payload).not.toContain(value);
    expect(smtp.received[0]!.parsed.text).toContain(lead.name);
  });

  it("keeps a visitor's name from pinging the channel or disguising a link in a chat tool, in words still readable", async () => {
    const receiver = await startWebhookReceiver(secret);
    cleanups.push(() => receiver.close());
    const app = deliveringApp({ LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: secret });
    const name = '<!channel> <https://evil.example|Open lead> @here';
    const company = '[Invoice](https://evil.example) & Co';
    expect((await post(app, { ...lead, name, company })).status).toBe(201);
    await until('the webhook accepted', () => receiver.accepted.length === 1);
    const body = JSON.parse(receiver.accepted[0]!.body);
    const { text } = body as { text: string };
    // Slack's mrkdwn runs <…> and, with link names on, a bare @here; Teams' Markdown runs [text](url).
    expect(text).not.toMatch(/[<>]/);
    expect(text).not.toMatch(/@here\b/);
    expect(text).not.toContain('](');
    // What a chat tool shows once it decodes its three entities: the visitor's words, as typed.
    const shown = text
      .replace(/\u2060/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(shown).toBe(`New lead: Marketing with Ads — ${name} (${company})`);
    // The structured fields carry the values as sent, for a receiver that renders them itself.
    expect(body.lead).toMatchObject({ name, company });
  });

  it('is rejected by the receiver when signed with another secret, and retried like an e-mail', async () => {
    const receiver = await startWebhookReceiver(secret);
    cleanups.push(() => receiver.close());
    const app = deliveringApp(
      { LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: 'b'.repeat(48) },
      { firstRetryMs: 50 },
    );
    expect((await post(app, lead)).status).toBe(201);
    await until('two rejected deliveries', () => receiver.rejected >= 2);
    expect(receiver.accepted).toEqual([]);
    const webhook = outboxRows(app).find((row) => row.kind === 'lead-webhook')!;
    expect(webhook.status).toBe('queued');
    expect(webhook.last_error).toBe('The webhook answered 401');
  });

  it('refuses a tampered body, a forged signature, a stale timestamp and a replay under another delivery id', async () => {
    const { signWebhook, verifyWebhookSignature } = await import('../../server/outbox/webhook');
    const now = Date.parse('2024-03-15T12:00:00Z');
    const timestamp = String(now / 1000);
    const deliveryId = 'lead-webhook-1@meridianlab.test';
    const body = '{"type":"lead.created"}';
    const signature = signWebhook(secret, timestamp, deliveryId, body);
    const signed = { body, timestamp, deliveryId, signature };
    expect(verifyWebhookSignature(secret, signed, now)).toBe(true);
    expect(verifyWebhookSignature(secret, { ...signed, body: `${body} ` }, now)).toBe(false);
    expect(
      verifyWebhookSignature(
        secret,
        { ...signed, signature: signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')) },
        now,
      ),
    ).toBe(false);
    expect(verifyWebhookSignature(secret, { ...signed, signature: 'sha256=' }, now)).toBe(false);
    expect(verifyWebhookSignature(secret, { ...signed, signature: undefined }, now)).toBe(false);
    expect(verifyWebhookSignature(secret, signed, now + 301_000)).toBe(false);
    // A captured post sent again under a fresh id, to pass a receiver's duplicate check: refused.
    expect(verifyWebhookSignature(secret, { ...signed, deliveryId: 'lead-webhook-2@meridianlab.test' }, now)).toBe(
      false,
    );
    expect(verifyWebhookSignature(secret, { ...signed, deliveryId: undefined }, now)).toBe(false);
  });
});
