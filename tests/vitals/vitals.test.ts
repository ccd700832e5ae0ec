import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { createLogger } from '../../server/http/logger';
import { bucketOf } from '../../server/vitals/histogram';
import { DAILY_SAMPLE_CAP } from '../../server/vitals/store';
import { testApp } from '../support/helpers';

const logger = createLogger({ logLevel: 'info' });
const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
// Behind one proxy hop, so each post below comes from a client of its own: none meets the per-client limit.
const app = testApp({ TRUST_PROXY: '1' }, { logger });
let clients = 0;
const client = () => `198.51.100.${++clients % 250}`;
afterAll(() => app.db.close());
const today = () => new Date().toISOString().slice(0, 10);
/** The web vitals' rows, every column, their histograms read, without the day's total. */
const counts = () =>
  (
    app.db.connection
      .prepare("SELECT * FROM daily_counts WHERE series <> 'samples' ORDER BY series, label, device")
      .all() as { buckets: string }[]
  ).map((row) => ({ ...row, buckets: JSON.parse(row.buckets) }));
const received = () =>
  app.db.connection.prepare("SELECT count FROM daily_counts WHERE series = 'samples' AND day = ?").get(today());
/** The LCP samples counted per label or per device class. */
const lcpBy = (column: 'label' | 'device') =>
  app.db.connection
    .prepare(
      `SELECT ${column}, sum(count) AS n FROM daily_counts WHERE series = 'LCP' GROUP BY ${column} ORDER BY ${column}`,
    )
    .all();
beforeEach(() => app.db.connection.exec('DELETE FROM daily_counts'));

const batch = {
  page: '/services',
  metrics: [
    { name: 'LCP', value: 812.4, rating: 'good' },
    { name: 'CLS', value: 0, rating: 'good' },
  ],
  device: 'desktop',
};
const lcp = (value: number, rating = 'good') => ({ ...batch, metrics: [{ name: 'LCP', value, rating }] });

/** sendBeacon posts a string: text/plain. */
const post = (body: string, type = 'text/plain;charset=UTF-8', userAgent = 'Test/1.0') =>
  request(app)
    .post('/api/vitals')
    .set('X-Forwarded-For', client())
    .set('Content-Type', type)
    .set('User-Agent', userAgent)
    .send(body);

describe('POST /api/vitals', () => {
  it('counts a beacon in the day’s histograms by page, metric, device and bucket, keeps no sample, and logs none', async () => {
    info.mockClear();
    expect((await post(JSON.stringify(batch))).status).toBe(204);
    expect((await post(JSON.stringify(lcp(830)))).status).toBe(204);
    const day = today();
    expect(counts()).toEqual([
      { day, series: 'CLS', label: '/services', device: 'desktop', count: 1, buckets: { [bucketOf('CLS', 0)]: 1 } },
      // 812.4 and 830 ms share a bucket about 10 % wide: counted twice in it.
      { day, series: 'LCP', label: '/services', device: 'desktop', count: 2, buckets: { [bucketOf('LCP', 812.4)]: 2 } },
    ]);
    expect(bucketOf('LCP', 830)).toBe(bucketOf('LCP', 812.4));
    expect(received()).toEqual({ count: 3 });
    expect(JSON.stringify(info.mock.calls)).not.toContain('812.4');
  });

  it('accepts the batch as application/json too, and the fields an older page sent (id, navigation type)', async () => {
    const older = { ...batch, metrics: [{ ...batch.metrics[0], id: 'v5-1', navigationType: 'navigate' }] };
    expect((await post(JSON.stringify(older), 'application/json')).status).toBe(204);
    expect(counts()).toHaveLength(1);
  });

  it('counts a page under its route’s pattern in its language, and every other path under one "(other)"', async () => {
    const pages = [
      '/blog/a-step-by-step-guide-to-reproducible-cell-culture',
      '/es/blog/como-el-aprendizaje-automatico-acorta-el-camino-hacia-nuevos-medicamentos',
      '/es/servicios',
      '/privacy',
      '/nope',
      '/blog/no-such-article',
      '/blog/:slug',
    ];
    for (const page of pages) expect((await post(JSON.stringify({ ...batch, page }))).status, page).toBe(204);
    expect(lcpBy('label')).toEqual([
      { label: '(other)', n: 3 },
      { label: '/blog/:slug', n: 1 },
      { label: '/es/blog/:slug', n: 1 },
      { label: '/es/servicios', n: 1 },
      { label: '/privacy', n: 1 },
    ]);
  });

  it.each([
    ['malformed JSON', '{"page":'],
    ['an empty body', ''],
    ['a non-object', '[1,2]'],
    ['an unknown metric (FID is gone)', JSON.stringify({ ...batch, metrics: [{ ...batch.metrics[0], name: 'FID' }] })],
    ['a negative value', JSON.stringify(lcp(-1))],
    ['a value that is not a number', JSON.stringify({ ...batch, metrics: [{ ...batch.metrics[0], value: 'fast' }] })],
    ['no metrics', JSON.stringify({ ...batch, metrics: [] })],
    ['a page that is not a path', JSON.stringify({ ...batch, page: 'https://evil.example/' })],
    ['a path longer than any page’s', JSON.stringify({ ...batch, page: `/${'x'.repeat(2048)}` })],
    ['the same metric twice', JSON.stringify({ ...batch, metrics: [batch.metrics[0], batch.metrics[0]] })],
    ['a good LCP of an hour', JSON.stringify(lcp(3_600_000))],
    ['a poor LCP above a minute', JSON.stringify(lcp(60_001, 'poor'))],
    ['a CLS above 10', JSON.stringify({ ...batch, metrics: [{ name: 'CLS', value: 10.5, rating: 'poor' }] })],
    ['an LCP of 5 s rated good', JSON.stringify(lcp(5000))],
    ['an LCP of 2.5 s rated needs-improvement', JSON.stringify(lcp(2500, 'needs-improvement'))],
    [
      'an INP of 600 ms rated needs-improvement',
      JSON.stringify({ ...batch, metrics: [{ name: 'INP', value: 600, rating: 'needs-improvement' }] }),
    ],
    ['an unknown device class', JSON.stringify({ ...batch, device: 'fridge' })],
  ])('rejects %s with 400 and a reason, and counts nothing', async (_name, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual(expect.any(String));
    expect(counts()).toEqual([]);
  });

  it('says which check a refused metric failed', async () => {
    expect((await post(JSON.stringify(lcp(5000)))).body.error).toBe('metrics.0: LCP of 5000 is rated poor, not good');
    expect((await post(JSON.stringify(lcp(60_001, 'poor')))).body.error).toBe('metrics.0: LCP above 60000');
    expect((await post(JSON.stringify({ ...batch, metrics: [batch.metrics[0], batch.metrics[0]] }))).body.error).toBe(
      'metrics: each metric at most once per beacon',
    );
  });

  it('takes each threshold as web-vitals rates it: 2.5 s is a good LCP, 200 ms a good INP', async () => {
    const edges = [
      { name: 'LCP', value: 2500, rating: 'good' },
      { name: 'INP', value: 200, rating: 'good' },
      { name: 'CLS', value: 0.25, rating: 'needs-improvement' },
      { name: 'FCP', value: 3000.001, rating: 'poor' },
      { name: 'TTFB', value: 800, rating: 'good' },
    ];
    expect((await post(JSON.stringify({ ...batch, metrics: edges }))).status).toBe(204);
    expect(counts()).toHaveLength(5);
  });

  it('takes the device class from the beacon, else from the request: a phone’s user agent says "Mobi"', async () => {
    const unclassed = { page: batch.page, metrics: batch.metrics };
    const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
    await post(JSON.stringify({ ...batch, device: 'mobile' }));
    await post(JSON.stringify(unclassed), 'text/plain', phone);
    await post(JSON.stringify(unclassed)).set('Sec-CH-UA-Mobile', '?1');
    await post(JSON.stringify(unclassed), 'text/plain', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36');
    expect(lcpBy('device')).toEqual([
      { device: 'desktop', n: 1 },
      { device: 'mobile', n: 3 },
    ]);
  });

  it('drops the samples past the day’s cap, logging it once, and still answers 204', async () => {
    warn.mockClear();
    app.db.connection
      .prepare("INSERT INTO daily_counts (day, series, label, device, count) VALUES (?, 'samples', '', '', ?)")
      .run(today(), DAILY_SAMPLE_CAP - 1);
    for (let beacon = 0; beacon < 3; beacon++) expect((await post(JSON.stringify(batch))).status).toBe(204);
    // Room for one: the first beacon's LCP; its CLS and every later sample are dropped.
    expect(counts()).toEqual([expect.objectContaining({ series: 'LCP', count: 1 })]);
    expect(received()).toEqual({ count: DAILY_SAMPLE_CAP - 1 + 6 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith({ cap: 20_000 }, expect.stringContaining('cap is reached'));
  });

  it('rejects a body over 8 KB with 413, never 500', async () => {
    const response = await post(JSON.stringify({ ...batch, padding: 'x'.repeat(9000) }));
    expect(response.status).toBe(413);
  });
});
