import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import type { TestApp } from '../support/helpers';
import { testApp } from '../support/helpers';
import { mailingApp } from '../support/mailingApp';
import { header } from '../support/mailServer';
import { TEST_IDENTITY } from '../support/serverCommand';

/**
 * The lab's legal identity (LAB_LEGAL_NAME, LAB_TAX_ID, LAB_DOMICILE, LAB_POSTAL_ADDRESS, LAB_PRIVACY_OFFICER) is
 * a setting. Without it nothing pretends: the legal pages say what is not yet published, and the newsletter's
 * e-mails (which CASL and CAN-SPAM require to carry the postal address) wait in the outbox.
 */
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

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

const signUp = (app: TestApp, email: string) =>
  request(app).post('/api/subscribe').set('Content-Type', 'application/json').send(JSON.stringify({ email }));

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
        .send(JSON.stringify({ email: 'reader@example.com' }));
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
      .send({ name: 'Ana', email: 'ana@example.com', message: 'Hi.' });
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
});
