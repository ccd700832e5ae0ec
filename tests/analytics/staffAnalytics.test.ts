import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pageTitle } from '../../server/analytics/pageTitles';
import { createAnalyticsStore } from '../../server/analytics/store';
import { TABLE_KEYS } from '../../server/analytics/tables';
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
    expect(spanish).toContain('google.es search 1');
    expect(text((await page('?days=7&device=mobile')).text)).toContain('1 Visitors');
    // Unknown values are the defaults, never an error.
    expect((await page('?days=1000&language=fr&device=fridge')).status).toBe(200);
  });

  it('exports the aggregates as CSV, never stored, with the leads per source and campaign', async () => {
    const csv = (table: string) =>
      request(app).get(`/staff/analytics.csv?days=7&table=${table}`).set('Cookie', client.cookie);
    const response = await csv('leads');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="?analytics-leads-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv/,
    );
    expect(response.headers['cache-control']).toBe('no-store, no-transform');
    // Wide form: the table's own columns, a row per row.
    expect(parseCsv(response.text)).toEqual([
      ['Source', 'Campaign', 'They said they heard of us', 'Leads', 'Won', 'Won rate'],
      ['newsletter', 'nov', '—', '1', '1', '1'],
    ]);
    const pages = parseCsv((await csv('pages')).text);
    expect(pages[0]).toEqual(['Page', 'Path', 'Page views', 'Share']);
    expect(pages).toContainEqual(['Blog', '/blog', '2', '0.6667']);
    expect(parseCsv((await csv('funnel')).text)).toEqual([
      ['Step', 'Visitors', 'Of the step before', 'Of all'],
      ['Landed on the site', '2', '–', '1'],
      ['Saw the contact page', '1', '0.5', '0.5'],
      ['Sent a lead', '1', '1', '0.5'],
    ]);
    const conversions = parseCsv((await csv('conversions')).text);
    expect(conversions[0]).toEqual([
      'Source',
      'Channel',
      'Visitors',
      'Leads',
      'Lead rate',
      'Sign-ups',
      'Confirmed',
      'Calls',
      'E-mails',
    ]);
    expect(conversions).toContainEqual(['newsletter', 'email', '2', '1', '0.5', '0', '0', '0', '0']);
    const daily = parseCsv((await csv('daily')).text);
    expect(daily[0]).toEqual(['Day', 'Views', 'Visitors']);
    expect(daily).toHaveLength(8);
    // Every table the page shows has its CSV, linked from its heading.
    const html = (await page('?days=7')).text;
    for (const table of TABLE_KEYS) {
      expect(html).toContain(`href="/staff/analytics.csv?days=7&amp;table=${table}"`);
      expect((await csv(table)).status, table).toBe(200);
    }
    // The one export of before leads to the page's list of each table's CSV.
    const bare = await request(app).get('/staff/analytics.csv?days=7&language=es').set('Cookie', client.cookie);
    expect(bare.status).toBe(303);
    expect(bare.headers.location).toBe('/staff/analytics?days=7&language=es#downloads');
    expect(html).toMatch(/<section[^>]*id="downloads"/);
    // A table it does not know is a 404 that names the tables, never an error.
    const unknown = await csv('everything');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('conversions');
  });

  it('shows every row of the conversions table, outside any box of a fixed height', async () => {
    const store = createAnalyticsStore(
      app.db,
      createDailyVisitors(app.db, 'meridianlab.test', app.config.analytics.key),
    );
    for (let index = 0; index < 14; index++)
      await store.addView(
        { page: '/', locale: 'en', device: 'desktop', touch: { ...none, source: `partner${index}` } },
        { address: `198.51.100.${index}`, userAgent: 'Firefox' },
      );
    const html = (await page('?days=7')).text;
    const region = /<div class="([^"]+)"[^>]*aria-label="Table of conversions by source">([\s\S]*?)<\/table>/.exec(
      html,
    )!;
    expect(region[1]).toBe('staff-scroll');
    expect(region[2]!.match(/<tr>/g)).toHaveLength(1 + 1 + 14);
    app.db.connection.prepare("DELETE FROM daily_counts WHERE label LIKE 'partner%'").run();
  });

  it('names the pages and services by their titles, from the content that defines them', async () => {
    const body = text((await page('?days=90')).text);
    expect(body).toContain('Blog /blog 2');
    expect(body).toContain('Research /research 1');
    // The home page's title starts with the lab's name: what follows it names the page.
    expect(pageTitle('/')).toBe('Custom Websites, AI Voice & Marketing');
    expect(pageTitle('/es/servicios')).not.toContain('Meridian Lab');
    expect(pageTitle('/blog/:slug')).toMatch(/^Articles/);
    expect(pageTitle('(other)')).toBeUndefined();
    expect(body).toContain('Marketing with Ads 1');
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
