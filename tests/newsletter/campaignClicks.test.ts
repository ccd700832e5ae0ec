import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { campaignStore } from '../../server/newsletter';
import { touchOf } from '../../shared/lib/attribution';
import { campaignApp, readerAddress, seedReaders, sendNow } from '../support/campaigns';
import { guardFields } from '../support/formGuard';
import { TEST_SITE_URL } from '../support/helpers';
import type { ReceivedMail } from '../support/mailServer';
import { addAccount, sessionFor } from '../support/staffHelpers';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const STAFF = 'ana@meridianlab.test';
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** The article link of a campaign e-mail's text part ("Read the article: https://…"). */
const articleLink = (mail: ReceivedMail) =>
  /: (https:\/\/meridianlab\.test\/(?:es\/)?blog\/\S+)/.exec(mail.parsed.text!)![1]!;

describe('a campaign’s links', { timeout: 60_000 }, () => {
  it('carry the campaign and the language, so a click is counted per link and language and a lead after it shows the campaign', async () => {
    const { app, smtp, start } = await campaignApp(cleanups, { TRUST_PROXY: '1' });
    await seedReaders(app.db, 2);
    const id = await sendNow(app.db, app.config);
    start();
    await smtp.waitFor(2);
    const byReader = new Map(smtp.received.map((mail) => [mail.recipients[0], mail]));
    const [en, es] = [byReader.get(readerAddress(0))!, byReader.get(readerAddress(1))!];

    for (const [mail, locale] of [
      [en, 'en'],
      [es, 'es'],
    ] as const) {
      const link = new URL(articleLink(mail));
      expect(Object.fromEntries(link.searchParams)).toEqual({
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: expect.stringMatching(new RegExp(`^${id}-[a-z0-9-]+$`)),
        utm_content: locale,
      });
      // The same in the HTML part; the unsubscribe link stays the reader's own, untagged.
      expect(mail.parsed.html).toContain(link.href.replace(/&/g, '&amp;'));
      expect(mail.parsed.html).not.toMatch(/unsubscribe[^"]*utm_/);
    }

    // Two English readers click, one twice and on to another page; one Spanish reader clicks.
    const view = (address: string, url: string, page = new URL(url).pathname) =>
      request(app)
        .post('/api/visits')
        .set({ 'X-Forwarded-For': address, 'User-Agent': FIREFOX, 'Content-Type': 'text/plain' })
        .send(JSON.stringify({ kind: 'view', page, device: 'desktop', touch: touchOf(url, undefined) }))
        .expect(204);
    const enLink = articleLink(en);
    await view('203.0.113.1', enLink);
    await view('203.0.113.1', enLink);
    await view('203.0.113.1', enLink, '/contact');
    await view('203.0.113.2', enLink);
    await view('203.0.113.3', articleLink(es));
    // A lead sent after the click, with the visit's touch the browser kept.
    const first = touchOf(enLink, undefined);
    const lead = await request(app)
      .post('/api/contact')
      .set({ 'X-Forwarded-For': '203.0.113.1', Origin: TEST_SITE_URL })
      .send({
        name: 'Jane Smith',
        email: 'jane@acme.example',
        message: 'We read your article.',
        ...(await guardFields(app, 'contact')),
        attribution: JSON.stringify({ first, last: first, formPage: '/contact', pagesSeen: 2 }),
      });
    expect(lead.status).toBe(201);
    const tag = new URL(enLink).searchParams.get('utm_campaign');
    expect(app.db.connection.prepare('SELECT source, campaign FROM leads').get()).toEqual({
      source: 'newsletter',
      campaign: tag,
    });

    // The counts land after the answer: wait for the last one.
    await addAccount(app.db, STAFF);
    const client = await sessionFor(app, STAFF);
    let page = '';
    for (let tries = 0; !page.includes('Clicks: 3') && tries < 100; tries++) {
      page = text((await request(app).get(`/staff/newsletter/${id}`).set('Cookie', client.cookie)).text);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(page).toContain('Clicks: 3');
    expect(page).toContain(`${new URL(enLink).pathname} 2`);
    expect(page).toContain(`${new URL(articleLink(es)).pathname} 1`);
    expect(page).toContain('English 2');
    expect(page).toContain('Spanish 1');
    expect((await campaignStore(app.db, app.config).figures(id)).sent).toBe(2);
  });
});
