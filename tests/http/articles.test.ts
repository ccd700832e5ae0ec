import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../server/pages/catalogues';
import { categoryLabel } from '../../shared/model/blog';
import { TEST_SITE_URL, entryScript, executableInlineScripts, jsonLd, testApp } from '../support/helpers';
import { imageSources } from '../../shared/model/images';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import { legal as enLegal } from '../../shared/content/i18n/en/legal';

const { posts: blogPosts } = enPosts;
const { documents: legalDocuments } = enLegal;

const app = testApp();
afterAll(() => app.db.close());

const meta = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

describe.each(blogPosts.map((post) => [post.slug, post] as const))('GET /blog/%s', (slug, post) => {
  const url = `/blog/${slug}`;

  it('is the article: title, author, date, read time, category link, hero image, body, the way back, more articles and the call to action', async () => {
    const { status, text } = await request(app).get(url);
    expect(status).toBe(200);
    expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(text)?.[1]).toBe(post.title);
    expect(text).toContain(`<span class="blog-meta__author">${post.author}</span>`);
    expect(text).toContain(`<time dateTime="${post.date}">`);
    expect(text).toContain(`<span>${post.readTime}</span>`);
    expect(text).toMatch(new RegExp(`<a[^>]*href="/blog\\?category=${post.category}"[^>]*>${categoryLabel(post.category, catalogues.en.posts.categories)}</a>`));
    expect(text).toMatch(new RegExp(`<img class="article__image" src="${imageSources(post.image).src}" width="1200" height="750" alt="" fetchPriority="high"/>`));
    expect(text).toMatch(/<div class="prose"><p>/);
    expect(text).toMatch(/<a[^>]*href="\/blog"[^>]*>[\s\S]*?Back to the blog<\/a>/);
    expect(text).toContain('aria-label="More articles"');
    expect(text.match(/<article id="post-\d+" class="blog-card"/g)).toHaveLength(3);
    expect(text).toContain('Have a project in mind?');
    expect(executableInlineScripts(text)).toEqual([entryScript()]);
    expect(text).not.toMatch(/<[a-z][^>]*\sstyle="/i);
  });

  it("sets the article's head: title, description, Open Graph article facts, canonical and feeds", async () => {
    const { text } = await request(app).get(url);
    expect(text).toContain(`<title>${post.title} | Meridian Lab</title>`);
    expect(post.excerpt.startsWith(meta(text, 'name', 'description')!.replace(/…$/, ''))).toBe(true);
    expect(meta(text, 'property', 'og:type')).toBe('article');
    expect(meta(text, 'property', 'article:published_time')).toBe(post.date);
    expect(meta(text, 'property', 'article:author')).toBe(post.author);
    expect(meta(text, 'property', 'article:section')).toBe(categoryLabel(post.category, catalogues.en.posts.categories));
    expect(meta(text, 'property', 'og:image')).toBe(`${TEST_SITE_URL}/images/og-image.png`);
    expect(text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}${url}"/>`);
    expect(text).toContain('<link rel="alternate" type="application/rss+xml" title="Meridian Lab blog (RSS)" href="/blog/rss.xml"/>');
    expect(text).toContain('<link rel="alternate" type="application/atom+xml" title="Meridian Lab blog (Atom)" href="/blog/atom.xml"/>');
    expect(text.match(/<meta property="og:type"/g)).toHaveLength(1);
  });

  it('describes itself as a BlogPosting published by the lab, with its breadcrumb trail', async () => {
    const { text } = await request(app).get(url);
    const data = jsonLd(text);
    expect(data.find((item) => item['@type'] === 'BlogPosting')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      inLanguage: 'en',
      headline: post.title,
      description: post.excerpt,
      image: `${TEST_SITE_URL}${post.image}`,
      datePublished: post.date,
      author: { '@type': 'Person', name: post.author },
      publisher: {
        '@type': 'Organization',
        '@id': `${TEST_SITE_URL}/#organization`,
        name: 'Meridian Lab',
        url: `${TEST_SITE_URL}/`,
        logo: { '@type': 'ImageObject', url: `${TEST_SITE_URL}/icons/icon-512.png` },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${TEST_SITE_URL}${url}` },
      url: `${TEST_SITE_URL}${url}`,
    });
    const trail = data.find((item) => item['@type'] === 'BreadcrumbList')?.itemListElement as { name: string; item: string }[];
    expect(trail.map(({ name, item }) => [name, item])).toEqual([
      ['Home', `${TEST_SITE_URL}/`],
      ['Blog', `${TEST_SITE_URL}/blog`],
      [post.title, `${TEST_SITE_URL}${url}`],
    ]);
  });
});

describe('an unknown article', () => {
  it.each(['/blog/no-such-article', '/blog/constructor', '/blog/How-Machine-Learning'])('%s is the not-found page with 404, every time', async (url) => {
    for (let visit = 0; visit < 2; visit++) {
      const { status, text } = await request(app).get(url);
      expect(status).toBe(404);
      expect(text).toContain('<h1 id="page-title">Page not found</h1>');
      expect(meta(text, 'name', 'robots')).toBe('noindex, follow');
      expect(text).not.toContain('rel="canonical"');
    }
  });
});

describe('links to the articles', () => {
  it('lead from the featured post, every card and Recent Posts to the articles', async () => {
    const { text } = await request(app).get('/blog');
    for (const post of blogPosts) expect(text, post.slug).toContain(`href="/blog/${post.slug}"`);
    expect(text.match(/class="blog-card__link"/g)).toHaveLength(blogPosts.length);
  });
});

describe('the legal pages', () => {
  it.each([
    ['/privacy', legalDocuments.privacy],
    ['/terms', legalDocuments.terms],
  ])('%s has its heading, text, date and head', async (url, document) => {
    const { status, text } = await request(app).get(url);
    expect(status).toBe(200);
    expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(text)?.[1]).toBe(document.title);
    expect(text).toContain(`<title>${document.title} | Meridian Lab</title>`);
    expect(meta(text, 'name', 'description')).toBe(document.description);
    expect(text).toContain(`<time dateTime="${document.updated}">`);
    expect(text).toMatch(/<div class="prose"><p>/);
    expect(text).not.toMatch(/<[a-z][^>]*\sstyle="/i);
  });
});

describe.each([
  ['/blog/rss.xml', 'application/rss+xml', 'en'],
  ['/blog/atom.xml', 'application/atom+xml', 'en'],
  ['/es/blog/rss.xml', 'application/rss+xml', 'es'],
  ['/es/blog/atom.xml', 'application/atom+xml', 'es'],
] as const)('GET %s', (url, type, locale) => {
  const { posts, categories } = catalogues[locale].posts;

  it("is well-formed XML listing the language's six posts, newest first, each linking to its article in that language", async () => {
    const response = await request(app).get(url).buffer(true).parse((res, done) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => done(null, body));
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(`${type}; charset=utf-8`);
    const xml = response.body as string;
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(xml);
    const items = (type.includes('rss') ? doc.rss.channel.item : doc.feed.entry) as Record<string, unknown>[];
    expect(items).toHaveLength(6);
    const links = items.map((item) => (type.includes('rss') ? item.link : (item.link as Record<string, string>)['@_href']));
    const itemCategories = items.map((item) => item.category);
    if (type.includes('atom')) expect(itemCategories.every((category) => (category as Record<string, string>)['@_term'])).toBe(true);
    const prefix = locale === 'en' ? '' : `/${locale}`;
    expect(links).toEqual(posts.map((post) => `${TEST_SITE_URL}${prefix}/blog/${post.slug}`));
    const text = (value: unknown) => (typeof value === 'object' ? (value as Record<string, string>)['#text'] : value);
    expect(items.map((item) => text(item.title))).toEqual(posts.map((post) => post.title));
    if (type.includes('rss')) {
      expect(doc.rss.channel.language).toBe(locale);
      expect(items.map((item) => text(item.category))).toEqual(posts.map((post) => categoryLabel(post.category, categories)));
    }
  });
});
