import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import express from 'express';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { crawlerRoutes } from '../../server/pages/crawlers';
import { FEED_ARTICLES } from '../../server/pages/feeds';
import type { TestApp } from '../support/helpers';
import { TEST_SITE_URL, testApp } from '../support/helpers';
import { seedManyArticles } from '../support/manyArticles';

/** More articles in each language than a feed carries. */
const PAIRS = 60;

let app: TestApp;
let articlePaths: string[];
beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-many-'));
  articlePaths = await seedManyArticles(dataDir, PAIRS);
  app = testApp({ DATA_DIR: dataDir });
  // The first page waits for the articles to load.
  expect((await request(app).get('/blog')).status).toBe(200);
});
afterAll(() => app.db.close());

const xmlOf = async (server: Parameters<typeof request>[0], url: string) => {
  const response = await request(server)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => done(null, body));
    });
  expect(response.status).toBe(200);
  const xml = response.body as string;
  expect(XMLValidator.validate(xml)).toBe(true);
  return new XMLParser({ ignoreAttributes: false }).parse(xml) as Record<string, Record<string, unknown>>;
};

/** The URLs a sitemap file lists. */
const locs = (doc: Record<string, Record<string, unknown>>) =>
  [doc.urlset!.url].flat().map((entry) => (entry as { loc: string }).loc);

describe.each([
  ['/blog/rss.xml', 'en'],
  ['/blog/atom.xml', 'en'],
  ['/es/blog/rss.xml', 'es'],
  ['/es/blog/atom.xml', 'es'],
] as const)('GET %s of a lab of many articles', (url, locale) => {
  it(`carries the latest ${FEED_ARTICLES} articles, newest first`, async () => {
    const doc = await xmlOf(app, url);
    const items = (url.endsWith('rss.xml') ? doc.rss!.channel : doc.feed) as Record<string, unknown>;
    const entries = [items.item ?? items.entry].flat() as Record<string, unknown>[];
    const links = entries.map((entry) =>
      url.endsWith('rss.xml') ? entry.link : (entry.link as Record<string, string>)['@_href'],
    );
    // The seed's copies are dated a day apart, newest first, in the order they were made.
    const newest = articlePaths.filter((page) => page.startsWith(locale === 'en' ? '/blog/' : '/es/blog/'));
    expect(newest.length).toBeGreaterThan(FEED_ARTICLES);
    expect(links).toEqual(newest.slice(0, FEED_ARTICLES).map((page) => `${TEST_SITE_URL}${page}`));
  });
});

describe('the sitemap of a lab of many articles', () => {
  it('is one file under the limit, listing every article', async () => {
    const listed = locs(await xmlOf(app, '/sitemap.xml'));
    for (const page of articlePaths) expect(listed).toContain(`${TEST_SITE_URL}${page}`);
  });

  it('becomes an index of files of at most the limit each, together listing every URL once, past the limit', async () => {
    const all = locs(await xmlOf(app, '/sitemap.xml'));
    const limit = 50;
    const small = express().use(crawlerRoutes(TEST_SITE_URL, { urlsPerSitemap: limit }));
    const index = await xmlOf(small, '/sitemap.xml');
    expect(index.urlset).toBeUndefined();
    const parts = [index.sitemapindex!.sitemap].flat() as { loc: string; lastmod?: string }[];
    expect(parts.map((part) => part.loc)).toEqual(
      Array.from({ length: Math.ceil(all.length / limit) }, (_, n) => `${TEST_SITE_URL}/sitemap-${n + 1}.xml`),
    );
    const listed: string[] = [];
    for (const part of parts) {
      const urls = locs(await xmlOf(small, new URL(part.loc).pathname));
      expect(urls.length).toBeLessThanOrEqual(limit);
      listed.push(...urls);
    }
    expect(listed).toEqual(all);
    // Each part is dated by its newest article: the first holds the newest of all.
    expect(parts[0]!.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const missing of ['/sitemap-0.xml', `/sitemap-${parts.length + 1}.xml`, '/sitemap-x.xml'])
      expect((await request(small).get(missing)).status).toBe(404);
    // Under the limit the app lists no such file.
    expect((await request(app).get('/sitemap-1.xml')).status).toBe(404);
  });
});
