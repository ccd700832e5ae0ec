import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import request from 'supertest';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { DATABASE_FILE } from '../../server/db';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { testApp } from '../support/helpers';
import { mailingApp } from '../support/mailingApp';
import { header, startMailServer } from '../support/mailServer';
import { TEST_IDENTITY } from '../support/serverCommand';
import { errorLines, freePort, killServers, startServer } from '../support/serverProcess';
import { addAccount, sessionFor } from '../support/staffHelpers';

/**
 * The lab's legal identity (LAB_LEGAL_NAME, LAB_TAX_ID, LAB_DOMICILE, LAB_POSTAL_ADDRESS, LAB_PRIVACY_OFFICER) is
 * a setting. Without it nothing pretends: the legal pages say what is not yet published, the newsletter's e-mails
 * (which CASL and CAN-SPAM require to carry the postal address) wait in the outbox, and the operator is told.
 */
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => killServers());

/** Every LAB_* setting unset (an empty value counts as unset), whatever the environment running the tests holds. */
const NO_IDENTITY = Object.fromEntries(Object.keys(TEST_IDENTITY).map((name) => [name, '']));

const legalPages = [
  ['/privacy', '(not yet published)'],
  ['/terms', '(not yet published)'],
  ['/es/privacidad', '(pendiente de publicación)'],
  ['/es/terminos', '(pendiente de publicación)'],
] as const;

/** What the build shipped before the identity was a setting: a stand-in that looks like a value. */
const STAND_IN = /\[(LEGAL NAME|TAX ID|DOMICILE|POSTAL ADDRESS|PRIVACY OFFICER)/;

function appWith(env: NodeJS.ProcessEnv): TestApp {
  const app = testApp(env);
  cleanups.push(() => app.db.close());
  return app;
}

const signUp = async (app: TestApp, email: string) =>
  request(app)
    .post('/api/subscribe')
    .set('Content-Type', 'application/json')
    .send(JSON.stringify({ ...(await guardFields(app, 'newsletter')), email }));

describe("the lab's legal identity", () => {
  it.each(legalPages)('without its settings, %s says plainly what is not yet published', async (url, words) => {
    const { status, text } = await request(appWith(NO_IDENTITY)).get(url);
    expect(status).toBe(200);
    expect(text).toContain(words);
    expect(text).not.toMatch(STAND_IN);
    expect(text).not.toContain('{{');
  });

  it('is handed to the browser for a legal page it navigates to: what is set, and nothing for what is not', async () => {
    const full = await request(appWith({})).get('/api/legal-facts.json');
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toMatch(/^application\/json/);
    expect(full.body).toEqual({
      legalName: TEST_IDENTITY.LAB_LEGAL_NAME,
      taxId: TEST_IDENTITY.LAB_TAX_ID,
      domicile: TEST_IDENTITY.LAB_DOMICILE,
      postalAddress: TEST_IDENTITY.LAB_POSTAL_ADDRESS,
      privacyOfficer: TEST_IDENTITY.LAB_PRIVACY_OFFICER,
    });
    const partial = await request(appWith({ ...NO_IDENTITY, LAB_LEGAL_NAME: 'Meridian Lab LLC' })).get(
      '/api/legal-facts.json',
    );
    expect(partial.body).toEqual({ legalName: 'Meridian Lab LLC' });
  });

  it.each(['en', 'es'] as const)(
    'with its settings, the confirmation e-mail in %s names the lab by its legal name and postal address',
    async (locale) => {
      const { app, smtp } = await mailingApp(cleanups);
      const query = locale === 'es' ? '?locale=es' : '';
      const response = await request(app)
        .post(`/api/subscribe${query}`)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ ...(await guardFields(app, 'newsletter')), email: 'reader@example.com' }));
      expect(response.status).toBe(202);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.parsed.text).toContain(`(${TEST_IDENTITY.LAB_LEGAL_NAME})\n${TEST_IDENTITY.LAB_POSTAL_ADDRESS}\n`);
    },
  );

  it("without its settings, a sign-up's confirmation waits in the outbox, queued, while a lead's notification goes out", async () => {
    const { app, smtp } = await mailingApp(cleanups, NO_IDENTITY);
    expect((await signUp(app, 'reader@example.com')).status).toBe(202);
    await app.afterAnswer.settled();
    const lead = await request(app)
      .post('/api/contact')
      .send({ ...(await guardFields(app, 'contact')), name: 'Ana', email: 'ana@example.com', message: 'Hi.' });
    expect(lead.status).toBe(201);
    const [notification] = await smtp.waitFor(1);
    expect(header(notification!, 'subject')).toMatch(/Ana/);
    // The worker has looked at the queue since the confirmation was queued: it leaves it be.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(smtp.received).toHaveLength(1);
    const confirmation = app.db.connection
      .prepare("SELECT status, attempts, last_error FROM outbox WHERE kind = 'newsletter-confirmation'")
      .all();
    expect(confirmation).toEqual([{ status: 'queued', attempts: 0, last_error: null }]);
    // Alerts to the lab's own inbox go out too; campaign e-mails wait like the confirmations.
    const kinds = app.outbox.kinds.map((kind) => kind.name);
    expect(kinds).toEqual(expect.arrayContaining(['lead-notification', 'alert']));
    expect(kinds).not.toContain('newsletter-confirmation');
    expect(kinds).not.toContain('newsletter-campaign');
  });

  it('without its settings, the console says so on every page, and the newsletter page what waits', async () => {
    const app = appWith({ ...NO_IDENTITY, LAB_LEGAL_NAME: 'Meridian Lab LLC' });
    await addAccount(app.db, 'staff@meridianlab.dev');
    const { cookie } = await sessionFor(app, 'staff@meridianlab.dev');
    expect((await signUp(app, 'reader@example.com')).status).toBe(202);
    await app.afterAnswer.settled();

    const first = await request(app).get('/staff/leads').set('Cookie', cookie);
    const pages = [...first.text.matchAll(/class="staff-nav__link" href="([^"]+)"/g)].map((match) => match[1]!);
    expect(pages.length).toBeGreaterThan(4);
    for (const page of pages) {
      const { status, text } = await request(app).get(page).set('Cookie', cookie);
      expect(status, page).toBe(200);
      const bar = /<section class="staff-alerts"[\s\S]*?<\/section>/.exec(text)?.[0] ?? '';
      expect(bar, page).toContain('legal identity is incomplete');
      for (const name of ['LAB_TAX_ID', 'LAB_DOMICILE', 'LAB_POSTAL_ADDRESS', 'LAB_PRIVACY_OFFICER'])
        expect(bar, page).toContain(name);
      expect(bar, page).not.toContain('LAB_LEGAL_NAME');
    }
    const newsletter = (await request(app).get('/staff/newsletter').set('Cookie', cookie)).text;
    expect(newsletter).toMatch(/1 e-mail waits in the outbox/);
  });
});

describe("the server process without the lab's legal identity", { timeout: 120_000 }, () => {
  it('logs one error line at start, serves every page, and sends the waiting confirmation once restarted with it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-identity-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const smtp = await startMailServer();
    cleanups.push(() => smtp.stop());
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    // With BACKUP_KEY, as in production: the only setting missing is the identity, and so the only error line.
    const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, BACKUP_KEY: 'identity-test-key-'.padEnd(64, '0') };

    const first = await startServer(port, { ...env, ...NO_IDENTITY });
    const sitemap = await (await fetch(`${site}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]!);
    expect(pages).toContain('/es/terminos');
    for (const page of pages) expect((await fetch(`${site}${page}`)).status, page).toBe(200);
    const signedUp = await fetch(`${site}/api/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...(await guardFields(site, 'newsletter')), email: 'reader@example.com' }),
    });
    expect(signedUp.status).toBe(202);
    await first.stop();
    const errors = errorLines(first);
    expect(errors).toHaveLength(1);
    for (const name of Object.keys(TEST_IDENTITY)) expect(errors[0]).toContain(name);
    expect(smtp.received).toHaveLength(0);
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
    expect(db.prepare('SELECT kind, status, attempts FROM outbox').all()).toEqual([
      { kind: 'newsletter-confirmation', status: 'queued', attempts: 0 },
    ]);
    db.close();

    const second = await startServer(port, { ...env, ...TEST_IDENTITY });
    const [confirmation] = await smtp.waitFor(1, 60_000);
    expect(confirmation!.recipients).toEqual(['reader@example.com']);
    expect(confirmation!.parsed.text).toContain(
      `(${TEST_IDENTITY.LAB_LEGAL_NAME})\n${TEST_IDENTITY.LAB_POSTAL_ADDRESS}\n`,
    );
    await second.stop();
    expect(second.output()).not.toContain('"level":50');
  });
});
