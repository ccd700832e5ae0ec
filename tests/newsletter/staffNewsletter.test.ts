import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { campaignStore } from '../../server/newsletter';
import { draftNewArticles } from '../../server/newsletter/articleDrafts';
import { publishedArticles } from '../../server/newsletter/articles';
import { campaignApp, readerAddress, seedReaders } from '../support/campaigns';
import { TEST_SITE_URL } from '../support/helpers';
import { header } from '../support/mailServer';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const STAFF = 'ana@meridianlab.test';
const unescape = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

describe('the newsletter page of the console', { timeout: 60_000 }, () => {
  it('makes a campaign from an article in both languages, previews it, tests it, confirms the count per language and sends it', async () => {
    const { app, smtp, start } = await campaignApp(cleanups);
    start();
    await addAccount(app.db, STAFF);
    const client = await sessionFor(app, STAFF);
    await seedReaders(app.db, 5);

    const list = await request(app).get('/staff/newsletter').set('Cookie', client.cookie);
    expect(list.status).toBe(200);
    const [article] = publishedArticles();
    expect(unescape(list.text)).toContain(article!.versions.en!.title);

    const created = await consolePost(app, '/staff/newsletter', client, {
      csrf: client.csrf,
      article: String(article!.id),
    });
    expect(created.status).toBe(303);
    const base = created.headers.location!;
    expect(base).toMatch(/^\/staff\/newsletter\/\d+$/);
    const page = unescape((await request(app).get(base).set('Cookie', client.cookie)).text);
    for (const locale of ['en', 'es'] as const) {
      const version = article!.versions[locale]!;
      expect(page).toContain(`value="${version.title}"`);
      expect(page).toContain(`${TEST_SITE_URL}${version.path}`);
    }

    // Bad input: refused with the reason, and what was typed stays in the form.
    const long = 'x'.repeat(201);
    const refused = await consolePost(app, base, client, { csrf: client.csrf, subject_en: long, body_en: 'Kept body' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('longer than 200 characters');
    expect(refused.text).toContain('Kept body');

    // Markdown from scratch is rendered safely: no script, no event handler, no javascript: link.
    const fields = {
      csrf: client.csrf,
      subject_en: 'Spring notes',
      preview_en: 'What we learned',
      body_en:
        'Hello **readers**.\n\n<script>alert(1)</script><img src=x onerror=alert(1)>\n\n[bad](javascript:alert(1)) [good](https://example.com)',
      subject_es: 'Notas de primavera',
      preview_es: 'Lo que aprendimos',
      body_es: 'Hola **lectores**.',
    };
    expect((await consolePost(app, base, client, fields)).headers.location).toBe(`${base}?done=saved`);
    const html = await request(app).get(`${base}/preview/en.html`).set('Cookie', client.cookie);
    expect(html.status).toBe(200);
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.text).toContain('Hello <strong>readers</strong>.');
    expect(html.text).not.toMatch(/<script|onerror|javascript:/);
    expect(html.text).toContain('<a href="https://example.com">good</a>');
    const text = await request(app).get(`${base}/preview/es.txt`).set('Cookie', client.cookie);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.text).toContain('Hola **lectores**.');
    expect(text.text).toContain('Cancelar la suscripción');

    // A test goes to the signed-in address, both languages, and to nobody else.
    expect((await consolePost(app, `${base}/test`, client, { csrf: client.csrf })).headers.location).toBe(
      `${base}?done=tested`,
    );
    await smtp.waitFor(2);
    expect(smtp.received.map((mail) => mail.recipients[0])).toEqual([STAFF, STAFF]);
    expect(smtp.received.map((mail) => header(mail, 'subject')).sort()).toEqual(['Notas de primavera', 'Spring notes']);

    // The confirmation step: recipients per language, then send now.
    const confirm = await request(app).get(`${base}/confirm?at=`).set('Cookie', client.cookie);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toMatch(/staff-stat__value">3<\/span><span class="staff-stat__label">in English/);
    expect(confirm.text).toMatch(/staff-stat__value">2<\/span><span class="staff-stat__label">in Spanish/);
    expect(confirm.text).toContain('Send now to 5 subscribers');
    expect((await consolePost(app, `${base}/schedule`, client, { csrf: client.csrf, at: '' })).headers.location).toBe(
      `${base}?done=scheduled`,
    );
    await smtp.waitFor(7);
    const readers = smtp.received
      .slice(2)
      .map((mail) => mail.recipients[0])
      .sort();
    expect(readers).toEqual([0, 1, 2, 3, 4].map(readerAddress).sort());
    // Once sent, the text is fixed and a second schedule is refused.
    expect((await consolePost(app, base, client, fields)).status).toBe(400);
    expect((await consolePost(app, `${base}/schedule`, client, { csrf: client.csrf, at: '' })).status).toBe(400);

    const id = Number(base.split('/').at(-1));
    for (let tries = 0; (await campaignStore(app.db, app.config).figures(id)).sent < 5 && tries < 100; tries++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const progress = await request(app).get(base).set('Cookie', client.cookie);
    expect(progress.text).toMatch(/staff-stat__value">5<\/span><span class="staff-stat__label">Recipients/);
    expect(progress.text).toMatch(
      /staff-stat__value">5<\/span><span class="staff-stat__label">Delivered to the mail server/,
    );
    expect(progress.text).toContain('Sent');
  });

  it('schedules for a lab-time moment, shows the bounced addresses, and refuses what it cannot use', async () => {
    const { app, start } = await campaignApp(cleanups);
    start();
    await addAccount(app.db, STAFF);
    const client = await sessionFor(app, STAFF);
    await seedReaders(app.db, 2);
    await app.db.run(
      "UPDATE subscribers SET hard_bounces = 1, bounced_at = '2025-03-01T12:00:00Z' WHERE email = ?",
      readerAddress(1),
    );
    expect((await request(app).get('/staff/newsletter').set('Cookie', client.cookie)).text).toContain(readerAddress(1));

    const base = (await consolePost(app, '/staff/newsletter', client, { csrf: client.csrf })).headers.location!;
    // Blank from scratch: nothing to send yet.
    expect((await request(app).get(`${base}/confirm?at=`).set('Cookie', client.cookie)).status).toBe(400);
    const text = { subject: 'Later', preview: '', body: 'Soon.' };
    await consolePost(app, base, client, {
      csrf: client.csrf,
      subject_en: text.subject,
      body_en: text.body,
      subject_es: 'Luego',
      body_es: 'Pronto.',
    });
    expect((await request(app).get(`${base}/confirm?at=tomorrow`).set('Cookie', client.cookie)).status).toBe(400);
    expect((await consolePost(app, '/staff/newsletter', client, { csrf: client.csrf, article: '999999' })).status).toBe(
      400,
    );
    expect((await request(app).get('/staff/newsletter/999').set('Cookie', client.cookie)).status).toBe(404);
    expect((await request(app).get(`${base}/preview/fr.html`).set('Cookie', client.cookie)).status).toBe(404);

    // 9:30 in New York in July is 13:30 UTC (daylight time); the campaign waits for it.
    const at = '2099-07-01T09:30';
    const confirm = await request(app).get(`${base}/confirm?at=${at}`).set('Cookie', client.cookie);
    expect(confirm.text).toContain('dateTime="2099-07-01T13:30:00.000Z"');
    expect(confirm.text).toContain('Schedule to 2 subscribers');
    await consolePost(app, `${base}/schedule`, client, { csrf: client.csrf, at });
    const id = Number(base.split('/').at(-1));
    const campaign = await campaignStore(app.db, app.config).find(id);
    expect([campaign!.status, campaign!.sendAt]).toEqual(['scheduled', '2099-07-01T13:30:00.000Z']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await campaignStore(app.db, app.config).figures(id)).recipients).toBe(0);
  });

  it('drafts a campaign by itself for each article published since drafting was turned on, once over two instances', async () => {
    const { app } = await campaignApp(cleanups, { NEWSLETTER_DRAFT_NEW_ARTICLES: 'true' });
    expect(app.config.newsletter.draftNewArticles).toBe(true);
    const store = campaignStore(app.db, app.config);
    // Turned on today: the articles already published are left alone.
    expect(await draftNewArticles(app.db, store, TEST_SITE_URL)).toEqual([]);
    // As if turned on the day the newest article came out: it (and any of that day) gets one draft.
    const articles = publishedArticles();
    const newest = articles[0]!;
    await app.db.run("UPDATE settings SET value = ? WHERE key = 'newsletter_drafts_since'", newest.date);
    const [one, two] = await Promise.all([
      draftNewArticles(app.db, store, TEST_SITE_URL),
      draftNewArticles(app.db, store, TEST_SITE_URL),
    ]);
    const expected = articles.filter((article) => article.date >= newest.date);
    expect(one.length + two.length).toBe(expected.length);
    expect(await draftNewArticles(app.db, store, TEST_SITE_URL)).toEqual([]);
    const drafts = await store.list();
    expect(drafts.map((campaign) => [campaign.articleId, campaign.status]).sort()).toEqual(
      expected.map((article) => [article.id, 'draft']).sort(),
    );
    expect(drafts.find((campaign) => campaign.articleId === newest.id)!.content.en.subject).toBe(
      newest.versions.en!.title,
    );
  });
});
