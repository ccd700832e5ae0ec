import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAnalyticsStore } from '../../server/analytics/store';
import { createDailyVisitors } from '../../server/analytics/visitors';
import { parseCsv } from '../support/csv';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, insertLead, sessionFor } from '../support/staffHelpers';

const app = testApp();
let client: StaffClient;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const none = { source: '', medium: '', campaign: '', referrer: '' };

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  const store = createAnalyticsStore(app.db, createDailyVisitors(app.db, 'meridianlab.test', app.config.analytics.key));
  const view = (
    days: number,
    address: string,
    page: string,
    touch = none,
    device = 'desktop',
    locale = 'en' as const,
  ) => store.addView({ page, locale, device, touch }, { address, userAgent: 'Firefox' }, daysAgo(days));
  const nov = { ...none, source: 'newsletter', medium: 'email', campaign: 'nov' };
  // Today: two newsletter readers on the blog, one reaching the contact page and sending a lead.
  await view(0, '203.0.113.1', '/blog', nov);
  await view(0, '203.0.113.1', '/contact', nov);
  await view(0, '203.0.113.2', '/blog', nov, 'mobile');
  await store.addConversion('lead', {
    locale: 'en',
    device: 'desktop',
    source: 'newsletter',
    service: 'marketing-ads',
  });
  // Ten days ago, a Spanish reader from Google: inside 28 days, outside 7.
  await view(10, '203.0.113.3', '/es/servicios', { ...none, referrer: 'google.es' }, 'desktop', 'es' as 'en');
  // Sixty days ago: only in the 90 days.
  await view(60, '203.0.113.4', '/research');
  insertLead(app.db, { name: 'Lena Ortiz' });
  app.db.connection.prepare("UPDATE leads SET source = 'newsletter', campaign = 'nov', status = 'won'").run();
});
afterAll(() => app.db.close());

const page = (query = '') => request(app).get(`/staff/analytics${query}`).set('Cookie', client.cookie);
/** The text of a table cell after a row header, as the page prints it. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('/staff/analytics', () => {
  it('shows visitors and page views of the period, top lists, conversions, the funnel and the leads report', async () => {
    const response = await page('?days=7');
    expect(response.status).toBe(200);
    expect(response.headers['content-security-policy']).toMatch(/script-src 'none'/);
    const body = text(response.text);
    expect(body).toContain('2 Visitors');
    expect(body).toContain('3 Page views');
    expect(body).toContain('Landed on the site 2');
    expect(body).toContain('Saw the contact page 1 50 %');
    expect(body).toContain('Sent a lead 1 100 % 50 %');
    expect(body).toMatch(/newsletter email 2 1 50 %/);
    expect(body).toContain('/blog 2 66.7 %');
    expect(body).toContain('nov 3 100 %');
    expect(body).toContain('Marketing with Ads 1');
    expect(body).not.toContain('marketing-ads');
    expect(body).toMatch(/newsletter nov — 1 1 100 %/);
    expect(response.text).toContain('<svg class="trend-chart"');
    expect(response.text).not.toContain('google.es');
    // Every form of the page only reads: the header's sign-out is the one post.
    const posts = response.text.match(/<form[^>]*method="post"[^>]*>/gi) ?? [];
    expect(posts.map((form) => /action="([^"]+)"/.exec(form)?.[1])).toEqual(['/staff/sign-out']);
  });

  it('filters by period, language and device', async () => {
    expect(text((await page('?days=28')).text)).toContain('3 Visitors');
    expect(text((await page('?days=90')).text)).toContain('4 Visitors');
    const spanish = text((await page('?days=28&language=es')).text);
    expect(spanish).toContain('1 Visitors');
    expect(spanish).toContain('google.es (search)');
    expect(text((await page('?days=7&device=mobile')).text)).toContain('1 Visitors');
    // Unknown values are the defaults, never an error.
    expect((await page('?days=1000&language=fr&device=fridge')).status).toBe(200);
  });

  it('exports the aggregates as CSV, never stored, with the leads per source and campaign', async () => {
    const response = await request(app).get('/staff/analytics.csv?days=7').set('Cookie', client.cookie);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="?analytics-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv/,
    );
    expect(response.headers['cache-control']).toBe('no-store, no-transform');
    const [header, ...rows] = parseCsv(response.text);
    expect(header).toEqual(['table', 'value', 'count']);
    expect(rows).toContainEqual(['views by page', '/blog', '2']);
    expect(rows).toContainEqual(['views by utm_campaign', 'nov', '3']);
    expect(rows).toContainEqual(['funnel', 'contact', '1']);
    expect(rows).toContainEqual(['lead conversions by source', 'newsletter', '1']);
    expect(rows).toContainEqual(['won leads by source and campaign', 'newsletter / nov / (no answer)', '1']);
    expect(rows.filter(([table]) => table === 'views per day')).toHaveLength(7);
  });

  it('takes no posts: with or without the CSRF token, a post changes nothing and finds nothing', async () => {
    const before = app.db.connection.prepare('SELECT count(*) AS n, sum(count) AS total FROM daily_counts').get();
    for (const path of ['/staff/analytics', '/staff/analytics.csv']) {
      expect((await consolePost(app, path, client, {})).status).toBe(404);
      expect((await consolePost(app, path, client, { csrf: client.csrf })).status).toBe(404);
      expect((await consolePost(app, path, null, { csrf: client.csrf })).status).toBe(303);
    }
    expect(app.db.connection.prepare('SELECT count(*) AS n, sum(count) AS total FROM daily_counts').get()).toEqual(
      before,
    );
  });

  it('is linked from the console’s navigation', async () => {
    const response = await request(app).get('/staff/leads').set('Cookie', client.cookie);
    expect(response.text).toMatch(/<a[^>]*href="\/staff\/analytics"[^>]*>Analytics<\/a>/);
    const analytics = await page();
    expect(analytics.text).toMatch(
      /<a[^>]*href="\/staff\/analytics"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/staff\/analytics"/,
    );
  });
});
