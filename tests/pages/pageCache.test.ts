import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import compression from 'compression';
import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';

import type { Logger } from '../../server/http/logger';
import { createPageCache, keptPageBytes, PageCache, pageCacheKey } from '../../server/pages/cache';
import { createCompressions } from '../../server/pages/cache/compressions';
import type { KeptPage } from '../../server/pages/cache/send';
import { prepared, sendKeptPage } from '../../server/pages/cache/send';
import type { StreamPage } from '../../server/pages/render';
import { ResponseTee } from '../../server/pages/responseTee';
import { seedSitePages } from '../../shared/routes';

/** A kept page whose every encoding is the text itself, with a header that names it. */
const page = (text: string): KeptPage => {
  const representation = prepared(
    Buffer.from(text),
    ['Content-Type', 'text/html; charset=utf-8', 'ETag', `"${text}"`, 'X-Page', text],
    ['ETag', `"${text}"`],
  );
  return { status: 200, hash: text, br: representation, gzip: representation, identity: representation };
};
const textOf = (kept: KeptPage | undefined) => kept?.identity.body.toString();

/** What one of these pages of a one-letter text holds: the bound of the tests below counts in them. */
const ONE = keptPageBytes(page('a'));

describe('PageCache', () => {
  it('returns what was stored for a URL', () => {
    const cache = new PageCache(3 * ONE);
    cache.set('/services', page('services'));
    expect(textOf(cache.get('/services'))).toBe('services');
    expect(cache.get('/blog')).toBeUndefined();
  });

  it("counts a page's bytes as its three encodings and their headers", () => {
    // Each encoding: the one-letter body, then its headers and its 304's, with the request id's slot.
    const headers = ['Content-Type', 'text/html; charset=utf-8', 'ETag', '"a"', 'X-Page', 'a', 'X-Request-Id', ''];
    const notModified = ['ETag', '"a"', 'X-Request-Id', ''];
    expect(ONE).toBe(3 * (1 + headers.join('').length + notModified.join('').length));
    const cache = new PageCache(10 * ONE);
    cache.set('/a', page('a'));
    cache.set('/b', page('b'));
    expect(cache.bytes).toBe(2 * ONE);
    // The same key again replaces its page: counted once.
    cache.set('/a', page('a'));
    expect(cache.bytes).toBe(2 * ONE);
  });

  it('evicts the least recently used pages once their bytes pass its bound, never holding more', () => {
    const cache = new PageCache(2 * ONE);
    cache.set('/a', page('a'));
    cache.set('/b', page('b'));
    cache.get('/a'); // /b is now the least recently used
    cache.set('/c', page('c'));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(2 * ONE);
    expect(cache.get('/b')).toBeUndefined();
    expect(textOf(cache.get('/a'))).toBe('a');
    expect(textOf(cache.get('/c'))).toBe('c');
    // A page twice as large makes room by evicting both in their order of use: /a was used before /c.
    cache.get('/a');
    cache.get('/c');
    cache.set('/dd', page('dd'));
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/c')).toBeUndefined();
    expect(cache.bytes).toBe(keptPageBytes(page('dd')));
    expect(cache.bytes).toBeLessThanOrEqual(2 * ONE);
  });

  it('keeps no page larger than its whole bound, and evicts nothing for it', () => {
    const cache = new PageCache(2 * ONE);
    cache.set('/a', page('a'));
    cache.set('/large', page('a'.repeat(ONE)));
    expect(cache.get('/large')).toBeUndefined();
    expect(textOf(cache.get('/a'))).toBe('a');
    expect(cache.bytes).toBe(ONE);
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

  it('waits for each drain of a compressed response without leaving a listener behind', async () => {
    // compression hands a response's drain listeners to its zlib stream, where a once() is never taken off again.
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const chunks = Array.from({ length: 64 }, () => randomBytes(32 * 1024)); // incompressible: each write fills zlib
    const app = express()
      .use(compression({ threshold: 0 }))
      .get('/', (_req, res) => {
        res.type('html');
        void pipeline(Readable.from(chunks), new ResponseTee(res, () => {}));
      });
    try {
      const response = await request(app).get('/').set('Accept-Encoding', 'gzip').responseType('blob');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.body).toEqual(Buffer.concat(chunks));
      await new Promise((resolve) => setImmediate(resolve)); // a warning is emitted on the next tick
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
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
  const key = pageCacheKey;

  it('keys a page on its path and only the query it reads, normalised', () => {
    expect(key('/?x=1')).toBe('/');
    expect(key('/services?utm_source=mail&x=2')).toBe('/services');
    expect(key('/blog?category=research&page=1&x=9')).toBe(key('/blog?category=research'));
    expect(key('/blog?page=1')).toBe(key('/blog'));
    expect(key('/blog?category=nope')).toBe(key('/blog'));
    expect(key('/blog?category=research')).not.toBe(key('/blog'));
    expect(key('/contact?sent=1')).not.toBe(key('/contact'));
    expect(key('/contact?sent=2')).toBe(key('/contact'));
  });

  it('keys every query that names no page of the blog on the one not-found page of its language (decision 090)', () => {
    for (const page of ['9999', '0', 'abc', '-1', ''])
      for (const [blog, locale] of [
        ['/blog', 'en'],
        ['/es/blog', 'es'],
      ])
        expect(key(`${blog}?page=${page}&x=1`)).toBe(`404 ${locale} Blog?`);
  });

  it("keys every page's plain URL on its path alone, so the early answer finds it in one lookup", () => {
    for (const { path } of seedSitePages) expect(key(path), path).toBe(path);
  });

  it('keys every path that is no page on the one not-found page of its section and language', () => {
    expect(key('/nope')).toBe('404 en NotFound');
    expect(key('/a/b/c?x=1')).toBe(key('/nope'));
    expect(key('/es/nada')).toBe('404 es NotFound');
    expect(key('/es/blog/nada')).toBe('404 es Article');
  });

  it('keys each article on its own path, and a slug that names no article on the articles’ not-found page', () => {
    const article = '/blog/green-chemistry-at-the-bench-cutting-solvent-waste-by-half';
    expect(key(`${article}?utm_source=feed`)).toBe(article);
    expect(key('/blog/no-such-article')).toBe('404 en Article');
    expect(key('/blog/:slug')).toBe('404 en Article');
    expect(key('/blog/constructor')).toBe('404 en Article');
  });

  it('has no key for a newsletter link with its token, which its own route answers', () => {
    expect(key('/newsletter/confirm?token=abc')).toBeNull();
    expect(key('/es/boletin/cancelar?token=abc')).toBeNull();
    expect(key('/newsletter/confirm')).toBe('/newsletter/confirm');
  });
});

describe('createPageCache', () => {
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

  /** Every page's headers: one that names its style, so a test can see they are the page's. */
  const headers = (styleHash: string) => [['X-Style', styleHash]] as const;

  /** The cache's renderer as the page catch-all. */
  function site(cache: PageCache, log = logger(), render = countingRender()) {
    const caching = createPageCache(render.render, { headers, logger: log as unknown as Logger, pages: cache });
    const app = express();
    app.get('/{*splat}', (req, res) => caching.render(req, res));
    return { app, calls: render.calls, log };
  }

  /**
   * The cache's early answer in front of an app that says when it was reached; a not-found page only for a
   * path the app does not answer before its pages (every path, by default).
   */
  function early(cache: PageCache, answeredBeforePages: (path: string) => boolean = () => true) {
    const caching = createPageCache(countingRender().render, {
      headers,
      logger: logger() as unknown as Logger,
      pages: cache,
    });
    const beforeTheApp = { notFoundFor: (path: string) => !answeredBeforePages(path) };
    return (req: IncomingMessage, res: ServerResponse) => {
      const kept = caching.lookup(req, beforeTheApp);
      if (kept) sendKeptPage(req, res, kept, 'id-1');
      else res.writeHead(418).end('reached the rest');
    };
  }

  it('keeps the real pages however many made-up query strings arrive, and answers HEAD from it', async () => {
    const { app, calls } = site(new PageCache());
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
    expect(head.headers['x-style']).toBe('sha256-T');
    expect(calls.count).toBe(before);
  });

  it('keeps exactly the bytes the first visitor was sent', async () => {
    const cache = new PageCache();
    const { app } = site(cache);
    const first = await request(app).get('/services').set('Accept-Encoding', 'identity');
    await expect.poll(() => cache.size, { timeout: 10_000 }).toBe(1);
    expect(textOf(cache.get('/services'))).toBe(first.text);
    // Its headers are the page's, as the render sent them, prepared once.
    expect(cache.get('/services')?.identity.headers).toEqual(expect.arrayContaining(['X-Style', 'sha256-T']));
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

  it('keeps no page while the pages waiting for their compression are at their bound, and keeps it again after (decision 092)', async () => {
    const compressions = createCompressions(1);
    let release = () => {};
    // A page compressing: every other waits behind it, past the bound of one byte.
    const compressing = compressions.run(1, () => new Promise<void>((resolve) => (release = resolve)));
    const cache = new PageCache();
    const render = countingRender();
    const caching = createPageCache(render.render, {
      headers,
      logger: logger() as unknown as Logger,
      pages: cache,
      compressions,
    });
    const app = express();
    app.get('/{*splat}', (req, res) => caching.render(req, res));
    expect((await request(app).get('/services')).text).toBe('<!DOCTYPE html><p>page</p>');
    // Time enough to compress so small a page, were it let through.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cache.size).toBe(0);
    await request(app).get('/services');
    expect(render.calls.count).toBe(2);
    release();
    await compressing;
    await request(app).get('/services');
    await expect.poll(() => cache.size, { timeout: 10_000 }).toBe(1);
    await request(app).get('/services');
    expect(render.calls.count).toBe(3);
  });

  it('answers a kept page at once, with its prepared headers and the request id, so the app has no work', async () => {
    const cache = new PageCache();
    cache.set('/services', page('services'));
    const app = early(cache);
    const got = await request(app).get('/services').set('Accept-Encoding', 'identity');
    expect(got.status).toBe(200);
    expect(got.text).toBe('services');
    expect(got.headers.etag).toBe('"services"');
    expect(got.headers['x-page']).toBe('services');
    expect(got.headers['x-request-id']).toBe('id-1');
    expect((await request(app).head('/services')).status).toBe(200);
    const again = await request(app).get('/services').set('If-None-Match', '"services"');
    expect(again.status).toBe(304);
    expect(again.headers['x-page']).toBeUndefined();
  });

  it('counts an early answer as a use: the page evicted is the one least recently answered by either caller', async () => {
    const cache = new PageCache(keptPageBytes(page('services')) + keptPageBytes(page('contact')));
    cache.set('/services', page('services'));
    cache.set('/blog', page('blog'));
    expect((await request(early(cache)).get('/services')).text).toBe('services');
    cache.set('/contact', page('contact'));
    expect(textOf(cache.get('/services'))).toBe('services');
    expect(cache.get('/blog')).toBeUndefined();
  });

  it('reads a query by its key alone, even one that spells a key', async () => {
    const cache = new PageCache();
    cache.set('/blog', page('blog'));
    const research = pageCacheKey('/blog?category=research')!;
    cache.set(research, page('research'));
    // The key of a view is no URL of it: as a URL, it is the default view with a made-up query.
    expect(pageCacheKey(research)).toBe('/blog');
    expect((await request(early(cache)).get(research)).text).toBe('blog');
    expect((await request(site(cache).app).get(research)).text).toBe('blog');
  });

  it('answers a page of the table whatever query it has beyond the one it reads', async () => {
    const cache = new PageCache();
    cache.set('/services', page('services'));
    cache.set('/blog', page('blog'));
    const app = early(cache);
    for (const url of ['/services?x=1', '/services?utm_source=a&b=c', '/blog?page=1&category=all']) {
      expect((await request(app).get(url)).text, url).toBe(url.startsWith('/blog') ? 'blog' : 'services');
    }
  });

  it('passes on a path written otherwise, a view it has not kept, a token, the not-found page and other methods', async () => {
    const cache = new PageCache();
    cache.set('/services', page('services'));
    cache.set('/newsletter/confirm', page('confirm'));
    cache.set('404 en NotFound', page('not found'));
    const app = early(cache);
    for (const url of [
      '/services/',
      '/x/../services',
      '/x/../services?x=1',
      '/blog',
      '/blog?category=research',
      '/newsletter/confirm?token=abc',
      '/nope',
      '/nope?x=1',
      '///',
      '///?x=1',
    ]) {
      expect((await request(app).get(url)).status, url).toBe(418);
    }
    expect((await request(app).post('/services')).status).toBe(418);
  });

  it('answers a plain unknown path with its kept not-found page, unless the app answers the path before its pages', async () => {
    const cache = new PageCache();
    const asked: string[] = [];
    const app = early(cache, (path) => {
      asked.push(path);
      return path.startsWith('/api/');
    });
    // Not kept yet: the app renders it.
    expect((await request(app).get('/nope')).status).toBe(418);
    cache.set('404 en NotFound', { ...page('not found'), status: 404 });
    cache.set('404 es NotFound', { ...page('no encontrada'), status: 404 });
    for (const [url, text] of [
      ['/nope', 'not found'],
      ['/no-such-page-12/34?q=5', 'not found'],
      ['/es/nada/mas', 'no encontrada'],
    ]) {
      const answer = await request(app).get(url!);
      expect(answer.status, url).toBe(404);
      expect(answer.text, url).toBe(text);
      expect(answer.headers['x-request-id']).toBe('id-1');
    }
    expect((await request(app).head('/nope')).status).toBe(404);
    expect(asked).toContain('/no-such-page-12/34');
    // What the app answers itself, and paths its routers could read otherwise than the cache does.
    for (const url of ['/api/nope', '/nope/', '//nope', '///', '/x/../nope', '/%6Eope', '/.env', '/a//b', '/a%5Cb']) {
      expect((await request(app).get(url)).status, url).toBe(418);
    }
    expect((await request(app).post('/nope')).status).toBe(418);
  });

  it('renders a page once for visitors who ask at the same time, and compresses it once (single flight)', async () => {
    const calls = { count: 0 };
    let finish = () => {};
    const slow: StreamPage = async (_req, res, _view, hooks = {}) => {
      calls.count += 1;
      res.status(200);
      const out = hooks.onShellReady?.(200, 'sha256-T') ?? res;
      out.write('<!DOCTYPE html><p>');
      // The render goes on until every visitor has asked.
      await new Promise<void>((resolve) => (finish = resolve));
      out.end('page</p>');
    };
    const cache = new PageCache();
    const { app } = site(cache, logger(), { render: slow, calls });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/services`;
    const answers = [1, 2, 3].map(() => fetch(url, { headers: { 'Accept-Encoding': 'identity' } }));
    await expect.poll(() => calls.count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    finish();
    const texts = await Promise.all(answers.map(async (answer) => (await answer).text()));
    server.close();
    expect(texts).toEqual(Array(3).fill('<!DOCTYPE html><p>page</p>'));
    expect(calls.count).toBe(1);
  });

  it('keeps the not-found page once for every unknown path of a section, with its 404', async () => {
    const calls = { count: 0 };
    const notFound: StreamPage = async (_req, res, _view, hooks = {}) => {
      calls.count += 1;
      res.status(404);
      const out = hooks.onShellReady?.(404, 'sha256-T') ?? res;
      out.end('<!DOCTYPE html><p>not found</p>');
    };
    const cache = new PageCache();
    const { app } = site(cache, logger(), { render: notFound, calls });
    await request(app).get('/nope');
    await expect.poll(() => cache.size, { timeout: 10_000 }).toBe(1);
    for (const url of ['/other', '/a/b?c=d', '/x-1']) {
      const answer = await request(app).get(url);
      expect(answer.status, url).toBe(404);
      expect(answer.text).toBe('<!DOCTYPE html><p>not found</p>');
    }
    expect(calls.count).toBe(1);
    expect(cache.size).toBe(1);
  });

  it("keeps a view with a slot once, fills in each request's value, and renders what it cannot keep", async () => {
    const calls = { count: 0 };
    let failing = false;
    /** A view's page that shows its slot as it is; while `failing`, a part of it fails. */
    const render: StreamPage = async (_req, res, view, hooks = {}) => {
      calls.count += 1;
      res.status(200);
      const out = hooks.onShellReady?.(200, 'sha256-T') ?? res;
      if (failing) hooks.onError?.();
      out.end(`<!DOCTYPE html><p>${view!.slot}</p>`);
    };
    const caching = createPageCache(render, { headers, logger: logger() as unknown as Logger });
    const app = express();
    app.get('/link', (req, res) =>
      caching.render(req, res, { path: '/link', status: 200, slot: String(req.query.t), wrap: (page) => page }),
    );
    const answer = async (token: string) => (await request(app).get(`/link?t=${encodeURIComponent(token)}`)).text;

    expect(await answer('first')).toBe('<!DOCTYPE html><p>first</p>');
    expect(await answer('a.b-c_9')).toBe('<!DOCTYPE html><p>a.b-c_9</p>');
    expect(calls.count).toBe(1);
    // A value HTML or a URL would write otherwise is rendered on its own.
    expect(await answer('<b>')).toBe('<!DOCTYPE html><p><b></p>');
    expect(calls.count).toBe(2);
    // Forgotten with every kept page; a page that did not render whole is not kept, and never shows the stand-in.
    caching.invalidate();
    failing = true;
    expect(await answer('x')).toBe('<!DOCTYPE html><p>x</p>');
    expect(await answer('y')).toBe('<!DOCTYPE html><p>y</p>');
    expect(calls.count).toBe(6);
    failing = false;
    await answer('z');
    expect(await answer('w')).toBe('<!DOCTYPE html><p>w</p>');
    expect(calls.count).toBe(7);
  });
});
