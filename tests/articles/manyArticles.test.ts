import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { crawlerRoutes } from '../../server/pages/crawlers';
import { FEED_ARTICLES } from '../../server/pages/feeds';
import type { BlogPost } from '../../shared/content/blog';
import type { PageShare } from '../../shared/content/publishedArticles';
import { publishedPosts } from '../../shared/content/publishedArticles';
import { adjacentPosts, findPost, postPath, relatedPosts } from '../../shared/model/articles';
import type { TestApp } from '../support/helpers';
import { TEST_SITE_URL, testApp } from '../support/helpers';
import { seedManyArticles } from '../support/manyArticles';
import { xmlOf } from '../support/xml';

/** More articles in each language than a feed carries. */
const PAIRS = 60;
/** The oldest pairs have no Spanish version: the Spanish blog has fewer pages than the English one. */
const ENGLISH_ONLY = 6;

let app: TestApp;
let articlePaths: string[];
beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-many-'));
  articlePaths = await seedManyArticles(dataDir, PAIRS, { englishOnly: ENGLISH_ONLY });
  app = testApp({ DATA_DIR: dataDir });
  // The first page waits for the articles to load.
  expect((await request(app).get('/blog')).status).toBe(200);
});
afterAll(() => app.db.close());

const docOf = async (server: Parameters<typeof request>[0], url: string) => (await xmlOf(server, url)).doc;

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
    const doc = await docOf(app, url);
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
    const listed = locs(await docOf(app, '/sitemap.xml'));
    for (const page of articlePaths) expect(listed).toContain(`${TEST_SITE_URL}${page}`);
  });

  it('becomes an index of files of at most the limit each, together listing every URL once, past the limit', async () => {
    const all = locs(await docOf(app, '/sitemap.xml'));
    const limit = 50;
    const small = express().use(crawlerRoutes(TEST_SITE_URL, { urlsPerSitemap: limit }));
    const index = await docOf(small, '/sitemap.xml');
    expect(index.urlset).toBeUndefined();
    const parts = [index.sitemapindex!.sitemap].flat() as { loc: string; lastmod?: string }[];
    expect(parts.map((part) => part.loc)).toEqual(
      Array.from({ length: Math.ceil(all.length / limit) }, (_, n) => `${TEST_SITE_URL}/sitemap-${n + 1}.xml`),
    );
    const listed: string[] = [];
    for (const part of parts) {
      const urls = locs(await docOf(small, new URL(part.loc).pathname));
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

/** The posts a page hands the browser in its runtime configuration (decision 090). */
const shareOf = async (url: string) => {
  const response = await request(app).get(url);
  expect(response.status).toBe(200);
  const config = /<script id="runtime-config" type="application\/json">([\s\S]*?)<\/script>/.exec(response.text)?.[1];
  const { articles } = JSON.parse(config!) as { articles: PageShare };
  return { html: response.text, share: articles };
};

/** The article paths a page's HTML links to. */
const linkedArticles = (html: string) =>
  new Set([...html.matchAll(/href="(\/(?:es\/)?blog\/[a-z0-9-]+)"/g)].map((match) => match[1]!));

describe('the posts a page of a lab of many articles gives the browser', () => {
  it.each(['/blog', '/blog?page=3', '/blog?category=research', '/es/blog'])(
    '%s: only the posts it shows, and every post counted',
    async (url) => {
      const { html, share } = await shareOf(url);
      const shown = share.posts.map(postPath);
      // The featured post, the grid and the recent ones: what it links to.
      expect(new Set(shown)).toEqual(linkedArticles(html));
      expect(share.index.map((facts) => facts.id)).toEqual(share.posts.map((post) => post.id));
      expect(share.counts.all).toBe(share.locale === 'en' ? PAIRS : PAIRS - ENGLISH_ONLY);
    },
  );

  it('on an article: itself, the ones either side and the related ones, in the blog order', async () => {
    for (const page of [articlePaths[0]!, articlePaths[41]!, articlePaths.at(-1)!]) {
      const { html, share } = await shareOf(page);
      const all = publishedPosts(share.locale)!;
      expect(share.posts.length).toBeLessThanOrEqual(6);
      const positions = share.posts.map((post) => all.findIndex((full) => full.id === post.id));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      // Itself and what it links to in its language (the language switch links to its translation), no more.
      const prefix = postPath({ slug: '', locale: share.locale });
      const links = [...linkedArticles(html), page].filter((link) => link.startsWith(prefix));
      expect(new Set(share.posts.map(postPath))).toEqual(new Set(links));
      // Its share gives the article the same neighbours and related posts as the whole list, which the server rendered with.
      const post = findPost(share.posts, findPost(all, page.split('/').at(-1))!.slug)!;
      const full = findPost(all, post.slug)!;
      const ids = (posts: (BlogPost | undefined)[]) => posts.map((each) => each?.id);
      expect(ids(Object.values(adjacentPosts(share.posts, post)))).toEqual(
        ids(Object.values(adjacentPosts(all, full))),
      );
      expect(ids(relatedPosts(share.posts, post))).toEqual(ids(relatedPosts(all, full)));
    }
  });
});

describe('the pages of the blog of a lab of many articles (decision 090)', () => {
  /** Non-featured posts a language has: every article but the featured one, six to a page. */
  const lastPage = { en: Math.ceil((PAIRS - 1) / 6), es: Math.ceil((PAIRS - ENGLISH_ONLY - 1) / 6) };
  const blogOf = { en: '/blog', es: '/es/blog' } as const;

  /** The article paths of the grid (between its heading and "Load More Posts"), in order. */
  const gridOf = (html: string) =>
    [
      ...html
        .slice(html.indexOf('id="blog-posts"'), html.indexOf('class="blog-load-more"'))
        .matchAll(/<h3[^>]*>\s*<a [^>]*href="([^"]*)"/g),
    ].map((match) => match[1]!);
  const hrefOf = (html: string, rel: string) => new RegExp(`<a [^>]*rel="${rel}"[^>]*href="([^"]*)"`).exec(html)?.[1];
  const headOf = (html: string) => ({
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    alternates: [...html.matchAll(/<link rel="alternate" hrefLang="([^"]*)" href="([^"]*)"/g)].map(
      ([, lang, href]) => `${lang} ${href!.slice(TEST_SITE_URL.length)}`,
    ),
  });

  it.each(['en', 'es'] as const)('%s: ?page=N is a crawlable URL of its own, each up to the last', async (locale) => {
    const blog = blogOf[locale];
    for (const page of [2, lastPage[locale]]) {
      const { status, text } = await request(app).get(`${blog}?page=${page}`);
      expect(status).toBe(200);
      expect(text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}${blog}?page=${page}"/>`);
      expect(text.match(/<link rel="canonical"/g)).toHaveLength(1);
      // "Load More Posts" is a real link to the next page, landing on its first post, until the last.
      const more = /<a [^>]*class="[^"]*blog-load-more__button[^"]*"[^>]*href="([^"]*)"/.exec(text)?.[1];
      if (page < lastPage[locale]) expect(more).toMatch(new RegExp(`^${blog}\\?page=${page + 1}#post-\\d+$`));
      else expect(more).toBeUndefined();
    }
    expect((await request(app).get(`${blog}?page=${lastPage[locale] + 1}`)).status).toBe(404);
  });

  it.each(['en', 'es'] as const)(
    '%s: a page shows only its own posts, with a link to the one before and its number in its head',
    async (locale) => {
      const blog = blogOf[locale];
      const others = publishedPosts(locale)!
        .filter((post) => !post.featured)
        .map(postPath);
      const first = (await request(app).get(blog)).text;
      expect(gridOf(first)).toEqual(others.slice(0, 6));
      expect(hrefOf(first, 'prev')).toBeUndefined();
      const { title, description } = headOf(first);

      for (const page of [2, 3, lastPage[locale]]) {
        const { text } = await request(app).get(`${blog}?page=${page}`);
        expect(gridOf(text)).toEqual(others.slice((page - 1) * 6, page * 6));
        expect(hrefOf(text, 'prev')).toBe(`${blog}${page > 2 ? `?page=${page - 1}` : ''}#blog-posts`);
        const head = headOf(text);
        expect(head.title).not.toBe(title);
        expect(head.title).toContain(String(page));
        expect(head.description).not.toBe(description);
        expect(head.description).toContain(String(page));
      }
      expect(headOf((await request(app).get(`${blog}?page=2`)).text).title).toBe(
        { en: 'Blog, Page 2 | Meridian Lab', es: 'Nuestro blog, página 2 | Meridian Lab' }[locale],
      );
    },
  );

  it('pages within a category: its own posts, its canonical, and 404 past its last', async () => {
    const technology = publishedPosts('en')!
      .filter((post) => !post.featured && post.category === 'technology')
      .map(postPath);
    const last = Math.ceil(technology.length / 6);
    expect(last).toBeGreaterThan(2);
    const { status, text } = await request(app).get('/blog?page=2&category=technology&utm_source=x');
    expect(status).toBe(200);
    expect(gridOf(text)).toEqual(technology.slice(6, 12));
    expect(text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}/blog?category=technology&amp;page=2"/>`);
    expect(hrefOf(text, 'prev')).toBe('/blog?category=technology#blog-posts');
    expect(hrefOf(text, 'next')).toMatch(/^\/blog\?category=technology&amp;page=3#post-\d+$/);
    expect((await request(app).get(`/blog?category=technology&page=${last}`)).status).toBe(200);
    expect((await request(app).get(`/blog?category=technology&page=${last + 1}`)).status).toBe(404);
  });

  it("names a page's alternates in the other language only where that page exists", async () => {
    expect(headOf((await request(app).get('/blog?page=2')).text).alternates).toEqual([
      'en /blog?page=2',
      'es /es/blog?page=2',
      'x-default /blog?page=2',
    ]);
    // Spanish has fewer pages: the English last one has no Spanish twin, and the Spanish blog stops before it.
    expect(lastPage.es).toBeLessThan(lastPage.en);
    expect(headOf((await request(app).get(`/blog?page=${lastPage.en}`)).text).alternates).toEqual([]);
    expect((await request(app).get(`/es/blog?page=${lastPage.en}`)).status).toBe(404);
    expect(headOf((await request(app).get(`/es/blog?page=${lastPage.es}`)).text).alternates).toEqual([
      `en /blog?page=${lastPage.es}`,
      `es /es/blog?page=${lastPage.es}`,
      `x-default /blog?page=${lastPage.es}`,
    ]);
  });

  it('keeps the category in the canonical URL, and an unknown category is the whole blog', async () => {
    const { text } = await request(app).get('/es/blog?category=research&page=1&utm_source=x');
    expect(text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}/es/blog?category=research"/>`);
    const unknown = await request(app).get('/blog?category=nothing&page=2');
    expect(unknown.text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}/blog?page=2"/>`);
  });
});
