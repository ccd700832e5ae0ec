import { once } from 'node:events';
import { PassThrough } from 'node:stream';

import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';

import type { Logger } from '../../server/http/logger';
import { PageCache, pageCache, pageCacheKey } from '../../server/pages/pageCache';
import type { StreamPage } from '../../server/pages/render';
import { ResponseTee } from '../../server/pages/responseTee';

const page = (text: string) => ({
  status: 200,
  html: Buffer.from(text),
  br: Buffer.from(text),
  gzip: Buffer.from(text),
  hash: text,
  styleHash: 'sha256-T',
});

describe('PageCache', () => {
  it('returns what was stored for a URL', () => {
    const cache = new PageCache(3);
    cache.set('/services', page('services'));
    expect(cache.get('/services')?.html.toString()).toBe('services');
    expect(cache.get('/blog')).toBeUndefined();
  });

  it('evicts the least recently used page beyond its bound', () => {
    const cache = new PageCache(2);
    cache.set('/a', page('a'));
    cache.set('/b', page('b'));
    cache.get('/a'); // /b is now the least recently used
    cache.set('/c', page('c'));
    expect(cache.size).toBe(2);
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')?.html.toString()).toBe('a');
    expect(cache.get('/c')?.html.toString()).toBe('c');
  });
});

describe('ResponseTee', () => {
  /** A stand-in response that keeps what reaches it; a small buffer, so a page fills it. */
  function response() {
    const res = new PassThrough({ highWaterMark: 4 });
    const received: Buffer[] = [];
    return { res, received, body: () => Buffer.concat(received).toString() };
  }

  it('records exactly what it streams on to the response, and hands it over once the response has it all', async () => {
    const { res, received, body } = response();
    const recorded = new Promise<Buffer>((resolve) => {
      const tee = new ResponseTee(res, resolve);
      tee.write('<!DOCTYPE html>');
      tee.write(new TextEncoder().encode('<p>é, '));
      tee.end(Buffer.from('page</p>'));
    });
    // The response is read only now, once it is full: nothing may be lost or reordered meanwhile.
    res.on('data', (chunk: Buffer) => received.push(chunk));
    const ended = once(res, 'end');
    const html = await recorded;
    await ended;
    expect(body()).toBe('<!DOCTYPE html><p>é, page</p>');
    expect(html.toString()).toBe(body());
  });

  it("passes React's flush on to the response, where compression sends what it has", () => {
    const { res } = response();
    const flush = vi.fn();
    new ResponseTee(Object.assign(res, { flush }), () => {}).flush();
    expect(flush).toHaveBeenCalledOnce();
  });

  it('hands nothing over when the response closes first, and closes too, so React stops rendering', async () => {
    const { res } = response();
    const onEnd = vi.fn();
    const tee = new ResponseTee(res, onEnd);
    tee.write('<!DOCTYPE html>');
    res.destroy();
    await once(tee, 'close');
    tee.end('</html>');
    expect(onEnd).not.toHaveBeenCalled();
  });
});

describe('pageCacheKey', () => {
  const key = (url: string) => {
    const parsed = new URL(url, 'http://localhost');
    return pageCacheKey({ path: parsed.pathname, originalUrl: url });
  };

  it('keys a page on its path and only the query it reads, normalised', () => {
    expect(key('/?x=1')).toBe('/');
    expect(key('/services?utm_source=mail&x=2')).toBe('/services');
    expect(key('/blog?category=research&page=1&x=9')).toBe(key('/blog?category=research'));
    expect(key('/blog?page=9999')).toBe(key('/blog'));
    expect(key('/blog?category=nope')).toBe(key('/blog'));
    expect(key('/blog?category=research')).not.toBe(key('/blog'));
    expect(key('/contact?sent=1')).not.toBe(key('/contact'));
    expect(key('/contact?sent=2')).toBe(key('/contact'));
  });

  it('has no key for a path that is no page', () => {
    expect(key('/nope')).toBeNull();
  });

  it('keys each article on its own path, and has none for a slug that names no article', () => {
    const article = '/blog/green-chemistry-at-the-bench-cutting-solvent-waste-by-half';
    expect(key(`${article}?utm_source=feed`)).toBe(article);
    expect(key('/blog/no-such-article')).toBeNull();
    expect(key('/blog/:slug')).toBeNull();
    expect(key('/blog/constructor')).toBeNull();
  });
});

describe('pageCache', () => {
  /** A renderer that streams a small page and counts its renders. */
  function countingRender() {
    const calls = { count: 0 };
    const render: StreamPage = async (_req, res, _view, hooks = {}) => {
      calls.count += 1;
      res.status(200).setHeader('Content-Type', 'text/html; charset=utf-8');
      const out = hooks.onShellReady?.(200, 'sha256-T') ?? res;
      out.write('<!DOCTYPE html><p>');
      out.end('page</p>');
    };
    return { render, calls };
  }

  /** A logger that keeps its warnings. */
  const logger = () => ({ warn: vi.fn() });

  /** The cache's renderer as the page catch-all. */
  function site(cache: PageCache, log = logger()) {
    const { render, calls } = countingRender();
    const { renderPage } = pageCache(render, log as unknown as Logger, cache);
    const app = express();
    app.get('/{*splat}', (req, res) => renderPage(req, res));
    return { app, calls, log };
  }

  /** The cache's middleware in front of a route that says when it was reached. */
  function early(cache: PageCache) {
    const app = express();
    app.use(pageCache(countingRender().render, logger() as unknown as Logger, cache).keptPages);
    app.use((_req, res) => {
      res.status(418).send('reached the rest');
    });
    return app;
  }

  it('keeps the real pages however many made-up query strings arrive, and answers HEAD from it', async () => {
    const { app, calls } = site(new PageCache(200));
    await request(app).get('/');
    await request(app).get('/services');
    // Kept once their compressed copies are made.
    for (const path of ['/', '/services']) {
      await expect.poll(async () => (await request(app).get(path)).headers.etag, { timeout: 10_000 }).toBeDefined();
    }
    for (let i = 0; i < 201; i++) await request(app).get(`/?x=${i}`);
    const before = calls.count;
    expect((await request(app).get('/services')).text).toBe('<!DOCTYPE html><p>page</p>');
    const head = await request(app).head('/');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expect(calls.count).toBe(before);
  });

  it('keeps exactly the bytes the first visitor was sent', async () => {
    const cache = new PageCache();
    const { app } = site(cache);
    const first = await request(app).get('/services').set('Accept-Encoding', 'identity');
    await expect.poll(() => cache.size, { timeout: 10_000 }).toBe(1);
    expect(cache.get('/services')?.html.toString()).toBe(first.text);
  });

  it('says at warn when a page cannot be kept, and renders it again', async () => {
    const cache = new PageCache();
    cache.set = () => {
      throw new Error('full');
    };
    const { app, calls, log } = site(cache);
    await request(app).get('/services');
    await expect.poll(() => log.warn.mock.calls.length, { timeout: 10_000 }).toBe(1);
    expect(log.warn.mock.calls[0]).toEqual([expect.objectContaining({ page: '/services' }), 'page not kept']);
    await request(app).get('/services');
    expect(calls.count).toBe(2);
  });

  it('answers a kept page at once, so the middleware after it has no work', async () => {
    const cache = new PageCache();
    cache.set('/services', page('services'));
    const app = early(cache);
    const got = await request(app).get('/services').set('Accept-Encoding', 'identity');
    expect(got.status).toBe(200);
    expect(got.text).toBe('services');
    expect(got.headers.etag).toBe('"services"');
    expect((await request(app).head('/services')).status).toBe(200);
  });

  it('passes on any URL that is not exactly its key, and every other method', async () => {
    const cache = new PageCache();
    cache.set('/services', page('services'));
    const app = early(cache);
    for (const url of ['/services/', '/services?x=1', '/services?token=abc', '/blog']) {
      expect((await request(app).get(url)).status, url).toBe(418);
    }
    expect((await request(app).post('/services')).status).toBe(418);
  });
});
