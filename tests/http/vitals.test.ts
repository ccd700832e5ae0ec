import request from 'supertest';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { createLogger } from '../../server/http/logger';
import { createVitalsStore, VITALS_RETENTION_DAYS } from '../../server/vitals/store';
import { testApp } from '../support/helpers';

const logger = createLogger({ logLevel: 'info' });
const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
const app = testApp({}, { logger });
const rows = () =>
  app.db.connection.prepare('SELECT route, metric, value, rating, navigation_type FROM vitals ORDER BY id').all();
afterAll(() => app.db.close());

const batch = {
  page: '/services',
  metrics: [
    { name: 'LCP', value: 812.4, rating: 'good', id: 'v5-1', navigationType: 'navigate' },
    { name: 'CLS', value: 0, rating: 'good', id: 'v5-2', navigationType: 'navigate' },
  ],
};

/** sendBeacon posts a string: text/plain. */
const post = (body: string, type = 'text/plain;charset=UTF-8') =>
  request(app).post('/api/vitals').set('Content-Type', type).send(body);

describe('POST /api/vitals', () => {
  it('stores a valid batch as rows of data, and logs nothing the visitor sent', async () => {
    info.mockClear();
    const response = await post(JSON.stringify(batch));
    expect(response.status).toBe(204);
    expect(rows()).toEqual([
      { route: '/services', metric: 'LCP', value: 812.4, rating: 'good', navigation_type: 'navigate' },
      { route: '/services', metric: 'CLS', value: 0, rating: 'good', navigation_type: 'navigate' },
    ]);
    expect(JSON.stringify(info.mock.calls)).not.toContain('812.4');
  });

  it('accepts the batch as application/json too', async () => {
    expect((await post(JSON.stringify(batch), 'application/json')).status).toBe(204);
  });

  it("accepts the beacon of an article's page and of the legal pages", async () => {
    for (const page of ['/blog/a-step-by-step-guide-to-reproducible-cell-culture', '/privacy', '/terms']) {
      expect((await post(JSON.stringify({ ...batch, page }))).status, page).toBe(204);
    }
  });

  it.each([
    ['malformed JSON', '{"page":'],
    ['an empty body', ''],
    ['a non-object', '[1,2]'],
    ['an unknown metric (FID is gone)', JSON.stringify({ ...batch, metrics: [{ ...batch.metrics[0], name: 'FID' }] })],
    ['a negative value', JSON.stringify({ ...batch, metrics: [{ ...batch.metrics[0], value: -1 }] })],
    ['a value that is not a number', JSON.stringify({ ...batch, metrics: [{ ...batch.metrics[0], value: 'fast' }] })],
    ['no metrics', JSON.stringify({ ...batch, metrics: [] })],
    ['a page that is not a path', JSON.stringify({ ...batch, page: 'https://evil.example/' })],
    ['an article that does not exist', JSON.stringify({ ...batch, page: '/blog/no-such-article' })],
    ['the article route itself', JSON.stringify({ ...batch, page: '/blog/:slug' })],
  ])('rejects %s with 400 and a reason', async (_name, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual(expect.any(String));
  });

  it('stores the connection type and the device class when given, and nothing about the visitor', async () => {
    const response = await post(JSON.stringify({ ...batch, connection: '3g', device: 'mobile' }));
    expect(response.status).toBe(204);
    const stored = app.db.connection.prepare('SELECT * FROM vitals ORDER BY id DESC LIMIT 1').get() as Record<
      string,
      unknown
    >;
    expect(stored).toMatchObject({ route: '/services', metric: 'CLS', connection_type: '3g', device_class: 'mobile' });
    expect(Object.keys(stored).sort()).toEqual([
      'connection_type',
      'device_class',
      'id',
      'metric',
      'navigation_type',
      'rating',
      'received_at',
      'route',
      'value',
    ]);
  });

  it.each([
    ['an unknown connection type', { connection: '6g' }],
    ['an unknown device class', { device: 'fridge' }],
  ])('rejects %s with 400', async (_name, extra) => {
    expect((await post(JSON.stringify({ ...batch, ...extra }))).status).toBe(400);
  });

  it('deletes rows older than 90 days when beacons arrive', async () => {
    const old = testApp();
    const store = createVitalsStore(old.db);
    const day = 86_400_000;
    const now = Date.now();
    await store.add('/', [{ name: 'LCP', value: 1, rating: 'good' }], {}, new Date(now - 91 * day));
    await store.add('/', [{ name: 'LCP', value: 2, rating: 'good' }], {}, new Date(now - 89 * day));
    await store.add('/', [{ name: 'LCP', value: 3, rating: 'good' }], {}, new Date(now));
    expect(old.db.connection.prepare('SELECT value FROM vitals ORDER BY id').all()).toEqual([
      { value: 2 },
      { value: 3 },
    ]);
    expect(VITALS_RETENTION_DAYS).toBe(90);
    await old.db.close();
  });

  it('rejects a body over 8 KB with 413, never 500', async () => {
    const response = await post(JSON.stringify({ ...batch, padding: 'x'.repeat(9000) }));
    expect(response.status).toBe(413);
  });
});
