import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testApp } from '../support/helpers';

// Kept not-found pages go out before the app (decision 054): this checks that none of them hides what the
// app answers before its pages, whatever the section's not-found page kept.
const METRICS_TOKEN = 'a-metrics-token-of-thirty-two-chars';
const app = testApp({ METRICS_TOKEN });
afterAll(() => app.db.close());

/** Each section and language's not-found page, kept once asked for twice (its ETag says it is kept). */
const sections = ['/nope', '/es/nada', '/blog/nope', '/es/blog/nada'];
beforeAll(async () => {
  for (const path of sections) {
    for (let tries = 0; !(await request(app).get(path).set('Accept-Encoding', 'br')).headers.etag; tries += 1) {
      if (tries === 100) throw new Error(`${path}'s not-found page was never kept`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

describe('kept not-found pages', () => {
  it('answer every unknown plain path of their section, as the first render did', async () => {
    for (const [path, section] of [
      ['/no-such-page-123/456', '/nope'],
      ['/es/no-existe/789', '/es/nada'],
      ['/blog/no-such-article', '/blog/nope'],
      ['/es/blog/no-existe', '/es/blog/nada'],
    ] as const) {
      const answer = await request(app).get(path).set('Accept-Encoding', 'identity');
      expect(answer.status, path).toBe(404);
      expect(answer.text).toBe((await request(app).get(section).set('Accept-Encoding', 'identity')).text);
    }
  });

  it('answer with their 404 and the page whatever If-None-Match names: no 304 for what is no 200', async () => {
    for (const path of ['/another-unknown', '/es/blog/nada']) {
      const kept = await request(app).get(path).set('Accept-Encoding', 'identity');
      for (const tags of ['*', kept.headers.etag as string]) {
        const answer = await request(app).get(path).set('Accept-Encoding', 'identity').set('If-None-Match', tags);
        expect(answer.status, `${path} ${tags}`).toBe(404);
        expect(answer.text).toBe(kept.text);
      }
    }
  });

  it.each([
    ['/healthz', 200],
    ['/readyz', 200],
    ['/Healthz', 200],
    ['/robots.txt', 200],
    ['/sitemap.xml', 200],
    ['/blog/rss.xml', 200],
    ['/es/blog/atom.xml', 200],
    ['/icons/icon.svg', 200],
    ['/api/articles/en.json', 200],
    ['/api/visits.gif', 200],
    ['/metrics', 401],
    ['/services/', 301],
    ['/no-such-page/', 301],
    ['/staff', 303],
    ['/staff/leads', 303],
    ['/STAFF/leads', 303],
    ['/staff/no-such-page', 303],
  ] as const)('leave %s to the app (%i)', async (path, status) => {
    const answer = await request(app).get(path);
    expect(answer.status).toBe(status);
  });

  it('leave a missing script to the static files: a plain 404, not the page', async () => {
    const answer = await request(app).get('/static/js/Nope-OLDHASH.js');
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('<!DOCTYPE html>');
  });
});
