import { afterAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { createLogger } from '../../server/logger';
import { testApp } from './helpers';

const logger = createLogger({ logLevel: 'info' });
const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
const app = testApp({}, { logger });
const rows = () => app.db.prepare('SELECT route, metric, value, rating, navigation_type FROM vitals ORDER BY id').all();
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

  it('rejects a body over 8 KB with 413, never 500', async () => {
    const response = await post(JSON.stringify({ ...batch, padding: 'x'.repeat(9000) }));
    expect(response.status).toBe(413);
  });
});
