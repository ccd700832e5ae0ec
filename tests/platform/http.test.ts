import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { createArticleContent } from '../../server/articles/content';
import type { ArticleStore } from '../../server/articles/store';
import { createArticleStore } from '../../server/articles/store';
import { openSqliteDatabase } from '../../server/db';
import { createLogger } from '../../server/http/logger';
import { catalogues } from '../../server/pages/catalogues';
import { legal as enLegal } from '../../shared/content/i18n/en/legal';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import { posts as esPosts } from '../../shared/generated/posts.es';
import { TEST_SITE_URL, testApp, testConfig } from '../support/helpers';

const { posts: blogPosts } = enPosts;
const { documents: legalDocuments } = enLegal;

const app = testApp();
afterAll(() => app.db.close());
const manifest = JSON.parse(fs.readFileSync('dist/client/manifest.json', 'utf8'));

/** Collects the body as bytes; superagent has already decoded br/gzip by then, so a bad stream fails the request. */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('security headers', () => {
  it('send a strict Content-Security-Policy and the other protective headers', async () => {
    const response = await request(app).get('/');
    const csp = response.headers['content-security-policy'] as string;
    const directives = Object.fromEntries(
      csp.split(';').map((part) => [part.split(' ')[0], part.split(' ').slice(1).join(' ')]),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      // Its own files, and the one inline script, the entry, by its hash.
      'script-src': `'self' '${manifest.entryScript.hash}'`,
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-powered-by']).toBeUndefined();
    // SITE_URL is https here, so browsers are told to stay on https.
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('keep other windows away from every answer that holds anyone’s data, not from a page the same for every visitor (decision 102)', async () => {
    const fresh = testApp();
    const opener = (response: request.Response) => response.headers['cross-origin-opener-policy'] as unknown;
    // A page from its URL alone: its first render and a second visitor's answer asked at the same time (sent in
    // the app when the render is under way, over the value the app set first), then its kept answer.
    const [first, waited] = await Promise.all([request(fresh).get('/privacy'), request(fresh).get('/privacy')]);
    const kept = await request(fresh).get('/privacy');
    expect(kept.headers.etag).toBeDefined();
    for (const answer of [first, waited, kept, await request(fresh).get('/es/nada')])
      expect(opener(answer)).toBe('unsafe-none');
    // What a visitor typed, shown back; a newsletter link's page; the console; an answer of the API.
    const typed = await request(fresh)
      .post('/api/contact')
      .type('form')
      .send({ name: 'Ana Ruiz', email: 'not-an-address', message: 'Hello' });
    expect(typed.text).toContain('not-an-address');
    const linkPage = await request(fresh).get(`/newsletter/confirm?token=${'A'.repeat(43)}`);
    expect(linkPage.headers['cache-control']).toBe('no-store');
    const isolated = {
      typed,
      linkPage,
      console: await request(fresh).get('/staff/sign-in'),
      api: await request(fresh).get('/api/articles/en.json'),
    };
    for (const [name, answer] of Object.entries(isolated)) expect(opener(answer), name).toBe('same-origin');
    fresh.db.close();
  });

  it('send no HSTS when the site is served over plain http', async () => {
    const plain = testApp({ SITE_URL: 'http://localhost:3000' });
    const response = await request(plain).get('/');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    plain.db.close();
  });
});

describe('compression', () => {
  it('sends brotli to a client that accepts it, still streamed on a first render', async () => {
    const cold = testApp();
    const response = await request(cold).get('/').set('Accept-Encoding', 'br, gzip').buffer(true).parse(binary);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect((response.body as Buffer).toString()).toContain('Transforming Digital');
    cold.db.close();
  });

  it('sends gzip to a client that accepts only gzip, and identity to one that accepts neither', async () => {
    const gzip = await request(app).get('/services').set('Accept-Encoding', 'gzip').buffer(true).parse(binary);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((gzip.body as Buffer).toString()).toContain('Our Services');
    const plain = await request(app).get('/services').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toContain('Our Services');
  });
});

/** The first visit renders (streamed); the page is kept once its compressed copies are made. */
async function keptPage(path: string) {
  const cold = testApp();
  await request(cold).get(path).set('Accept-Encoding', 'identity');
  await expect
    .poll(async () => (await request(cold).get(path).set('Accept-Encoding', 'br')).headers.etag, { timeout: 10_000 })
    .toBeDefined();
  return cold;
}

describe("a browser's own Accept-Encoding", () => {
  // What Chromium and Firefox send: gzip listed first, every coding at the same weight.
  const BROWSER = 'gzip, deflate, br, zstd';

  it('gets brotli, the smallest, for a first render, a kept page and a hashed script', async () => {
    const cold = testApp();
    const rendered = await request(cold).get('/contact').set('Accept-Encoding', BROWSER).buffer(true).parse(binary);
    expect(rendered.headers['content-encoding']).toBe('br');
    cold.db.close();
    const kept = await keptPage('/contact');
    const page = await request(kept).get('/contact').set('Accept-Encoding', BROWSER).buffer(true).parse(binary);
    expect(page.headers.etag).toBeDefined();
    expect(page.headers['content-encoding']).toBe('br');
    expect((page.body as Buffer).toString()).toContain('</html>');
    kept.db.close();
    const script = await request(app)
      .get(manifest.entryImports[0]!)
      .set('Accept-Encoding', BROWSER)
      .buffer(true)
      .parse(binary);
    expect(script.headers['content-encoding']).toBe('br');
  });

  it("gets a first render's brotli streamed with a 256 KB window, which holds the whole page (decision 094)", async () => {
    const cold = testApp();
    const server = http.createServer(cold).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    // Raw bytes: supertest would decode them.
    const [response] = (await once(
      http.get(`http://127.0.0.1:${port}/services`, { headers: { 'Accept-Encoding': 'br' } }),
      'response',
    )) as [http.IncomingMessage];
    const stream = Buffer.concat(await response.toArray());
    server.close();
    cold.db.close();
    expect(response.headers['content-encoding']).toBe('br');
    // The stream's first bits (RFC 7932 §9.1): 1, then 3 bits n: a window of 2^(17 + n) bytes.
    expect(stream[0]! & 1).toBe(1);
    expect(17 + ((stream[0]! >> 1) & 7)).toBe(18);
    const html = zlib.brotliDecompressSync(stream);
    expect(html.length).toBeLessThan(2 ** 18);
    expect(html.toString()).toContain('</html>');
  });

  it('gets gzip when it refuses brotli (q=0), and brotli when it only allows anything (*)', async () => {
    const kept = await keptPage('/terms');
    const refused = await request(kept)
      .get('/terms')
      .set('Accept-Encoding', 'br;q=0, gzip, deflate')
      .buffer(true)
      .parse(binary);
    expect(refused.headers['content-encoding']).toBe('gzip');
    const script = await request(app)
      .get(manifest.entryImports[0]!)
      .set('Accept-Encoding', 'br;q=0, gzip')
      .buffer(true)
      .parse(binary);
    expect(script.headers['content-encoding']).toBe('gzip');
    const any = await request(kept).get('/terms').set('Accept-Encoding', '*').buffer(true).parse(binary);
    expect(any.headers['content-encoding']).toBe('br');
    kept.db.close();
  });
});

describe('page cache', () => {
  it('sends the kept brotli, gzip and plain bytes with Vary, a length and an ETag per encoding', async () => {
    const kept = await keptPage('/research');
    const br = await request(kept).get('/research').set('Accept-Encoding', 'br, gzip').buffer(true).parse(binary);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect((br.body as Buffer).toString()).toContain('</html>');
    const gzip = await request(kept).get('/research').set('Accept-Encoding', 'gzip').buffer(true).parse(binary);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toEqual(br.body);
    const plain = await request(kept).get('/research').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.text));
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    kept.db.close();
  });

  it('answers a revalidation with 304 and no body, and a changed ETag with the page', async () => {
    const kept = await keptPage('/services');
    const first = await request(kept).get('/services').set('Accept-Encoding', 'br');
    const again = await request(kept)
      .get('/services')
      .set('Accept-Encoding', 'br')
      .set('If-None-Match', first.headers.etag as string);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    const stale = await request(kept).get('/services').set('Accept-Encoding', 'br').set('If-None-Match', '"old"');
    expect(stale.status).toBe(200);
    kept.db.close();
  });

  /** An answer's headers less those that differ between any two answers (date, id) or name the bytes' framing. */
  const sameFor = (headers: Record<string, string>, ...also: string[]) => {
    const left = new Set(['date', 'x-request-id', 'connection', 'keep-alive', ...also]);
    return Object.fromEntries(Object.entries(headers).filter(([name]) => !left.has(name)));
  };
  it.each([
    ['/research', 'br, gzip', 'br'],
    ['/research', 'gzip', 'gzip'],
    ['/research', 'identity', undefined],
    ['/no-such-page', 'br', 'br'],
    ['/no-such-page', 'identity', undefined],
    ['/blog/no-such-article', 'gzip', 'gzip'],
    ['/es/no-existe/tampoco', 'br', 'br'],
  ] as const)(
    'sends %s kept (Accept-Encoding: %s) with the headers of its first render, for GET, HEAD and a revalidation',
    async (path, accept, encoding) => {
      const cold = testApp();
      const rendered = await request(cold).get(path).set('Accept-Encoding', accept);
      expect(rendered.headers.etag).toBeUndefined();
      expect(rendered.headers['transfer-encoding']).toBe('chunked');
      expect(rendered.headers['content-encoding']).toBe(encoding);
      await expect
        .poll(async () => (await request(cold).get(path).set('Accept-Encoding', accept)).headers.etag, {
          timeout: 10_000,
        })
        .toBeDefined();
      const kept = await request(cold).get(path).set('Accept-Encoding', accept);
      expect(kept.status).toBe(rendered.status);
      // Every header but the framing: security headers and the page's own CSP, type, caching, Vary, encoding.
      expect(sameFor(kept.headers, 'etag', 'content-length')).toEqual(sameFor(rendered.headers, 'transfer-encoding'));
      expect(kept.headers.vary).toBe('Accept-Encoding');
      expect(kept.headers['content-security-policy']).toContain(`style-src 'self' 'sha256-`);
      // A HEAD gets the GET's headers, its length and ETag included.
      const head = await request(cold).head(path).set('Accept-Encoding', accept);
      expect(head.status).toBe(kept.status);
      expect(sameFor(head.headers)).toEqual(sameFor(kept.headers));
      // A revalidation: a page's 304 the same, less its length; a not-found page's whole 404 again, since a
      // precondition holds only for a 2xx answer.
      const again = await request(cold)
        .get(path)
        .set('Accept-Encoding', accept)
        .set('If-None-Match', kept.headers.etag as string);
      const notFound = kept.status === 404;
      expect(again.status).toBe(notFound ? 404 : 304);
      expect(sameFor(again.headers)).toEqual(sameFor(kept.headers, ...(notFound ? [] : ['content-length'])));
      cold.db.close();
    },
  );

  it('compresses a kept page once: brotli at its highest quality, not again per request', async () => {
    const kept = await keptPage('/');
    const response = await request(kept).get('/').set('Accept-Encoding', 'br').buffer(true).parse(binary);
    const html = response.body as Buffer;
    const maxQuality = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(Number(response.headers['content-length'])).toBe(maxQuality.length);
    kept.db.close();
  });
});

describe('static files', () => {
  it('serve hashed assets for a year, immutable, precompressed when accepted', async () => {
    const script = manifest.entryImports[0]!;
    const response = await request(app).get(script).set('Accept-Encoding', 'br').buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    const original = fs.readFileSync(`dist/client${script}`);
    expect((response.body as Buffer).equals(original)).toBe(true);
    expect(Number(response.headers['content-length'])).toBe(fs.statSync(`dist/client${script}.br`).size);
  });

  it('serve the stylesheet as CSS', async () => {
    const response = await request(app).get(manifest.stylesheet).set('Accept-Encoding', 'gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answer a missing chunk with a plain 404, never the HTML page', async () => {
    const response = await request(app).get('/static/js/Services-OLDHASH.js');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/html/);
    expect(response.text).not.toContain('<!DOCTYPE html>');
  });

  it('serve unhashed public files with short caching and validators', async () => {
    const response = await request(app).get('/icons/icon.svg');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers.etag).toBeDefined();
    expect(response.headers['last-modified']).toBeDefined();
    const revalidated = await request(app)
      .get('/icons/icon.svg')
      .set('If-None-Match', response.headers.etag as string);
    expect(revalidated.status).toBe(304);
  });
});

describe('operations', () => {
  it('GET /healthz says the process is alive', async () => {
    const response = await request(app).get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz says the database answers, and 503 once it does not', async () => {
    const local = testApp();
    await expect.poll(async () => (await request(local).get('/readyz')).status).toBe(200);
    const ready = await request(local).get('/readyz');
    expect(ready.body).toEqual({ status: 'ready', database: 'ok', articles: 'loaded' });
    local.db.close();
    const closed = await request(local).get('/readyz');
    expect(closed.status).toBe(503);
    expect(closed.body.database).toBe('unreachable');
  });
});

describe('an instance whose database is still starting', () => {
  it('answers /readyz 503 until the articles are loaded, tries the load again, and keeps a page waiting meanwhile', async () => {
    const config = testConfig();
    const db = openSqliteDatabase(config.dataDir);
    const store = createArticleStore(db);
    let tries = 0;
    // The first load meets a database that does not answer yet, as PostgreSQL while it starts.
    const starting: ArticleStore = {
      ...store,
      seed: (...args) => (tries++ === 0 ? Promise.reject(new Error('the database is starting')) : store.seed(...args)),
    };
    const content = createArticleContent(starting, config.rootDir, createLogger({ logLevel: 'silent' }));
    const local = testApp({}, { articles: content });
    const loading = await request(local).get('/readyz');
    expect(loading.status).toBe(503);
    expect(loading.body).toEqual({ status: 'unavailable', database: 'ok', articles: 'loading' });
    const page = request(local)
      .get('/blog')
      .then((response) => response);
    await expect.poll(async () => (await request(local).get('/readyz')).status, { timeout: 5_000 }).toBe(200);
    expect((await page).status).toBe(200);
    expect(tries).toBe(2);
    local.db.close();
    db.close();
  });
});

describe('crawler files', () => {
  it('robots.txt allows crawling and names the sitemap on SITE_URL', async () => {
    const response = await request(app).get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toContain('User-agent: *');
    expect(response.text).toContain(`Sitemap: ${TEST_SITE_URL}/sitemap.xml`);
  });

  it('sitemap.xml lists every page as an absolute URL, each article and legal page with the date it last changed', async () => {
    const response = await request(app).get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const entries = [
      ...response.text.matchAll(
        /<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?(?:<xhtml:link [^>]+\/>)*<\/url>/g,
      ),
    ].map((match) => [match[1], match[2]]);
    expect(entries).toEqual([
      ...['/', '/services', '/research', '/blog'].map((path) => [new URL(path, TEST_SITE_URL).href, undefined]),
      ...blogPosts.map((post) => [`${TEST_SITE_URL}/blog/${post.slug}`, post.date]),
      [`${TEST_SITE_URL}/contact`, undefined],
      [`${TEST_SITE_URL}/book`, undefined],
      [`${TEST_SITE_URL}/privacy`, legalDocuments.privacy.updated],
      [`${TEST_SITE_URL}/terms`, legalDocuments.terms.updated],
      ...['/es', '/es/servicios', '/es/investigacion', '/es/blog'].map((path) => [
        `${TEST_SITE_URL}${path}`,
        undefined,
      ]),
      ...esPosts.map((post) => [`${TEST_SITE_URL}/es/blog/${post.slug}`, post.date]),
      [`${TEST_SITE_URL}/es/contacto`, undefined],
      [`${TEST_SITE_URL}/es/reservar`, undefined],
      [`${TEST_SITE_URL}/es/privacidad`, catalogues.es.legal.documents.privacy.updated],
      [`${TEST_SITE_URL}/es/terminos`, catalogues.es.legal.documents.terms.updated],
    ]);
    expect(blogPosts).toHaveLength(6);
  });
});
