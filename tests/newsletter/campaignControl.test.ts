import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { campaignStore } from '../../server/newsletter';
import { publishedArticles } from '../../server/newsletter/articles';
import { catalogues } from '../../server/pages/catalogues';
import { publishedIndex, setPublished } from '../../shared/content/publishedArticles';
import { campaignApp, readerAddress, readerLocale, seedReaders, sendNow } from '../support/campaigns';
import type { TestApp } from '../support/helpers';
import { header } from '../support/mailServer';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';
import { until } from '../support/waits';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const STAFF = 'ana@meridianlab.test';
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** The campaign's messages still waiting in the outbox, taken by a sender or not. */
const waiting = async (app: TestApp, id: number) => (await campaignStore(app.db, app.config).figures(id)).queued;

async function staff(app: TestApp): Promise<StaffClient> {
  await addAccount(app.db, STAFF);
  return sessionFor(app, STAFF);
}

describe('a campaign under control', { timeout: 60_000 }, () => {
  it('paused after its first batch and cancelled, goes to nobody else; the batch under way is all that went', async () => {
    // A slow provider: the first batch of 10 is still at the mail server when the pause comes.
    const { app, smtp, start } = await campaignApp(cleanups, {}, { delayMs: 200 });
    const client = await staff(app);
    await seedReaders(app.db, 40);
    const id = await sendNow(app.db, app.config);
    start();
    await smtp.waitFor(1);
    const paused = await consolePost(app, `/staff/newsletter/${id}/pause`, client, { csrf: client.csrf });
    expect(paused.headers.location).toBe(`/staff/newsletter/${id}?done=paused`);
    await until('the batch under way to end', async () => (await waiting(app, id)) === 0);
    const went = smtp.received.length;
    // Within one batch (the worker's 10 at a time), and not everyone.
    expect(went).toBeLessThanOrEqual(10 + 1);
    expect(text((await request(app).get(`/staff/newsletter/${id}`).set('Cookie', client.cookie)).text)).toContain(
      'Paused',
    );
    // Everyone the paused campaign has not reached is counted as not queued yet.
    expect((await campaignStore(app.db, app.config).figures(id)).unsent).toBe(40 - went);

    const cancelled = await consolePost(app, `/staff/newsletter/${id}/cancel`, client, { csrf: client.csrf });
    expect(cancelled.headers.location).toBe(`/staff/newsletter/${id}?done=cancelled`);
    const store = campaignStore(app.db, app.config);
    // Nothing left to queue or to send, whatever runner looks next.
    expect(await store.queueNext(id, 200)).toBe(0);
    expect(await store.queueing()).toEqual([]);
    expect(await waiting(app, id)).toBe(0);
    expect(await store.resume(id)).toBe(false);
    expect(smtp.received).toHaveLength(went);
    const page = text((await request(app).get(`/staff/newsletter/${id}`).set('Cookie', client.cookie)).text);
    expect(page).toContain('Cancelled');
    // Those the cancel left without it stay counted, whatever the list does after.
    await seedReaders(app.db, 5, 40);
    expect(page).toContain(`${40 - went} Left without it (cancelled)`);
    expect((await store.figures(id)).unsent).toBe(40 - went);
    expect(page).not.toMatch(/Resume|Pause/);
    // A second cancel is refused with the reason, never a 500.
    expect((await consolePost(app, `/staff/newsletter/${id}/cancel`, client, { csrf: client.csrf })).status).toBe(400);
  });

  it('paused and resumed, reaches every reader once', async () => {
    const { app, smtp, start } = await campaignApp(cleanups, {}, { delayMs: 100 });
    const client = await staff(app);
    await seedReaders(app.db, 25);
    const id = await sendNow(app.db, app.config);
    start();
    await smtp.waitFor(1);
    await consolePost(app, `/staff/newsletter/${id}/pause`, client, { csrf: client.csrf });
    await until('the batch under way to end', async () => (await waiting(app, id)) === 0);
    expect(smtp.received.length).toBeLessThan(25);
    const resumed = await consolePost(app, `/staff/newsletter/${id}/resume`, client, { csrf: client.csrf });
    expect(resumed.headers.location).toBe(`/staff/newsletter/${id}?done=resumed`);
    await smtp.waitFor(25);
    await until(
      'every message to be done',
      async () => (await campaignStore(app.db, app.config).figures(id)).sent === 25,
    );
    const recipients = smtp.received.map((mail) => mail.recipients[0]).sort();
    expect(recipients).toEqual(Array.from({ length: 25 }, (_, n) => readerAddress(n)).sort());
  });

  it('tests go to up to 5 typed addresses with "[TEST]" in the subject; more, or a wrong one, are refused with the reason', async () => {
    const { app, smtp, start } = await campaignApp(cleanups);
    start();
    const client = await staff(app);
    const [article] = publishedArticles();
    const base = (
      await consolePost(app, '/staff/newsletter', client, { csrf: client.csrf, article: String(article!.id) })
    ).headers.location!;

    const six = 'a@x.example, b@x.example, c@x.example, d@x.example, e@x.example, f@x.example';
    const tooMany = await consolePost(app, `${base}/test`, client, { csrf: client.csrf, to: six });
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain('at most 5 addresses');
    const wrong = await consolePost(app, `${base}/test`, client, {
      csrf: client.csrf,
      to: 'a@x.example not-an-address',
    });
    expect(wrong.status).toBe(400);
    expect(text(wrong.text)).toContain('“not-an-address” is not an e-mail address');

    const sent = await consolePost(app, `${base}/test`, client, {
      csrf: client.csrf,
      to: 'marketing@partner.example;\nboss@partner.example',
    });
    expect(sent.headers.location).toBe(`${base}?done=tested`);
    await smtp.waitFor(4);
    expect(smtp.received.map((mail) => mail.recipients[0]).sort()).toEqual([
      'boss@partner.example',
      'boss@partner.example',
      'marketing@partner.example',
      'marketing@partner.example',
    ]);
    expect(smtp.received.map((mail) => header(mail, 'subject')).sort()).toEqual(
      [
        article!.versions.en!.title,
        article!.versions.en!.title,
        article!.versions.es!.title,
        article!.versions.es!.title,
      ]
        .map((title) => `[TEST] ${title}`)
        .sort(),
    );
    // Empty: the signed-in address.
    await consolePost(app, `${base}/test`, client, { csrf: client.csrf, to: '' });
    await smtp.waitFor(6);
    expect(smtp.received.slice(4).map((mail) => mail.recipients[0])).toEqual([STAFF, STAFF]);
  });

  it('edits a scheduled campaign, warns of a language on a fallback, and sends to one language only', async () => {
    const { app, smtp, start } = await campaignApp(cleanups);
    start();
    const client = await staff(app);
    await seedReaders(app.db, 6);
    const [article] = publishedArticles();
    const base = (
      await consolePost(app, '/staff/newsletter', client, { csrf: client.csrf, article: String(article!.id) })
    ).headers.location!;
    const id = Number(base.split('/').at(-1));

    // Scheduled for later, then edited.
    const later = await consolePost(app, `${base}/schedule`, client, { csrf: client.csrf, at: '2099-01-01T09:00' });
    expect(later.headers.location).toBe(`${base}?done=scheduled`);
    const edited = await consolePost(app, base, client, { csrf: client.csrf, note_en: 'Fresh words.', note_es: '' });
    expect(edited.headers.location).toBe(`${base}?done=saved`);
    expect((await campaignStore(app.db, app.config).find(id))!.content.en.body).toMatch(/^Fresh words\.\n\n## /);
    await consolePost(app, `${base}/cancel`, client, { csrf: client.csrf });
    const refused = await consolePost(app, base, client, { csrf: client.csrf, note_en: 'Too late.', note_es: '' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Too late.');

    // The article loses its Spanish version: the review says so for Spanish, not for English.
    const other = (
      await consolePost(app, '/staff/newsletter', client, { csrf: client.csrf, article: String(article!.id) })
    ).headers.location!;
    setPublished({
      index: publishedIndex(),
      posts: { es: catalogues.es.posts.posts.filter((post) => post.id !== article!.id) },
    });
    const both = text((await request(app).get(`${other}/confirm?at=`).set('Cookie', client.cookie)).text);
    expect(both).toContain('The article has no Spanish version');
    expect(both).not.toContain('no English version');
    const english = text((await request(app).get(`${other}/confirm?at=&only=en`).set('Cookie', client.cookie)).text);
    expect(english).not.toContain('no Spanish version');
    expect(english).toContain('Send now to 3 subscribers');

    // Sent to English readers only.
    await consolePost(app, `${other}/schedule`, client, { csrf: client.csrf, at: '', only: 'en' });
    await smtp.waitFor(3);
    await until('the campaign to be sent', async () => {
      const figures = await campaignStore(app.db, app.config).figures(Number(other.split('/').at(-1)));
      return figures.sent === 3 && figures.queued === 0;
    });
    expect(smtp.received.map((mail) => mail.recipients[0]).sort()).toEqual(
      [0, 1, 2, 3, 4, 5]
        .filter((n) => readerLocale(n) === 'en')
        .map(readerAddress)
        .sort(),
    );
  });
});
