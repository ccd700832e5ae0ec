import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { dayOf } from '../../server/analytics/days';
import { DAILY_LABEL_CAP } from '../../server/analytics/store';
import { DATABASE_FILE } from '../../server/db';
import { postgresDatabase } from '../support/engines';
import { freePort, killServers, startServer } from '../support/serverProcess';

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const today = () => dayOf(new Date());
const random = () => Math.random().toString(36).slice(2, 10);

/** A page view beacon as sendBeacon posts it, from `address` behind the trusted proxy hop. */
function beacon(port: number, address: string, body: object, userAgent = FIREFOX): Promise<number> {
  return fetch(`http://127.0.0.1:${port}/api/visits`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'X-Forwarded-For': address, 'User-Agent': userAgent },
    body: JSON.stringify({ kind: 'view', device: 'desktop', ...body }),
  }).then(
    (response) => response.status,
    () => 0,
  );
}

/** A forged beacon: any page, any referrer, any UTM values. */
const forged = () => ({
  page: `/${random()}`,
  touch: { source: random(), medium: random(), campaign: random(), referrer: `${random()}.example` },
});

/** Sends `count` beacons, `concurrency` at a time, while a reader loads a page; the page's times in ms. */
async function flood(
  port: number,
  count: number,
  from: (i: number) => string,
): Promise<{ statuses: Map<number, number>; pageTimes: number[] }> {
  const statuses = new Map<number, number>();
  let sent = 0;
  let done = false;
  const worker = async () => {
    while (sent < count) {
      const i = sent++;
      const status = await beacon(port, from(i), forged());
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const pageTimes: number[] = [];
  const reader = (async () => {
    while (!done) {
      const start = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/services`, {
        headers: { 'X-Forwarded-For': '192.0.2.250' },
      });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      pageTimes.push(performance.now() - start);
    }
  })();
  await Promise.all(Array.from({ length: 16 }, worker));
  done = true;
  await reader;
  return { statuses, pageTimes };
}

/**
 * Forged beacons in each flood: ten times the labels a series keeps a day, so every cap is passed many times
 * over. It was 10,000, fifty times the cap: the database ended the same (1,009 rows of counts), for five times
 * the beacons and the time.
 */
const FLOOD = 10 * DAILY_LABEL_CAP;

const p99 = (times: number[]) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]!;

describe('a flood of forged beacons', { timeout: 600_000 }, () => {
  it('leaves the database within its caps and the site answering (the p99 of a page under the flood is printed)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-flood-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const server = await startServer(port, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });

    // From one client: the per-client limit answers nearly all of them before any work.
    const one = await flood(port, FLOOD, () => '203.0.113.66');
    expect(one.statuses.get(204)).toBe(60);
    expect(one.statuses.get(429)).toBe(FLOOD - 60);
    // As many more, each from an address of its own: all counted, against the caps.
    const many = await flood(
      port,
      FLOOD,
      (i) => `10.${Math.floor(i / 65_000)}.${Math.floor(i / 250) % 250}.${i % 250}`,
    );
    expect(many.statuses.get(204)).toBe(FLOOD);
    console.log(
      `analytics flood: ${FLOOD} forged beacons from one client (60 counted, the rest 429): page p99 ${p99(one.pageTimes).toFixed(1)} ms over ${one.pageTimes.length} loads; ` +
        `${FLOOD} from as many addresses (all counted): page p99 ${p99(many.pageTimes).toFixed(1)} ms over ${many.pageTimes.length} loads`,
    );
    // The site still answers.
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    await server.stop();

    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    cleanups.push(() => db.close());
    const labels = db
      .prepare(
        "SELECT series, count(DISTINCT label) AS n FROM daily_counts WHERE day = ? AND series LIKE 'web.%' GROUP BY series",
      )
      .all(today()) as { series: string; n: number }[];
    for (const { series, n } of labels) expect(n, series).toBeLessThanOrEqual(DAILY_LABEL_CAP + 1);
    const views = (series: string, label: string) =>
      (
        db
          .prepare('SELECT sum(count) AS n FROM daily_counts WHERE day = ? AND series = ? AND label = ?')
          .get(today(), series, label) as { n: number }
      ).n;
    // Every forged path is "(other)"; past the cap, every forged referrer and campaign is too.
    expect(views('web.views.page.en', '(other)')).toBe(FLOOD + 60);
    expect(views('web.views.utm_campaign.en', '(other)')).toBe(FLOOD + 60 - DAILY_LABEL_CAP);
    const rows = (db.prepare('SELECT count(*) AS n FROM daily_counts').get() as { n: number }).n;
    const hashes = (db.prepare('SELECT count(*) AS n FROM analytics_visitors').get() as { n: number }).n;
    console.log(`analytics flood: ${rows} rows of daily counts, ${hashes} visitor hashes kept`);
    expect(rows).toBeLessThan(1_500);
    // A visitor's hashes for the site and its page, and a row per new label a client took (five series a beacon).
    expect(hashes).toBeLessThanOrEqual(2 * (FLOOD + 1) + 5 * DAILY_LABEL_CAP);
  });
});

describe('two instances on one PostgreSQL', { timeout: 300_000 }, () => {
  it('count into the same totals, with one daily salt: a visitor seen by both is one visitor', async () => {
    const databaseUrl = await postgresDatabase();
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    cleanups.push(() => db.end());
    const start = async () => {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-two-analytics-'));
      return {
        port,
        // One site behind a proxy: both know it by the same SITE_URL, which the visitors' hashes include.
        server: await startServer(port, {
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          SITE_URL: 'https://meridianlab.test',
        }),
      };
    };
    const [a, b] = await Promise.all([start(), start()]);
    // Three visitors, five page views each, every other one through the other instance, all at once.
    const pages = ['/', '/services', '/contact', '/services', '/blog'];
    const statuses = await Promise.all(
      [1, 2, 3].flatMap((visitor) =>
        pages.map((page, i) =>
          beacon((visitor + i) % 2 ? a.port : b.port, `198.51.100.${visitor}`, {
            page,
            touch: { source: 'newsletter', medium: '', campaign: 'nov', referrer: '' },
          }),
        ),
      ),
    );
    expect(statuses.every((status) => status === 204)).toBe(true);
    const counted = async (series: string) => {
      const { rows } = await db.query<{ label: string; n: string }>(
        'SELECT label, sum(count) AS n FROM daily_counts WHERE day = $1 AND series = $2 GROUP BY label ORDER BY label',
        [today(), series],
      );
      return Object.fromEntries(rows.map(({ label, n }) => [label, Number(n)]));
    };
    // The counting runs once the 204 is sent: wait for the last of it.
    const deadline = Date.now() + 30_000;
    while ((await counted('web.views.utm_campaign.en')).nov !== 15 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await counted('web.views.page.en')).toEqual({ '/': 3, '/blog': 3, '/contact': 3, '/services': 6 });
    expect(await counted('web.visitors.site.en')).toEqual({ '': 3 });
    expect(await counted('web.visitors.page.en')).toEqual({ '/': 3, '/blog': 3, '/contact': 3, '/services': 3 });
    expect(await counted('web.visitors.source.en')).toEqual({ newsletter: 3 });
    expect((await db.query('SELECT count(*) AS n FROM analytics_salts')).rows).toEqual([{ n: '1' }]);
    await Promise.all([a.server.stop(), b.server.stop()]);
  });
});
