import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

import { dayOf } from '../../server/analytics/days';
import { DAILY_LABEL_CAP, NEW_LABELS_PER_CLIENT } from '../../server/analytics/store';
import { createDailyVisitors } from '../../server/analytics/visitors';
import { purgeExpired } from '../../server/privacy/retention';
import { retention } from '../../shared/content/retention';
import { testApp } from '../support/helpers';

// Behind one proxy hop: each visitor below is its own address (X-Forwarded-For), as Plausible tells them apart.
const app = testApp({ TRUST_PROXY: '1' });
afterAll(() => app.db.close());
const today = () => dayOf(new Date());
// The day's salt stays: the app keeps it in memory for the day, as it would.
beforeEach(() => app.db.connection.exec('DELETE FROM daily_counts; DELETE FROM analytics_visitors'));

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const none = { source: '', medium: '', campaign: '', referrer: '' };

interface Beacon {
  kind?: string;
  page: string;
  device?: string;
  touch?: Partial<typeof none>;
}

/** A beacon as sendBeacon posts it: text/plain, JSON inside. */
const post = (address: string, beacon: Beacon, headers: Record<string, string> = {}) =>
  request(app)
    .post('/api/visits')
    .set({ 'X-Forwarded-For': address, 'User-Agent': FIREFOX, 'Content-Type': 'text/plain;charset=UTF-8', ...headers })
    .send(JSON.stringify({ kind: 'view', device: 'desktop', ...beacon, touch: { ...none, ...beacon.touch } }));

/** What a series counted today, by label, all devices together. */
function counted(series: string): Record<string, number> {
  const rows = app.db.connection
    .prepare('SELECT label, sum(count) AS n FROM daily_counts WHERE day = ? AND series = ? GROUP BY label')
    .all(today(), series) as { label: string; n: number }[];
  return Object.fromEntries(rows.map(({ label, n }) => [label, n]));
}
const rowCount = () => (app.db.connection.prepare('SELECT count(*) AS n FROM daily_counts').get() as { n: number }).n;

describe('POST /api/visits', () => {
  it('counts page views per page and the day’s unique visitors, overall and per page, by the visit’s source', async () => {
    const google = { referrer: 'google.com' };
    const newsletter = { source: 'newsletter', medium: 'email', campaign: 'nov' };
    // Three visitors, five page views each; the third reads one article twice.
    const visits: [string, Beacon['touch'], string[]][] = [
      ['203.0.113.1', google, ['/', '/services', '/contact', '/blog', '/services']],
      [
        '203.0.113.2',
        newsletter,
        ['/blog', '/blog/a-step-by-step-guide-to-reproducible-cell-culture', '/', '/contact', '/research'],
      ],
      [
        '203.0.113.3',
        {},
        [
          '/es',
          '/es/servicios',
          '/es/blog',
          '/es/blog/como-el-aprendizaje-automatico-acorta-el-camino-hacia-nuevos-medicamentos',
          '/es/blog/como-el-aprendizaje-automatico-acorta-el-camino-hacia-nuevos-medicamentos',
        ],
      ],
    ];
    for (const [address, touch, pages] of visits)
      for (const page of pages) expect((await post(address, { page, touch })).status).toBe(204);
    await app.afterAnswer.settled();

    expect(counted('web.views.page.en')).toEqual({
      '/': 2,
      '/services': 2,
      '/contact': 2,
      '/blog': 2,
      '/blog/:slug': 1,
      '/research': 1,
    });
    expect(counted('web.views.page.es')).toEqual({ '/es': 1, '/es/servicios': 1, '/es/blog': 1, '/es/blog/:slug': 2 });
    expect(counted('web.visitors.site.en')).toEqual({ '': 2 });
    expect(counted('web.visitors.site.es')).toEqual({ '': 1 });
    expect(counted('web.visitors.page.en')).toEqual({
      '/': 2,
      '/services': 1,
      '/contact': 2,
      '/blog': 2,
      '/blog/:slug': 1,
      '/research': 1,
    });
    expect(counted('web.visitors.page.es')).toEqual({
      '/es': 1,
      '/es/servicios': 1,
      '/es/blog': 1,
      '/es/blog/:slug': 1,
    });
    expect(counted('web.views.referrer.en')).toEqual({ 'google.com': 5, '(none)': 5 });
    expect(counted('web.views.utm_campaign.en')).toEqual({ nov: 5, '(none)': 5 });
    expect(counted('web.views.utm_source.es')).toEqual({ '(none)': 5 });
    expect(counted('web.visitors.source.en')).toEqual({ 'google.com': 1, newsletter: 1 });
    expect(counted('web.visitors.source.es')).toEqual({ '(direct)': 1 });
    // Nothing names a visitor: no address, no user agent, only the day's hashes.
    const stored = JSON.stringify(app.db.connection.prepare('SELECT * FROM analytics_visitors').all());
    expect(stored).not.toContain('203.0.113');
    expect(stored).not.toContain('Firefox');
  });

  it('counts the device class the beacon gives', async () => {
    await post('203.0.113.9', { page: '/', device: 'mobile' });
    await post('203.0.113.9', { page: '/', device: 'desktop' });
    await app.afterAnswer.settled();
    const rows = app.db.connection
      .prepare("SELECT device, count FROM daily_counts WHERE series = 'web.views.page.en' ORDER BY device")
      .all();
    expect(rows).toEqual([
      { device: 'desktop', count: 1 },
      { device: 'mobile', count: 1 },
    ]);
  });

  it('does not count a bot, a prefetch, Do Not Track or Global Privacy Control, and answers them the same', async () => {
    const refused: Record<string, string>[] = [
      { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'User-Agent': 'curl/8.5.0' },
      { 'Sec-Purpose': 'prefetch' },
      { 'Sec-Purpose': 'prefetch;prerender' },
      { Purpose: 'prefetch' },
      { DNT: '1' },
      { 'Sec-GPC': '1' },
    ];
    for (const headers of refused) expect((await post('203.0.113.20', { page: '/' }, headers)).status).toBe(204);
    await post('203.0.113.20', { kind: 'call', page: '/contact' }, { DNT: '1' });
    await app.afterAnswer.settled();
    expect(rowCount()).toBe(0);
    // The same beacon from a person is counted: the headers above are what kept it out.
    await post('203.0.113.20', { page: '/' }, { DNT: '0' });
    await app.afterAnswer.settled();
    expect(counted('web.views.page.en')).toEqual({ '/': 1 });
  });

  it('counts call and e-mail clicks as conversions by the visit’s source', async () => {
    await post('203.0.113.30', { kind: 'call', page: '/contact', touch: { source: 'newsletter' } });
    await post('203.0.113.31', { kind: 'email', page: '/es/contacto', touch: { referrer: 'linkedin.com' } });
    await post('203.0.113.32', { kind: 'call', page: '/' });
    await app.afterAnswer.settled();
    expect(counted('web.conversions.call.en')).toEqual({ newsletter: 1, '(direct)': 1 });
    expect(counted('web.conversions.email.es')).toEqual({ 'linkedin.com': 1 });
    expect(counted('web.views.page.en')).toEqual({});
  });

  it('counts a visitor’s call or e-mail clicks once a day, whatever the page or how often', async () => {
    for (const page of ['/contact', '/contact', '/']) await post('203.0.113.33', { kind: 'call', page });
    await post('203.0.113.33', { kind: 'email', page: '/contact' });
    await post('203.0.113.33', { kind: 'email', page: '/contact' });
    // Another visitor on the same network, in another browser, is another person.
    await post('203.0.113.33', { kind: 'call', page: '/contact' }, { 'User-Agent': `${FIREFOX} Other` });
    await app.afterAnswer.settled();
    expect(counted('web.conversions.call.en')).toEqual({ '(direct)': 2 });
    expect(counted('web.conversions.email.en')).toEqual({ '(direct)': 1 });
  });

  it('refuses a malformed beacon with its reason, and counts nothing', async () => {
    const bad = [
      JSON.stringify({ kind: 'view', page: 'no-slash', device: 'desktop', touch: none }),
      JSON.stringify({ kind: 'purchase', page: '/', device: 'desktop', touch: none }),
      JSON.stringify({ kind: 'view', page: '/', device: 'fridge', touch: none }),
      JSON.stringify({ kind: 'view', page: '/', device: 'desktop' }),
      '{not json',
    ];
    for (const body of bad) {
      const response = await request(app)
        .post('/api/visits')
        .set({ 'X-Forwarded-For': '203.0.113.40', 'Content-Type': 'text/plain' })
        .send(body);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
    const tooBig = await post('203.0.113.41', { page: '/', touch: { campaign: 'x'.repeat(4000) } });
    expect(tooBig.status).toBe(413);
    const crossSite = await post('203.0.113.42', { page: '/' }, { Origin: 'https://elsewhere.example' });
    expect(crossSite.status).toBe(403);
    await app.afterAnswer.settled();
    expect(rowCount()).toBe(0);
  });

  it('cuts long values and counts a path that is no page as "(other)"', async () => {
    await post('203.0.113.50', { page: '/wp-admin/setup.php', touch: { campaign: 'C'.repeat(300) } });
    await app.afterAnswer.settled();
    expect(counted('web.views.page.en')).toEqual({ '(other)': 1 });
    expect(counted('web.views.utm_campaign.en')).toEqual({ ['c'.repeat(100)]: 1 });
  });

  it('counts a label of no label’s shape as "(other)": free text, an e-mail address, a referrer that is no host', async () => {
    const spam = 'call +1-555-0100 for refund, visit https://evil.test/login';
    await post('203.0.113.51', {
      page: '/',
      touch: { source: spam, medium: 'e-mail', campaign: 'jane.doe@example.com', referrer: 'not a host!' },
    });
    await post('203.0.113.52', {
      page: '/',
      touch: {
        source: 'Café_Bogotá',
        medium: 'cpc',
        campaign: 'black-friday_2026.v2',
        referrer: 'news.ycombinator.com',
      },
    });
    await app.afterAnswer.settled();
    expect(counted('web.views.utm_source.en')).toEqual({ '(other)': 1, café_bogotá: 1 });
    expect(counted('web.views.utm_medium.en')).toEqual({ 'e-mail': 1, cpc: 1 });
    expect(counted('web.views.utm_campaign.en')).toEqual({ '(other)': 1, 'black-friday_2026.v2': 1 });
    expect(counted('web.views.referrer.en')).toEqual({ '(other)': 1, 'news.ycombinator.com': 1 });
    const stored = JSON.stringify(app.db.connection.prepare('SELECT * FROM daily_counts').all());
    expect(stored).not.toContain('example.com');
    expect(stored).not.toContain('refund');
  });

  it('keeps a real visit’s labels after 4 clients × 51 beacons with new labels: each client adds only a few', async () => {
    for (const client of [52, 53, 54, 55])
      for (let i = 1; i <= 51; i++) {
        const label = `${client}x${i}`;
        const touch = {
          source: `spam${label}`,
          medium: `m${label}`,
          campaign: `c${label}`,
          referrer: `spam${label}.example`,
        };
        expect((await post(`198.18.0.${client}`, { page: '/es', touch })).status).toBe(204);
      }
    await post('203.0.113.56', {
      page: '/es',
      device: 'mobile',
      touch: { source: 'newsletter', medium: 'email', campaign: 'dec', referrer: 'news.ycombinator.com' },
    });
    await app.afterAnswer.settled();
    const real = app.db.connection
      .prepare("SELECT series, label FROM daily_counts WHERE series LIKE 'web.views.%.es' AND device = 'mobile'")
      .all();
    expect(real).toEqual(
      expect.arrayContaining([
        { series: 'web.views.referrer.es', label: 'news.ycombinator.com' },
        { series: 'web.views.utm_source.es', label: 'newsletter' },
        { series: 'web.views.utm_medium.es', label: 'email' },
        { series: 'web.views.utm_campaign.es', label: 'dec' },
      ]),
    );
    expect(counted('web.visitors.source.es')).toHaveProperty('newsletter', 1);
    // Each forging client added at most NEW_LABELS_PER_CLIENT labels; the rest of its beacons count as "(other)".
    const forged = Object.keys(counted('web.views.utm_campaign.es')).filter((label) => label.startsWith('c'));
    expect(forged.length).toBeLessThanOrEqual(4 * NEW_LABELS_PER_CLIENT);
    expect(counted('web.views.utm_campaign.es')['(other)']).toBeGreaterThan(0);
  });

  it('keeps at most the cap of distinct values per dimension a day: the tail counts as "(other)"', async () => {
    const beacons = DAILY_LABEL_CAP + 50;
    for (let i = 0; i < beacons; i++)
      await post(`198.51.${Math.floor(i / 250)}.${i % 250}`, {
        page: '/',
        touch: { referrer: `spam-${i}.example`, source: `s${i}`, campaign: `c${i}` },
      });
    await app.afterAnswer.settled();
    for (const series of ['web.views.referrer.en', 'web.views.utm_source.en', 'web.views.utm_campaign.en']) {
      const labels = counted(series);
      expect(Object.keys(labels)).toHaveLength(DAILY_LABEL_CAP + 1);
      expect(labels['(other)']).toBe(50);
    }
    expect(counted('web.visitors.site.en')).toEqual({ '': beacons });
  });

  it('keeps the counts for the retention period, and the day’s salt and visitor hashes only for the day', async () => {
    await post('203.0.113.60', { page: '/' });
    await app.afterAnswer.settled();
    const count = (table: string) =>
      (app.db.connection.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(count('analytics_salts')).toBe(1);
    // Its keyed hashes for the site and the page, and the five new labels of the day it took (NEW_LABELS_PER_CLIENT).
    expect(count('analytics_visitors')).toBe(7);
    const DAY = 24 * 3600_000;
    await purgeExpired(app.db, new Date(Date.now() + DAY));
    expect(count('analytics_salts')).toBe(0);
    expect(count('analytics_visitors')).toBe(0);
    expect(counted('web.views.page.en')).toEqual({ '/': 1 });
    // Past field speed's 90 days the visitor counts stay; past their own period they go.
    await purgeExpired(app.db, new Date(Date.now() + (retention.vitalsDays + 2) * DAY));
    expect(counted('web.views.page.en')).toEqual({ '/': 1 });
    await purgeExpired(app.db, new Date(Date.now() + (retention.analyticsDays + 1) * DAY));
    expect(counted('web.views.page.en')).toEqual({});
  });

  it('uses a new salt each day, shared through the database, so the same visitor is a new hash the next day', async () => {
    const visitor = { address: '203.0.113.70', userAgent: FIREFOX };
    const { key } = app.config.analytics;
    const one = createDailyVisitors(app.db, 'meridianlab.test', key);
    const other = createDailyVisitors(app.db, 'meridianlab.test', key);
    const monday = (await one.visitorOf(visitor, '2026-01-05'))('site');
    // Another instance reads the day's salt from the database: the same visitor, the same hash.
    expect((await other.visitorOf(visitor, '2026-01-05'))('site')).toBe(monday);
    expect((await one.visitorOf({ ...visitor, address: '203.0.113.71' }, '2026-01-05'))('site')).not.toBe(monday);
    const salt = (day: string) =>
      app.db.connection.prepare('SELECT salt FROM analytics_salts WHERE day = ?').get(day) as
        { salt: string } | undefined;
    const mondaySalt = salt('2026-01-05')?.salt;
    expect(mondaySalt).toMatch(/^[0-9a-f]{64}$/);
    // The next day: a new salt, a new hash, and the day before's salt is gone.
    const tuesday = (await one.visitorOf(visitor, '2026-01-06'))('site');
    expect(tuesday).not.toBe(monday);
    expect(salt('2026-01-05')).toBeUndefined();
    expect(salt('2026-01-06')?.salt).not.toBe(mondaySalt);
  });
});

describe('the page view of a visitor without JavaScript', () => {
  const pixel = (headers: Record<string, string>) =>
    request(app)
      .get('/api/visits.gif')
      .set({ 'X-Forwarded-For': '203.0.113.80', 'User-Agent': FIREFOX, ...headers });

  it('is counted by the <noscript> image every page carries, from the page its Referer names', async () => {
    const page = await request(app).get('/services');
    expect(page.text).toContain('<noscript><img src="/api/visits.gif" alt="" width="1" height="1"/></noscript>');
    const response = await pixel({
      Referer: 'https://meridianlab.test/es/servicios?utm_source=Flyer&utm_campaign=nov',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.headers['cache-control']).toBe('no-store');
    await app.afterAnswer.settled();
    expect(counted('web.views.page.es')).toEqual({ '/es/servicios': 1 });
    expect(counted('web.views.utm_source.es')).toEqual({ flyer: 1 });
    expect(counted('web.views.utm_campaign.es')).toEqual({ nov: 1 });
    expect(counted('web.visitors.site.es')).toEqual({ '': 1 });
  });

  it('is not counted from another site, without a Referer, for a bot or under Do Not Track', async () => {
    const refused: Record<string, string>[] = [
      { Referer: 'https://elsewhere.example/services' },
      {},
      { Referer: 'not a url' },
      { Referer: 'https://meridianlab.test/', 'User-Agent': 'Googlebot/2.1' },
      { Referer: 'https://meridianlab.test/', DNT: '1' },
    ];
    for (const headers of refused) expect((await pixel(headers)).status).toBe(200);
    await app.afterAnswer.settled();
    expect(rowCount()).toBe(0);
  });
});
