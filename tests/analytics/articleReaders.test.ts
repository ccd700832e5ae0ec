import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { publishedArticles } from '../../server/analytics/articles';
import { parseCsv } from '../support/csv';
import { guardFields } from '../support/formGuard';
import { TEST_SITE_URL, testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, sessionFor } from '../support/staffHelpers';

// Behind one proxy hop: each reader is an address of their own.
const app = testApp({ TRUST_PROXY: '1' });
let client: StaffClient;
beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
});
afterAll(() => app.db.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const none = { source: '', medium: '', campaign: '', referrer: '' };

const view = (address: string, page: string, touch: Partial<typeof none>, userAgent = FIREFOX) =>
  request(app)
    .post('/api/visits')
    .set({ 'X-Forwarded-For': address, 'User-Agent': userAgent, 'Content-Type': 'text/plain;charset=UTF-8' })
    .send(JSON.stringify({ kind: 'view', page, device: 'desktop', touch: { ...none, ...touch } }))
    .expect(204);

const lead = async (address: string, landing: string, lastLanding = landing) => {
  const touch = { ...none, content: '', landing };
  return request(app)
    .post('/api/contact')
    .set({ 'X-Forwarded-For': address, Origin: TEST_SITE_URL })
    .send({
      ...(await guardFields(app, 'contact')),
      name: 'Jane Smith',
      email: 'jane@acme.example',
      message: 'Hello.',
      attribution: JSON.stringify({
        first: touch,
        last: { ...touch, landing: lastLanding },
        formPage: '/contact',
        pagesSeen: 2,
      }),
    })
    .expect(201);
};

describe('the articles’ table', () => {
  it('gives each published article its views per language, its top sources and the leads that landed on it', async () => {
    const articles = publishedArticles();
    const both = articles.find((article) => article.paths.en && article.paths.es)!;
    const { en, es } = both.paths as { en: string; es: string };
    await view('203.0.113.1', en, { referrer: 'google.com' });
    await view('203.0.113.2', en, { source: 'google', medium: 'cpc' });
    await view('203.0.113.3', en, { source: 'newsletter', medium: 'email', campaign: 'nov' });
    await view('203.0.113.4', es, { referrer: 'linkedin.com' });
    await view('203.0.113.5', '/services', { referrer: 'google.com' });
    // A robot's view is no reader's.
    await view('203.0.113.6', en, {}, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    await lead('203.0.113.7', en);
    await lead('203.0.113.8', '/services');
    // Landed on both versions: one lead of the article.
    await lead('203.0.113.9', en, es);
    await app.afterAnswer.settled();

    // Counted under its own path as well as under the articles' route.
    const series = app.db.connection
      .prepare(
        "SELECT series, label, sum(count) AS n FROM daily_counts WHERE series LIKE 'web.articles.%' GROUP BY series, label",
      )
      .all();
    expect(series).toEqual(
      expect.arrayContaining([
        { series: 'web.articles.views.en', label: en, n: 3 },
        { series: 'web.articles.views.es', label: es, n: 1 },
        { series: 'web.articles.sources.en', label: `${en} google`, n: 1 },
        { series: 'web.articles.sources.en', label: `${en} google.com`, n: 1 },
      ]),
    );

    const csv = await request(app).get('/staff/analytics.csv?days=7&table=articles').set('Cookie', client.cookie);
    const [header, ...rows] = parseCsv(csv.text);
    expect(header).toEqual([
      'Article',
      'Page views',
      'English views',
      'Spanish views',
      'Top sources',
      'Leads that landed on it',
    ]);
    // Every published article has its row, read or not; the one read comes first.
    expect(rows).toHaveLength(articles.length);
    expect(rows[0]).toEqual([both.title, '4', '3', '1', 'google 2, linkedin 1, newsletter 1', '2']);
    expect(both.title).not.toMatch(/^\//);

    const page = await request(app).get('/staff/analytics?days=7').set('Cookie', client.cookie);
    expect(page.text).toContain('aria-label="Table of articles"');
    expect(page.text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain(
      `${both.title} 4 3 1 google 2, linkedin 1, newsletter 1 2`,
    );

    // In Spanish only: the Spanish version's readers, and the lead that came back to it.
    const spanish = await request(app)
      .get('/staff/analytics.csv?days=7&language=es&table=articles')
      .set('Cookie', client.cookie);
    expect(parseCsv(spanish.text)[1]).toEqual([both.title, '1', '0', '1', 'linkedin 1', '1']);
  });
});
