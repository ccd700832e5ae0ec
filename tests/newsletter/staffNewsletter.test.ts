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
    for (const locale of ['en', 'es'] as const) expect(page).toContain(article!.versions[locale]!.title);

    // Bad input: refused with the reason, and what was typed stays in the form.
    const long = 'x'.repeat(401);
    const refused = await consolePost(app, base, client, {
      csrf: client.csrf,
      note_en: long,
      note_es: 'Nota guardada',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('longer than 400 characters');
    expect(refused.text).toContain('Nota guardada');
    // Kept whole: the field does not cut a longer paste in the browser either.
    expect(refused.text).toContain(long);
    expect(refused.text).not.toMatch(/<textarea[^>]*maxlength/i);

    // The lab's note goes above the article, rendered safely.
    const fields = { csrf: client.csrf, note_en: 'Hello **readers**.', note_es: 'Hola **lectores**.' };
    expect((await consolePost(app, base, client, fields)).headers.location).toBe(`${base}?done=saved`);
    const html = await request(app).get(`${base}/preview/en.html`).set('Cookie', client.cookie);
    expect(html.status).toBe(200);
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.text).toContain('Hello <strong>readers</strong>.');
    expect(unescape(html.text)).toContain(`${TEST_SITE_URL}${article!.versions.en!.path}`);
    const text = await request(app).get(`${base}/preview/es.txt`).set('Cookie', client.cookie);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.text).toContain('Hola lectores.');
    expect(text.text).toContain(`${TEST_SITE_URL}${article!.versions.es!.path}`);
    expect(text.text).toContain('Cancelar la suscripción');

    // A test goes to the signed-in address when none is typed, both languages, and to nobody else.
    expect((await consolePost(app, `${base}/test`, client, { csrf: client.csrf })).headers.location).toBe(
      `${base}?done=tested`,
    );
    await smtp.waitFor(2);
    expect(smtp.received.map((mail) => mail.recipients[0])).toEqual([STAFF, STAFF]);
    expect(smtp.received.map((mail) => header(mail, 'subject')).sort()).toEqual(
      [article!.versions.en!.title, article!.versions.es!.title].map((title) => `[TEST] ${title}`).sort(),
    );

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
    expect(progress.text).toMatch(/staff-stat__value">5<\/span><span class="staff-stat__label">Recipients so far/);
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

    const article = String(publishedArticles()[0]!.id);
    const base = (await consolePost(app, '/staff/newsletter', client, { csrf: client.csrf, article })).headers
      .location!;
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

  it("sends readers only a published article and the lab's plain note: nothing outside what they agreed to (decision 067)", async () => {
    const { app, smtp, start, stopWhenDone } = await campaignApp(cleanups);
    start();
    await addAccount(app.db, STAFF);
    const client = await sessionFor(app, STAFF);
    await seedReaders(app.db, 2);
    const store = campaignStore(app.db, app.config);

    // No campaign from scratch: without an article nothing is made.
    const blank = await consolePost(app, '/staff/newsletter', client, { csrf: client.csrf });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain('announces a published article');
    expect((await store.page(null, 25)).campaigns).toEqual([]);

    const [article] = publishedArticles();
    const base = (
      await consolePost(app, '/staff/newsletter', client, { csrf: client.csrf, article: String(article!.id) })
    ).headers.location!;
    const id = Number(base.split('/').at(-1));
    // A promotion posted in the old fields is not taken: subject, preview and body stay the article's.
    const promotion = {
      csrf: client.csrf,
      subject_en: 'Black Friday: 30% off the AI Voice plan',
      preview_en: 'Our biggest sale',
      body_en: '30% off. [Buy now](https://meridianlab.test/pricing)',
      note_en: 'Our team wrote this one over the autumn.',
      note_es: 'Nuestro equipo lo escribió este otoño.',
    };
    expect((await consolePost(app, base, client, promotion)).headers.location).toBe(`${base}?done=saved`);
    const saved = (await store.find(id))!;
    expect(saved.content.en.subject).toBe(article!.versions.en!.title);
    expect(saved.content.en.preview).toBe(article!.versions.en!.excerpt);
    expect(saved.content.en.body).toMatch(/^Our team wrote this one over the autumn\.\n\n## /);
    expect(JSON.stringify(saved.content)).not.toMatch(/Black Friday|30%|Buy now|pricing/);

    // A note cannot send readers elsewhere: no link, no address, no markup; refused with the reason, kept in the form.
    for (const note of [
      'Our offer: https://meridianlab.test/pricing',
      'See www.meridianlab.dev for the plans',
      'Ask [for a quote](/contact)',
      'Write to sales@meridianlab.dev',
      '<a href="/services">Our plans</a>',
    ]) {
      const refused = await consolePost(app, base, client, { csrf: client.csrf, note_en: note, note_es: '' });
      expect(refused.status, note).toBe(400);
      expect(refused.text, note).toContain('may not hold a link');
    }
    expect((await store.find(id))!.notes.en).toBe('Our team wrote this one over the autumn.');

    // A draft written before campaigns came from articles cannot go, by the console or by any other way.
    const legacy = await app.db.get<{ id: number }>(
      `INSERT INTO campaigns (created_at, article_id, subject_en, preview_en, body_en, subject_es, preview_es, body_es)
       VALUES (?, NULL, 'Black Friday', '30% off', '30% off the AI Voice plan', 'Black Friday', '30 %', '30 % de descuento')
       RETURNING id`,
      new Date().toISOString(),
    );
    const old = `/staff/newsletter/${legacy!.id}`;
    const page = await request(app).get(old).set('Cookie', client.cookie);
    expect([page.status, page.text.includes('Its text, which cannot be sent')]).toEqual([200, true]);
    expect(page.text).not.toContain('Save draft');
    expect((await request(app).get(`${old}/confirm?at=`).set('Cookie', client.cookie)).status).toBe(400);
    expect((await consolePost(app, `${old}/test`, client, { csrf: client.csrf })).status).toBe(400);
    expect((await consolePost(app, `${old}/schedule`, client, { csrf: client.csrf, at: '' })).status).toBe(400);
    expect((await consolePost(app, old, client, { csrf: client.csrf, note_en: 'Hi' })).status).toBe(400);
    expect(await store.schedule(legacy!.id, new Date(), 'ana@meridianlab.test')).toBe(false);
    // Even forced to sending in the database, its messages are skipped at their turn: none reaches a reader.
    await app.db.run(
      "UPDATE campaigns SET status = 'sending', send_at = ?, started_at = ? WHERE id = ?",
      new Date().toISOString(),
      new Date().toISOString(),
      legacy!.id,
    );
    await stopWhenDone(async () => {
      const figures = await store.figures(legacy!.id);
      return figures.recipients === 2 && figures.queued === 0;
    });
    expect(smtp.received).toEqual([]);
    expect((await store.figures(legacy!.id)).skipped).toBe(2);
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
    const drafts = (await store.page(null, 25)).campaigns;
    expect(drafts.map((campaign) => [campaign.articleId, campaign.status]).sort()).toEqual(
      expected.map((article) => [article.id, 'draft']).sort(),
    );
    expect(drafts.find((campaign) => campaign.articleId === newest.id)!.content.en.subject).toBe(
      newest.versions.en!.title,
    );
  });
});
