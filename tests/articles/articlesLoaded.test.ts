import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import type { ArticleContent } from '../../server/articles/content';
import { articlesLoaded } from '../../server/articles/loadedGate';

/** An app whose one page is behind the gate, over articles loaded when `load` is called. */
function gated(waitMs: number) {
  let loaded = false;
  let load = () => {};
  const ready = new Promise<void>((resolve) => {
    load = () => {
      loaded = true;
      resolve();
    };
  });
  const content = { ready, loaded: () => loaded } as ArticleContent;
  const app = express()
    .use(articlesLoaded(content, waitMs))
    .get('/blog', (_req, res) => void res.send('the blog'));
  return { app, load };
}

describe('the gate before the pages that show the articles', () => {
  it('lets a request through once the articles load within the wait', async () => {
    const { app, load } = gated(5_000);
    const page = request(app)
      .get('/blog')
      .then((response) => response);
    setTimeout(load, 100);
    expect((await page).text).toBe('the blog');
    expect((await request(app).get('/blog')).status).toBe(200);
  });

  it('answers 503 with Retry-After when the first load takes longer than the wait, then serves once loaded', async () => {
    const { app, load } = gated(100);
    const refused = await request(app).get('/blog');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.text).toContain('try again');
    load();
    expect((await request(app).get('/blog')).text).toBe('the blog');
  });
});
