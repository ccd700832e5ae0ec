import { createHash, createHmac } from 'node:crypto';

import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { guardFields } from '../support/formGuard';
import { TEST_SITE_URL, testApp } from '../support/helpers';

// Behind one proxy hop: the visitor is the address it sends (X-Forwarded-For).
const app = testApp({ TRUST_PROXY: '1' });
afterAll(() => app.db.close());

const ADDRESS = '203.0.113.77';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SITE = new URL(TEST_SITE_URL).host;
const PAGES = ['/', '/services', '/contact'];
const none = { source: '', medium: '', campaign: '', referrer: '' };
const headers = { 'X-Forwarded-For': ADDRESS, 'User-Agent': BROWSER, Origin: TEST_SITE_URL };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const hmac = (key: string, value: string) => createHmac('sha256', key).update(value).digest('hex');
const rows = (sql: string) => app.db.connection.prepare(sql).all() as Record<string, unknown>[];
const valuesOf = (table: string) => rows(`SELECT * FROM ${table}`).flatMap((row) => Object.values(row).map(String));

/**
 * Every hash someone holding the database, and not ANALYTICS_KEY, can make for the visitor (whose address and
 * browser they know) with the secrets the database holds (the day's salt, the leads' salt): the visitor's hash as
 * SHA-256 or HMAC, then that hash again for the site, a page or a click, both ways.
 */
function derivableWithoutTheKey(): Set<string> {
  const keys = [...rows('SELECT salt FROM analytics_salts').map((row) => String(row.salt)), settingSalt()];
  const inputs = [
    `${SITE}\n${ADDRESS}\n${BROWSER}`,
    `visitor\n${SITE}\n${ADDRESS}\n${BROWSER}`,
    ADDRESS,
    `lead\n${ADDRESS}`,
  ];
  const visitors = keys.flatMap((key) => inputs.flatMap((input) => [sha256(`${key}:${input}`), hmac(key, input)]));
  const details = [...PAGES.flatMap((page) => [page, `page\n${page}`]), 'click:call', 'call', 'site'];
  const derived = visitors.flatMap((visitor) => [
    ...details.flatMap((detail) => [sha256(`${visitor}:${detail}`), hmac(visitor, detail)]),
    ...keys.flatMap((key) => [
      hmac(key, `site\n${visitor}`),
      hmac(key, `click\n${visitor}\ncall`),
      ...PAGES.map((page) => hmac(key, `page\n${visitor}\n${page}`)),
    ]),
  ]);
  return new Set([...visitors, ...derived]);
}

const settingSalt = () => String(rows("SELECT value FROM settings WHERE key = 'client_hash_salt'")[0]!.value);

describe('what the analytics and a lead keep of a visitor', () => {
  it('holds no value equal to or derivable from the visitor’s hash without ANALYTICS_KEY, and no lead links to its visits', async () => {
    for (const page of PAGES)
      await request(app)
        .post('/api/visits')
        .set({ ...headers, 'Content-Type': 'text/plain' })
        .send(JSON.stringify({ kind: 'view', page, device: 'desktop', touch: { ...none, source: 'newsletter' } }));
    await request(app)
      .post('/api/visits')
      .set({ ...headers, 'Content-Type': 'text/plain' })
      .send(
        JSON.stringify({ kind: 'call', page: '/contact', device: 'desktop', touch: { ...none, source: 'newsletter' } }),
      );
    const lead = {
      ...{ name: 'Jane Smith', email: 'jane@acme.example', message: 'We need ads.', service: 'marketing-ads' },
      ...(await guardFields(app, 'contact')),
    };
    expect((await request(app).post('/api/contact').set(headers).send(lead)).status).toBe(201);
    await app.afterAnswer.settled();

    const tables = ['analytics_salts', 'analytics_visitors', 'daily_counts'];
    const stored = tables.flatMap(valuesOf);
    const hashes = valuesOf('analytics_visitors').filter((value) => /^[0-9a-f]{64}$/.test(value));
    expect(hashes.length).toBeGreaterThanOrEqual(PAGES.length + 2);
    const derivable = derivableWithoutTheKey();
    for (const value of stored) {
      expect(derivable.has(value)).toBe(false);
      expect(value).not.toContain(ADDRESS);
      expect(value).not.toContain('Firefox');
    }
    // A lead keeps nothing its visits' rows hold, and nothing made from its address without the key.
    const [leadRow] = rows('SELECT * FROM leads');
    for (const value of Object.values(leadRow!).map(String)) {
      expect(hashes).not.toContain(value);
      expect(derivable.has(value)).toBe(false);
    }
    expect(leadRow!.client_hash).toMatch(/^[0-9a-f]{64}$/);

    // With the key, which only the running site holds, the day's hashes are found: the check above looks where they are.
    const { day, salt } = rows('SELECT day, salt FROM analytics_salts')[0] as { day: string; salt: string };
    const dayKey = hmac(app.config.analytics.key, `day\n${day}\n${salt}`);
    const visitor = hmac(dayKey, `visitor\n${SITE}\n${ADDRESS}\n${BROWSER}`);
    expect(hashes).toContain(hmac(dayKey, `site\n${visitor}`));
    expect(hashes).toContain(hmac(dayKey, `page\n${visitor}\n/services`));
    expect(hashes).toContain(hmac(dayKey, `click\n${visitor}\ncall`));
  });
});
