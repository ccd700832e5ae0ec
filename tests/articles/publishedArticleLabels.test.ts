import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, articleForm, consolePost, sessionFor } from '../support/staffHelpers';

// The route labels of the metrics, the field speed and the page views come from the route table as it is
// now: an article the staff publish after the start is counted under "/blog/:slug", as a seed article is.
const METRICS_TOKEN = 'a-metrics-token-of-thirty-two-chars';
const app = testApp({ METRICS_TOKEN });
afterAll(() => app.db.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const slug = 'pipetting-robots-on-a-budget';
const path = `/blog/${slug}`;
let client: StaffClient;

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  const post = (to: string, fields: Record<string, string>) =>
    consolePost(app, to, client, { csrf: client.csrf, ...fields });
  const created = await post('/staff/articles', { ...articleForm, slug });
  expect(created.status).toBe(303);
  const id = /\/staff\/articles\/(\d+)/.exec(created.headers.location!)![1]!;
  expect((await post(`/staff/articles/${id}/publish`, {})).status).toBe(303);
});

/** What a daily series counted for the article's route and for every path that is no page. */
const counted = (series: string) =>
  app.db.connection
    .prepare(
      `SELECT label, sum(count) AS n FROM daily_counts WHERE series = ? AND label IN ('/blog/:slug', '(other)')
       GROUP BY label ORDER BY label`,
    )
    .all(series);

describe('an article published from the console after the start', () => {
  it('is counted under /blog/:slug in the request metric, the page views and the field speed', async () => {
    // Published once the content is reloaded; asked again, the page is the kept one, answered before the app.
    await expect.poll(async () => (await request(app).get(path)).status).toBe(200);
    expect((await request(app).get(path)).status).toBe(200);
    const beacon = (endpoint: string, body: object) =>
      request(app)
        .post(endpoint)
        .set({ 'User-Agent': FIREFOX, 'Content-Type': 'text/plain;charset=UTF-8' })
        .send(JSON.stringify(body));
    const none = { source: '', medium: '', campaign: '', referrer: '' };
    expect((await beacon('/api/visits', { kind: 'view', page: path, device: 'desktop', touch: none })).status).toBe(
      204,
    );
    const lcp = { name: 'LCP', value: 812.4, rating: 'good' };
    expect((await beacon('/api/vitals', { page: path, metrics: [lcp], device: 'desktop' })).status).toBe(204);
    await app.afterAnswer.settled();

    const scraped = await request(app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    // Each page GET answered 200 (the console's aside), by the route it was counted under.
    const pageAnswers = [
      ...scraped.text.matchAll(/^http_requests_total\{method="GET",route="([^"]*)",status="200"\} (\d+)$/gm),
    ]
      .filter(([, route]) => !route!.startsWith('/staff'))
      .map(([, route, count]) => ({ route, count: Number(count) }));
    expect({
      requests: pageAnswers,
      views: counted('web.views.page.en'),
      speed: counted('LCP'),
    }).toEqual({
      requests: [{ route: '/blog/:slug', count: 2 }],
      views: [{ label: '/blog/:slug', n: 1 }],
      speed: [{ label: '/blog/:slug', n: 1 }],
    });
  });
});
