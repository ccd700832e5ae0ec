import fs from 'node:fs';
import path from 'node:path';

import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { DATABASE_FILE } from '../../server/db';
import { noticeVersions } from '../../server/privacy/notices';
import { erasePersonalData, exportPersonalData } from '../../server/privacy/personalData';
import { purgeExpired } from '../../server/privacy/retention';
import { createSuppressions } from '../../server/privacy/suppressions';
import { retention } from '../../shared/content/retention';
import { formOf, guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { TEST_SITE_URL, testApp } from '../support/helpers';
import { npmRun } from '../support/serverProcess';

const opened: TestApp[] = [];
afterAll(() => opened.forEach((app) => app.db.close()));

const DAY = 24 * 60 * 60_000;
/** Where Ana's visit came from, sent with her first lead and her sign-up: personal data with them. */
const touch = {
  source: 'newsletter',
  medium: 'email',
  campaign: 'ana-spring-launch',
  content: '',
  referrer: '',
  landing: '/blog',
};
const attribution = JSON.stringify({ first: touch, last: touch, formPage: '/contact', pagesSeen: 3 });
const suppressionHash = (db: TestApp['db'], email: string) => createSuppressions(db).hash(email);
const count = (app: TestApp, table: string) =>
  (app.db.connection.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

/** A database file holding every kind of record about ana@example.com, and one lead from someone else. */
async function seeded(): Promise<TestApp> {
  const app = testApp();
  opened.push(app);
  const post = async (path: string, body: object) =>
    request(app)
      .post(path)
      .set('Origin', TEST_SITE_URL)
      .send({ ...(await guardFields(app, formOf(path))), ...body });
  expect(
    (
      await post('/api/contact', {
        name: 'Ana Gómez',
        email: 'Ana@Example.com',
        message: 'A new website, please.',
        attribution,
      })
    ).status,
  ).toBe(201);
  expect(
    (await post('/api/contact', { name: 'Ana Gómez', email: 'ana@example.com', message: 'And an AI receptionist.' }))
      .status,
  ).toBe(201);
  expect(
    (await post('/api/contact', { name: 'Ben Ortiz', email: 'ben@example.com', message: 'Ads for our bakery.' }))
      .status,
  ).toBe(201);
  expect((await post('/api/subscribe', { email: 'ana@example.com', attribution })).status).toBeLessThan(300);
  await app.afterAnswer.settled();
  const [first] = app.db.connection.prepare("SELECT id FROM leads WHERE email = 'Ana@Example.com'").all() as {
    id: number;
  }[];
  app.db.connection
    .prepare(
      "INSERT INTO lead_notes (lead_id, staff_email, created_at, body) VALUES (?, 'sam@meridianlab.dev', ?, 'Called back')",
    )
    .run(first!.id, new Date().toISOString());
  app.db.connection
    .prepare(
      "INSERT INTO lead_events (lead_id, staff_email, at, from_status, to_status) VALUES (?, 'sam@meridianlab.dev', ?, 'new', 'contacted')",
    )
    .run(first!.id, new Date().toISOString());
  app.db.connection
    .prepare(
      `INSERT INTO daily_counts (day, series, label, device, count, buckets) VALUES (?, 'LCP', '/', 'mobile', 1, '{"-2":1}')`,
    )
    .run(new Date().toISOString().slice(0, 10));
  return app;
}

describe('export of everything held about an address', () => {
  it('holds every kind of record, whatever the case of the address, and nothing about others', async () => {
    const app = await seeded();
    const data = await exportPersonalData(app.db, 'ANA@example.com');
    expect(data.leads).toHaveLength(2);
    expect(data.leads.map((lead) => lead.message)).toEqual(['A new website, please.', 'And an AI receptionist.']);
    expect(data.leads[0]).toMatchObject({
      notes: [{ body: 'Called back' }],
      statusChanges: [{ from_status: 'new', to_status: 'contacted' }],
    });
    expect(data.subscription).toMatchObject({ email: 'ana@example.com', confirmed_at: null, source: 'newsletter' });
    // Where her visits came from is hers too: exported with the lead and the sign-up.
    expect(JSON.parse(String(data.leads[0]!.attribution))).toEqual(JSON.parse(attribution));
    expect(data.leads[0]).toMatchObject({ source: 'newsletter', campaign: 'ana-spring-launch' });
    expect(JSON.parse(String(data.subscription!.attribution))).toEqual(JSON.parse(attribution));
    expect(data.messages.map((message) => message.kind).sort()).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(data.messages.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(data)).not.toContain('ben@example.com');
  });
});

describe('export of the messages', () => {
  it('shows what each message about the address said: a confirmation’s subject and text, a campaign’s number and subject', async () => {
    const app = await seeded();
    const subscriber = app.db.connection
      .prepare("SELECT id FROM subscribers WHERE email = 'ana@example.com'")
      .get() as {
      id: number;
    };
    const { id: campaign } = app.db.connection
      .prepare(
        `INSERT INTO campaigns (created_at, subject_en, preview_en, body_en, subject_es, preview_es, body_es)
         VALUES (?, 'Spring notes', '', 'Text', 'Notas de primavera', '', 'Texto') RETURNING id`,
      )
      .get(new Date().toISOString()) as { id: number };
    app.db.connection
      .prepare(
        `INSERT INTO outbox (kind, subscriber_id, payload, message_id, created_at, next_attempt_at, status)
         VALUES ('newsletter-campaign', ?, ?, 'campaign-1', ?, ?, 'sent')`,
      )
      .run(subscriber.id, JSON.stringify({ body: { campaign } }), new Date().toISOString(), new Date().toISOString());
    const { messages } = await exportPersonalData(app.db, 'ana@example.com');
    const confirmation = messages.find((message) => message.kind === 'newsletter-confirmation');
    expect(confirmation).toMatchObject({ content: { subject: expect.any(String), text: expect.any(String) } });
    expect(messages.find((message) => message.kind === 'newsletter-campaign')).toMatchObject({
      content: { campaign, subject: 'Spring notes' },
    });
  });
});

describe('erasure on request', () => {
  it('removes the leads, notes, history, messages and subscription, keeps a suppression hash, and touches nothing else', async () => {
    const app = await seeded();
    const before = { leads: count(app, 'leads'), outbox: count(app, 'outbox') };
    const erased = await erasePersonalData(app.db, 'ana@EXAMPLE.com');
    expect(erased).toEqual({
      ...{ leads: 2, notes: 1, statusChanges: 1, messages: erased.messages, subscriptions: 1 },
      bookings: 0,
    });
    expect(erased.messages).toBeGreaterThanOrEqual(3);
    expect(count(app, 'leads')).toBe(before.leads - 2);
    expect(count(app, 'outbox')).toBe(before.outbox - erased.messages);
    expect(count(app, 'lead_notes')).toBe(0);
    expect(count(app, 'lead_events')).toBe(0);
    expect(count(app, 'subscribers')).toBe(0);
    expect(app.db.connection.prepare('SELECT hash FROM suppressions').all()).toEqual([
      { hash: await suppressionHash(app.db, 'ana@example.com') },
    ]);
    // Nothing readable about the address is left anywhere.
    const dump = JSON.stringify(
      ['leads', 'subscribers', 'outbox', 'suppressions', 'consents'].map((table) =>
        app.db.connection.prepare(`SELECT * FROM ${table}`).all(),
      ),
    );
    expect(dump.toLowerCase()).not.toContain('ana@example.com');
    expect(dump).not.toContain('ana-spring-launch');
    expect(await exportPersonalData(app.db, 'ana@example.com')).toMatchObject({
      leads: [],
      subscription: null,
      messages: [],
      suppressed: true,
    });
  });
});

describe('the retention purge', () => {
  it('keeps everything within its period', async () => {
    const app = await seeded();
    expect(await purgeExpired(app.db, new Date(Date.now() + DAY))).toEqual({
      leads: 0,
      pendingSubscribers: 0,
      unsubscribed: 0,
      vitals: 0,
      analytics: 0,
      signInFailures: 0,
      teamMail: 0,
      unfinishedTwoFactor: 0,
      consents: 0,
      bouncedOut: 0,
      auditLog: 0,
      quarantined: 0,
    });
  });

  it('deletes each kind exactly when its period is over', async () => {
    const app = await seeded();
    const leads = count(app, 'leads');
    // Past the pending period: the unconfirmed sign-up goes, and its confirmation message with it.
    expect(await purgeExpired(app.db, new Date(Date.now() + (retention.pendingDays + 1) * DAY))).toMatchObject({
      pendingSubscribers: 1,
      leads: 0,
      vitals: 0,
    });
    expect(count(app, 'subscribers')).toBe(0);
    // Past the vitals period.
    expect(await purgeExpired(app.db, new Date(Date.now() + (retention.vitalsDays + 1) * DAY))).toMatchObject({
      vitals: 1,
      leads: 0,
    });
    // A lead counts from its last status change: moving one now keeps it longer than the others.
    const later = new Date(Date.now() + 400 * DAY).toISOString();
    app.db.connection.prepare("UPDATE leads SET status_changed_at = ? WHERE email = 'ben@example.com'").run(later);
    const past = new Date(Date.now() + (retention.leadsMonths * 31 + 1) * DAY);
    expect(await purgeExpired(app.db, past)).toMatchObject({ leads: leads - 1 });
    expect(app.db.connection.prepare('SELECT email FROM leads').all()).toEqual([{ email: 'ben@example.com' }]);
    expect(count(app, 'lead_notes')).toBe(0);
  });

  it('deletes a bounced-out address months after its last bounce, keeping its suppression hash; one still written to stays', async () => {
    const app = testApp();
    opened.push(app);
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
    const months = retention.bouncedMonths;
    for (const [email, bouncedDaysAgo] of [
      ['old-bounce@example.com', months * 31 + 1],
      ['new-bounce@example.com', months * 28 - 1],
      ['one-bounce@example.com', months * 31 + 1],
    ] as const)
      await app.db.run(
        `INSERT INTO subscribers (email, created_at, confirmed_at, locale, hard_bounces, bounced_at)
         VALUES (?, ?, ?, 'en', ?, ?)`,
        email,
        at(400),
        at(400),
        email === 'one-bounce@example.com' ? 1 : 2,
        at(bouncedDaysAgo),
      );
    // Bounced out: the bounce that reached the limit suppressed them (tests/newsletter/campaigns.test.ts).
    for (const email of ['old-bounce@example.com', 'new-bounce@example.com'])
      await createSuppressions(app.db).add(email, new Date(at(months * 31 + 1)));
    expect(await purgeExpired(app.db, now)).toMatchObject({ bouncedOut: 1 });
    const left = await app.db.all<{ email: string }>('SELECT email FROM subscribers ORDER BY email');
    expect(left.map((row) => row.email)).toEqual(['new-bounce@example.com', 'one-bounce@example.com']);
    expect(await createSuppressions(app.db).has('old-bounce@example.com')).toBe(true);
  });

  it('keeps an unsubscribed address only as a suppression hash', async () => {
    const app = await seeded();
    app.db.connection
      .prepare("UPDATE subscribers SET unsubscribed_at = ?, confirmed_at = created_at WHERE email = 'ana@example.com'")
      .run(new Date().toISOString());
    expect(await purgeExpired(app.db)).toMatchObject({ unsubscribed: 1 });
    expect(count(app, 'subscribers')).toBe(0);
    expect(app.db.connection.prepare('SELECT hash FROM suppressions').all()).toEqual([
      { hash: await suppressionHash(app.db, 'ana@example.com') },
    ]);
  });
});

/** How often `text` occurs, in any case, in the raw bytes of the database file and its write-ahead log. */
function occurrencesOnDisk(dataDir: string, text: string): Record<string, number> {
  const needle = text.toLowerCase();
  return Object.fromEntries(
    [DATABASE_FILE, `${DATABASE_FILE}-wal`].map((name) => {
      const file = path.join(dataDir, name);
      const bytes = fs.existsSync(file) ? fs.readFileSync(file).toString('latin1').toLowerCase() : '';
      return [name, bytes.split(needle).length - 1];
    }),
  );
}

describe('npm run data', () => {
  it('erases down to the bytes: neither the database file nor its log holds the address or its words afterwards', async () => {
    const app = await seeded();
    const { dataDir } = app.config;
    // The sign-up's confirmation was sent and blanked: rows were written, rewritten and spread over the log.
    app.db.connection.prepare("UPDATE subscribers SET confirmed_at = created_at WHERE email = 'ana@example.com'").run();
    expect(occurrencesOnDisk(dataDir, 'ana@example.com')[`${DATABASE_FILE}-wal`]).toBeGreaterThan(0);
    const erased = await npmRun('data', ['erase', 'ana@example.com'], dataDir);
    expect([erased.code, erased.stderr]).toEqual([0, '']);
    for (const trace of ['ana@example.com', 'A new website, please.', 'And an AI receptionist.', 'Called back'])
      expect(occurrencesOnDisk(dataDir, trace)).toEqual({ [DATABASE_FILE]: 0, [`${DATABASE_FILE}-wal`]: 0 });
    // Someone else's lead is still there, and readable.
    expect(app.db.connection.prepare('SELECT email FROM leads').all()).toEqual([{ email: 'ben@example.com' }]);
  }, 60_000);

  it('exports, erases and purges from the command line, and refuses a bad address with the usage', async () => {
    const app = await seeded();
    const dataDir = app.config.dataDir;
    const exported = await npmRun('data', ['export', 'ana@example.com'], dataDir);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout).leads).toHaveLength(2);
    // Each lead with the proof of its consent (decision 067), and that proof alone once erased.
    const proof = { purpose: 'lead', notice: noticeVersions.lead, locale: 'en', channel: 'contact form on /contact' };
    expect(JSON.parse(exported.stdout).leads[0]).toMatchObject({
      notice: proof.notice,
      consent_channel: proof.channel,
    });
    expect(JSON.parse(exported.stdout).consents).toEqual([
      expect.objectContaining({ ...proof, ended_at: null }),
      expect.objectContaining({ ...proof, ended_at: null }),
    ]);
    const erased = await npmRun('data', ['erase', 'ana@example.com'], dataDir);
    expect(JSON.parse(erased.stdout).erased).toMatchObject({ leads: 2, subscriptions: 1 });
    const after = JSON.parse((await npmRun('data', ['export', 'ana@example.com'], dataDir)).stdout);
    expect(after.leads).toEqual([]);
    expect(after.consents).toEqual([
      expect.objectContaining({ ...proof, ended_at: expect.any(String) }),
      expect.objectContaining({ ...proof, ended_at: expect.any(String) }),
    ]);
    const purged = await npmRun('data', ['purge'], dataDir);
    expect(JSON.parse(purged.stdout).purged).toEqual({
      leads: 0,
      pendingSubscribers: 0,
      unsubscribed: 0,
      vitals: 0,
      analytics: 0,
      signInFailures: 0,
      teamMail: 0,
      unfinishedTwoFactor: 0,
      consents: 0,
      bouncedOut: 0,
      auditLog: 0,
      quarantined: 0,
    });
    const bad = await npmRun('data', ['erase', 'not-an-address'], dataDir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: npm run --silent data');
  }, 60_000); // five npm processes, each starting Node: seconds on a busy machine
});
