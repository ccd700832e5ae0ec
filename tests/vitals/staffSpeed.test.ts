import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createFieldSpeed } from '../../server/vitals/fieldSpeed';
import { bucketOf } from '../../server/vitals/histogram';
import type { MetricName } from '../../server/vitals/metrics';
import { createVitalsStore } from '../../server/vitals/store';
import { fillFieldSpeed } from '../support/fieldSpeedFill';
import { freshApps, testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, sessionFor } from '../support/staffHelpers';

const app = testApp();
let client: StaffClient;
const DAY = 86_400_000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  const store = createVitalsStore(app.db);
  const add = (days: number, label: string, name: MetricName, value: number, device: 'mobile' | 'desktop') =>
    store.add({ label, device, samples: [{ name, value }] }, daysAgo(days));
  // This week on /: LCP 1000..4000 ms (p75 by nearest rank of 4 values: the 3rd, 3000).
  for (const [index, value] of [1000, 2000, 3000, 4000].entries())
    await add(1, '/', 'LCP', value, index % 2 ? 'mobile' : 'desktop');
  // Three weeks ago on /: five slow ones, so the 28-day p75 of the nine is 5000.
  for (let n = 0; n < 5; n++) await add(20, '/', 'LCP', 5000, 'mobile');
  await add(2, '/services', 'CLS', 0.31, 'desktop');
  await add(40, '/contact', 'INP', 100, 'desktop'); // older than 28 days: not shown
});

/** A p75 from the histograms lies in the bucket of the true one (about 10 % wide), with its rating. */
const near = (metric: MetricName, p75: number) =>
  expect.toSatisfy((value: number) => bucketOf(metric, value) === bucketOf(metric, p75), `near ${p75}`);
afterAll(() => app.db.close());

describe('field speed', () => {
  it('computes p75 by nearest rank per route and metric over 7 and 28 days, with sample counts', async () => {
    const summary = await createFieldSpeed(app.db).summary('', now);
    expect(summary).toEqual([
      {
        route: '/',
        metric: 'LCP',
        last7: { p75: near('LCP', 3000), samples: 4 },
        last28: { p75: near('LCP', 5000), samples: 9 },
      },
      {
        route: '/services',
        metric: 'CLS',
        last7: { p75: near('CLS', 0.31), samples: 1 },
        last28: { p75: near('CLS', 0.31), samples: 1 },
      },
    ]);
    expect((await createFieldSpeed(app.db).summary('desktop', now))[0]).toMatchObject({
      last7: { p75: near('LCP', 3000), samples: 2 },
    });
  });

  it('gives one p75 per UTC day for the trend', async () => {
    const trend = await createFieldSpeed(app.db).trend('LCP', '/', '', now);
    expect(trend.map((day) => day.samples).reduce((a, b) => a + b)).toBe(9);
    expect(trend.at(-1)!.day <= now.toISOString().slice(0, 10)).toBe(true);
    expect(trend.find((day) => day.samples === 5)).toEqual({
      p75: near('LCP', 5000),
      samples: 5,
      day: daysAgo(20).toISOString().slice(0, 10),
    });
  });

  it('shows the p75 with Google’s ratings and thresholds', async () => {
    const page = await request(app).get('/staff/speed').set('Cookie', client.cookie);
    expect(page.status).toBe(200);
    // From the histograms: 2.9 s for the 3.0 s of the samples, 5.1 s for their 5.0 s, each in its rating.
    expect(page.text).toContain(
      '<span class="staff-figure">2.9 s</span> <span class="staff-badge staff-badge--needs-improvement">Needs improvement</span>',
    );
    expect(page.text).toContain(
      '<span class="staff-figure">5.1 s</span> <span class="staff-badge staff-badge--poor">Poor</span>',
    );
    expect(page.text).toContain('good ≤ 2.5 s, poor &gt; 4.0 s');
    expect(page.text).toContain(
      '<span class="staff-figure">0.31</span> <span class="staff-badge staff-badge--poor">Poor</span>',
    );
    expect(page.text).toContain('good ≤ 0.10, poor &gt; 0.25');
    expect(page.text).not.toContain('/contact');
  });

  it('draws the daily trend as an accessible SVG on the server, with a data table beside it and no style attribute', async () => {
    const page = await request(app).get('/staff/speed?metric=LCP&route=%2F&device=').set('Cookie', client.cookie);
    const svg = /<svg class="trend-chart"[\s\S]*?<\/svg>/.exec(page.text)![0];
    expect(svg).toMatch(/role="img" aria-labelledby="trend-title-LCP trend-desc-LCP"/);
    expect(svg).toContain(
      '<title id="trend-title-LCP">Largest Contentful Paint (LCP), daily 75th percentile, /, all devices</title>',
    );
    expect(svg).toMatch(/<desc id="trend-desc-LCP">2 days with samples\. Good is up to 2\.5 s, poor above 4\.0 s\./);
    expect(svg.match(/<circle /g)).toHaveLength(2);
    expect(svg).toContain('<polyline class="trend-chart__line"');
    expect(page.text).not.toMatch(/\sstyle=/i);
    expect(page.text).not.toMatch(/<script/i);
    expect(page.text).toMatch(/<caption class="visually-hidden">Daily 75th percentile of LCP<\/caption>/);
    expect(page.text).toMatch(/<td>5\.2 s<\/td><td>5<\/td>/);
  });

  it('reads 100,000 samples from one row per day, page, metric and device class, and misses none', async () => {
    const { db } = freshApps()();
    const buckets = await fillFieldSpeed(db, 100_000, 28, now);
    const rows = (await db.get<{ rows: number }>('SELECT count(*) AS rows FROM daily_counts'))!.rows;
    // 28 days × 23 labels (22 route patterns and "(other)") × 5 metrics × 2 device classes.
    expect(rows).toBe(28 * 23 * 5 * 2);
    expect(buckets).toBeGreaterThan(10 * rows);
    const summary = await createFieldSpeed(db).summary('', now);
    expect(summary).toHaveLength(23 * 5);
    expect(summary.reduce((sum, row) => sum + row.last28.samples, 0)).toBe(100_000);
  });

  it('falls back to LCP on all pages for values it does not know', async () => {
    const page = await request(app).get('/staff/speed?metric=FID&route=%2Fnope&device=tv').set('Cookie', client.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Daily trend: LCP');
    expect(page.text).toContain('all pages, all devices');
  });
});
