import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { catalogues } from '../../server/pages/catalogues';
import { blog as enBlog } from '../../shared/content/i18n/en/blog';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import type { Locale } from '../../shared/lib/locale';
import { localePrefix, locales, localeTags } from '../../shared/lib/locale';
import type { TestApp } from '../support/helpers';
import {
  entryScript,
  executableInlineScripts,
  freshApps,
  hreflangAlternates,
  organizationJsonLd,
  TEST_SITE_URL,
  testApp,
} from '../support/helpers';

const { categories: blogCategories, posts: blogPosts } = enPosts;
const { newsletter } = enBlog;

const app = testApp();
afterAll(() => app.db.close());

/** The part of the page between two markers (the first marker included). */
function slice(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  expect(from, `marker ${start}`).toBeGreaterThan(-1);
  const to = html.indexOf(end, from + start.length);
  return html.slice(from, to === -1 ? undefined : to);
}

const filterRow = (html: string) => slice(html, '<nav class="blog-filter"', '</nav>');
const grid = (html: string) => slice(html, '<section id="blog-posts"', '<aside');
const sidebar = (html: string) => slice(html, '<aside', '</aside>');
const recentList = (html: string) => slice(html, '<ol class="blog-recent"', '</ol>');
const articleIds = (html: string) => [...html.matchAll(/<article id="post-(\d+)"/g)].map((match) => Number(match[1]));
const currentLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*aria-current="true"[^>]*href="([^"]*)"/g)].map((m) => m[1]);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');

const expectedGrid: Record<string, number[]> = {
  all: [2, 3, 4, 5, 6],
  research: [],
  technology: [2, 6],
  industry: [5],
  tutorials: [4],
  sustainability: [3],
};

describe('GET /blog', () => {
  it('renders the hero, the featured post on top and the five other posts in the grid', async () => {
    const { status, text } = await request(app).get('/blog');
    expect(status).toBe(200);
    expect(text.match(/<h1\b/g)).toHaveLength(1);
    expect(text).toMatch(/<h1 id="page-title" class="page-hero__title">Our Blog<\/h1>/);
    expect(text).toMatch(/class="page-hero__intro">[^<]*web development/);
    expect(text.indexOf('id="post-1"')).toBeLessThan(text.indexOf('<section id="blog-posts"'));
    expect(articleIds(grid(text))).toEqual([2, 3, 4, 5, 6]);
    for (const post of blogPosts) expect(text).toContain(escapeHtml(post.title));
  });

  it('makes every category a real link, both in the filter row and in the sidebar', async () => {
    const { text } = await request(app).get('/blog');
    for (const { value, label } of blogCategories) {
      const href = value === 'all' ? '/blog' : `/blog?category=${value}`;
      expect(filterRow(text)).toMatch(new RegExp(`href="${href.replace('?', '\\?')}"[^>]*>${label}</a>`));
      expect(sidebar(text)).toContain(`href="${href}"`);
    }
    expect(currentLinks(filterRow(text))).toEqual(['/blog']);
    expect(currentLinks(sidebar(text))).toEqual(['/blog']);
  });

  it('shows dates readably in <time datetime> and the read time of every post', async () => {
    const { text } = await request(app).get('/blog');
    expect(text).toContain('<time dateTime="2024-03-15">March 15, 2024</time>');
    expect(text).toContain('<time dateTime="2024-02-05">February 5, 2024</time>');
    for (const post of blogPosts) expect(text).toContain(`<span>${post.readTime}</span>`);
  });

  it('counts every category over all six posts, the featured one included', async () => {
    const side = sidebar((await request(app).get('/blog')).text);
    const counts = [
      ...side.matchAll(
        /blog-categories__label">([^<]+)<\/span><span class="blog-categories__count" aria-hidden="true">(\d+)</g,
      ),
    ].map(([, label, count]) => [label, Number(count)]);
    expect(counts).toEqual([
      ['All Posts', 6],
      ['Research', 1],
      ['Technology', 2],
      ['Industry News', 1],
      ['Tutorials', 1],
      ['Sustainability', 1],
    ]);
  });

  it('gives every image its size, and lazy-loads all but the featured one', async () => {
    const { text } = await request(app).get('/blog');
    const images = [...slice(text, '<section class="blog-featured"', '<footer').matchAll(/<img [^>]*>/g)].map(
      ([tag]) => tag,
    );
    expect(images.length).toBe(1 + 5 + 5);
    for (const tag of images) expect(tag).toMatch(/ width="\d+" height="\d+"/);
    expect(images[0]).not.toContain('loading="lazy"');
    for (const tag of images.slice(1)) expect(tag).toContain('loading="lazy"');
    expect(text).not.toMatch(/<[^>]+ style="/);
  });

  it('shows "Load More Posts" disabled with a note, since all of today\'s posts fit on one page', async () => {
    const { text } = await request(app).get('/blog');
    expect(text).toMatch(
      /<button type="button" class="[^"]*blog-load-more__button" disabled=""[^>]*>Load More Posts<\/button>/,
    );
    expect(text).toContain('No more posts to load');
  });

  it('has the Stay Updated form: a real post to /api/subscribe with a labelled e-mail field', async () => {
    const { text } = await request(app).get('/blog');
    const box = slice(text, '<section id="newsletter"', '</section>');
    expect(box).toContain(`>${newsletter.title}</h2>`);
    const form = /<form [^>]*>/.exec(box)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/api/subscribe"');
    expect(box).toContain('<label class="blog-newsletter__label" for="newsletter-email">Email address</label>');
    const input = /<input id="newsletter-email" [^>]*>/.exec(box)?.[0] ?? '';
    for (const attribute of ['type="email"', 'name="email"', 'required=""', 'autoComplete="email"'])
      expect(input).toContain(attribute);
    expect(box).toContain('<input type="hidden" name="category" value="all"/>');
    expect(box).toMatch(/<button [^>]*type="submit">Subscribe<\/button>/);
  });
});

describe('GET /blog?category=', () => {
  it.each(Object.entries(expectedGrid))('renders ?category=%s on the server', async (category, ids) => {
    const { status, text } = await request(app).get(`/blog?category=${category}`);
    expect(status).toBe(200);
    expect(articleIds(grid(text))).toEqual(ids);
    // The featured post stays on top whatever the filter.
    expect(text).toContain('<article id="post-1" class="blog-featured__card"');
    const href = category === 'all' ? '/blog' : `/blog?category=${category}`;
    expect(currentLinks(filterRow(text))).toEqual([href]);
    expect(currentLinks(sidebar(text))).toEqual([href]);
    expect(slice(text, '<section id="newsletter"', '</form>')).toContain(
      `<input type="hidden" name="category" value="${category}"/>`,
    );
  });

  it('says so when a category has no post besides the featured one', async () => {
    const { text } = await request(app).get('/blog?category=research');
    expect(grid(text)).toContain('No other posts in Research yet');
    expect(grid(text)).toMatch(/href="\/blog"[^>]*>Browse all posts<\/a>/);
  });

  it.each(['unknown', 'RESEARCH', '', 'all%20', '%3Cscript%3E'])(
    'falls back to all posts for ?category=%s',
    async (value) => {
      const { status, text } = await request(app).get(`/blog?category=${value}`);
      expect(status).toBe(200);
      expect(articleIds(grid(text))).toEqual(expectedGrid.all);
      expect(currentLinks(filterRow(text))).toEqual(['/blog']);
      expect(text).not.toContain('<script>');
    },
  );

  it('keeps Recent Posts the same under every filter: the first five non-featured posts, linked to their articles', async () => {
    const lists = await Promise.all(
      Object.keys(expectedGrid).map(async (category) =>
        recentList((await request(app).get(`/blog?category=${category}`)).text),
      ),
    );
    for (const list of lists) expect(list).toBe(lists[0]);
    const hrefs = [...lists[0]!.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(blogPosts.filter((post) => !post.featured).map((post) => `/blog/${post.slug}`));
  });
});

describe('GET /blog?page=', () => {
  it('renders ?page=1 as the blog, whose canonical URL is /blog', async () => {
    const { status, text } = await request(app).get('/blog?page=1');
    expect(status).toBe(200);
    expect(articleIds(grid(text))).toEqual(expectedGrid.all);
    expect(text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}/blog"/>`);
  });

  // Decision 090: a page past the last, or one that is not a whole number, names no page of the blog.
  it.each(['2', '999', '0', '01', 'abc', '-1', '1.5', '', '99999'])(
    'answers ?page=%s with the not-found page and its 404, never an error, in each language',
    async (page) => {
      for (const locale of locales) {
        const { status, text } = await request(app).get(`${localePrefix(locale)}/blog?page=${page}`);
        expect(status).toBe(404);
        expect(text).toContain(`<html lang="${localeTags[locale].lang}"`);
        expect(text).toContain(catalogues[locale].notFound.title);
        expect(text).not.toContain('<section id="blog-posts"');
        // The not-found page answers a URL whose own page is the blog: nothing hydrates it as the blog.
        expect(executableInlineScripts(text)).toEqual([]);
      }
    },
  );

  it('answers a page past the last of a category with 404 too', async () => {
    expect((await request(app).get('/blog?category=technology&page=2')).status).toBe(404);
    expect((await request(app).get('/blog?category=technology&page=1')).status).toBe(200);
  });
});

describe('GET /blog?subscribe= (the no-JavaScript sign-up coming back)', () => {
  it.each([
    ['pending', 'status', newsletter.messages.pending],
    ['invalid', 'alert', newsletter.messages.invalid],
    ['limited', 'alert', newsletter.messages.limited],
    ['delayed', 'status', newsletter.messages.delayed],
    ['held', 'status', newsletter.messages.held],
    ['busy', 'alert', newsletter.messages.busy],
  ] as const)('renders ?subscribe=%s as a message in role=%s', async (outcome, role, message) => {
    const { text } = await request(app).get(`/blog?subscribe=${outcome}`);
    const box = slice(text, '<section id="newsletter"', '</section>');
    expect(box).toMatch(
      new RegExp(
        `<div role="${role}"><p id="newsletter-message"[^>]*>.*${escapeHtml(message).replace(/[.?()]/g, '\\$&')}`,
      ),
    );
    expect(box.match(/id="newsletter-message"/g)).toHaveLength(1);
  });

  it('marks the field invalid only for a problem', async () => {
    expect((await request(app).get('/blog?subscribe=invalid')).text).toMatch(
      /<input id="newsletter-email"[^>]*aria-invalid="true"/,
    );
    expect((await request(app).get('/blog?subscribe=pending')).text).not.toMatch(/<input[^>]*aria-invalid/);
  });

  it('shows no message for an unknown outcome', async () => {
    const { text } = await request(app).get('/blog?subscribe=hacked');
    expect(text).not.toContain('id="newsletter-message"');
  });
});

/** The blog's words in both languages, and the other language's that a page must not show. */
const blogIn = {
  title: { en: 'Our Blog', es: 'Nuestro blog' },
  categoriesLabel: { en: 'Blog categories', es: 'Categorías del blog' },
  featured: { en: 'Featured', es: 'Destacado' },
  /** The grid's heading, then the sidebar's two. */
  headings: {
    en: ['Latest Articles', 'Recent Posts', 'Stay Updated'],
    es: ['Últimos artículos', 'Artículos recientes', 'Manténgase al día'],
  },
  placeholder: { en: 'you@company.com', es: 'usted@empresa.com' },
  march8: { en: 'March 8, 2024', es: '8 de marzo de 2024' },
  /** The summary of the five posts in the grid, then the counts of six and of one post. */
  counts: {
    en: ['5 posts', '6 posts', '1 post'],
    es: ['5 artículos', '6 artículos', '1 artículo'],
  },
  technology: { en: 'Technology', es: 'Tecnología' },
  technologyPosts: { en: '2 posts in Technology', es: '2 artículos en Tecnología' },
  /** What Research, whose only post is the featured one, shows instead of a grid. */
  emptyResearch: {
    en: ['No other posts in Research yet', 'is our latest on research;'],
    es: ['Aún no hay más artículos en Investigación', 'lo más reciente que tenemos sobre investigación;'],
  },
  browseAll: { en: 'Browse all posts', es: 'Ver todos los artículos' },
  /** How the pending sign-up says the confirmation link lasts. */
  linkLifetime: { en: 'for 7 days', es: 'válido por 7 días' },
  otherLanguageWords: {
    en: [
      'Nuestro blog',
      'Destacado',
      'Últimos artículos',
      'Artículos recientes',
      'Manténgase al día',
      'Suscribirme',
      'min de lectura',
      ' artículos',
    ],
    es: [
      'Our Blog',
      'Featured',
      'Latest Articles',
      'Recent Posts',
      'Stay Updated',
      'Subscribe',
      'min read',
      ' posts',
      'All Posts',
      'Load More',
    ],
  },
} satisfies Record<string, Record<Locale, unknown>>;

describe.each(locales)('the blog in %s', (locale) => {
  const catalogue = catalogues[locale];
  const other = locales.find((candidate) => candidate !== locale)!;
  const blog = `${localePrefix(locale)}/blog`;
  const otherBlog = `${localePrefix(other)}/blog`;
  const signUpQuery = locale === 'en' ? '' : `?locale=${locale}`;
  const freshApp = freshApps();
  const app = freshApp();
  const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  const meta = (html: string, key: string) => new RegExp(`<meta property="${key}" content="([^"]*)"`).exec(html)?.[1];

  it('is the blog in its language: lang, head, hero, featured post, cards, categories, recent posts and the sign-up', async () => {
    const { status, text } = await request(app).get(blog);
    expect(status).toBe(200);
    expect(text.startsWith(`<!DOCTYPE html><html lang="${locale}">`)).toBe(true);
    expect(text).toContain(`<title>${catalogue.blog.head.title}</title>`);
    expect(text).toContain(`<h1 id="page-title" class="page-hero__title">${blogIn.title[locale]}</h1>`);
    const body = main(text);
    expect(body).toContain(`aria-label="${blogIn.categoriesLabel[locale]}"`);
    expect(body).toContain(`${blogIn.featured[locale]}</span>`);
    for (const heading of blogIn.headings[locale]) expect(body).toContain(`>${heading}</h2>`);
    const [allPosts, sixPosts, onePost] = blogIn.counts[locale];
    expect(body).toContain(`<p class="blog-posts__summary" aria-live="polite">${allPosts}</p>`);
    expect(body).toContain(`<span class="visually-hidden"> (${sixPosts})</span>`);
    expect(body).toContain(`<span class="visually-hidden"> (${onePost})</span>`);
    expect(body).toContain(`<form class="blog-newsletter__form" action="/api/subscribe${signUpQuery}" method="post">`);
    expect(body).toContain(`placeholder="${blogIn.placeholder[locale]}"`);
    expect(body).toContain(`<time dateTime="2024-03-08">${blogIn.march8[locale]}</time>`);
    // Every post of the language, in its title and linking to its article in the same language; no words of the other language.
    for (const post of catalogue.posts.posts) {
      expect(body).toContain(`href="${blog}/${post.slug}"`);
      expect(body).toContain(escapeHtml(post.title));
    }
    const articleLinks = [...body.matchAll(/href="([^"]*\/blog\/[^"]+)"/g)].map((match) => match[1]!);
    expect(articleLinks.filter((href) => !href.startsWith(`${blog}/`))).toEqual([]);
    for (const word of blogIn.otherLanguageWords[locale]) expect(body).not.toContain(word);
    expect(executableInlineScripts(text)).toEqual([entryScript()]);
  });

  it('filters by the same query in both languages, with links and a summary in its language', async () => {
    const { status, text } = await request(app).get(`${blog}?category=technology`);
    expect(status).toBe(200);
    const body = main(text);
    expect(body).toMatch(
      new RegExp(
        `<a class="blog-filter__pill" aria-current="true" href="${blog}\\?category=technology"[^>]*>${blogIn.technology[locale]}</a>`,
      ),
    );
    expect(body).toContain(`<p class="blog-posts__summary" aria-live="polite">${blogIn.technologyPosts[locale]}</p>`);
    expect(body).toContain('<input type="hidden" name="category" value="technology"/>');
    const empty = main((await request(app).get(`${blog}?category=research`)).text);
    for (const sentence of blogIn.emptyResearch[locale]) expect(empty).toContain(sentence);
    expect(empty).toMatch(
      new RegExp(`<a class="button button--secondary" href="${blog}"[^>]*>${blogIn.browseAll[locale]}</a>`),
    );
    // An unknown category is all of them, in both languages.
    expect(main((await request(app).get(`${blog}?category=nada`)).text)).toContain(
      `aria-live="polite">${blogIn.counts[locale][0]}</p>`,
    );
  });

  it("names both blogs in hreflang with x-default, and the other language's blog points back", async () => {
    const { text } = await request(app).get(blog);
    const expected = {
      en: `${TEST_SITE_URL}/blog`,
      es: `${TEST_SITE_URL}/es/blog`,
      'x-default': `${TEST_SITE_URL}/blog`,
    };
    expect(hreflangAlternates(text)).toEqual(expected);
    expect(text).toContain(`<link rel="canonical" href="${TEST_SITE_URL}${blog}"/>`);
    expect(meta(text, 'og:locale')).toBe(localeTags[locale].ogLocale);
    expect(meta(text, 'og:locale:alternate')).toBe(localeTags[other].ogLocale);
    const switchTo = (href: string, to: Locale) =>
      new RegExp(
        `<a href="${href}" hrefLang="${to}" lang="${to}" class="language-switch__link">${localeTags[to].name}</a>`,
        'g',
      );
    expect(text.match(switchTo(otherBlog, other))).toHaveLength(2);
    const twin = await request(app).get(otherBlog);
    expect(hreflangAlternates(twin.text)).toEqual(expected);
    expect(twin.text).toMatch(switchTo(blog, locale));
  });

  it('carries the organization JSON-LD in its language', async () => {
    const { text } = await request(app).get(blog);
    expect(organizationJsonLd(text)?.description).toBe(catalogue.site.tagline);
  });

  it('is in the sitemap with its alternates both ways', async () => {
    const { text } = await request(app).get('/sitemap.xml');
    const links = `<xhtml:link rel="alternate" hreflang="en" href="${TEST_SITE_URL}/blog"/><xhtml:link rel="alternate" hreflang="es" href="${TEST_SITE_URL}/es/blog"/><xhtml:link rel="alternate" hreflang="x-default" href="${TEST_SITE_URL}/blog"/>`;
    expect(text).toMatch(
      new RegExp(
        `<url><loc>${TEST_SITE_URL}${blog}</loc>(<lastmod>[^<]+</lastmod>)?${links.replace(/[?]/g, '\\?')}</url>`,
      ),
    );
  });

  const postForm = (target: TestApp, query: string, fields: Record<string, string>) =>
    request(target)
      .post(`/api/subscribe${query}`)
      .type('form')
      .set('Accept', 'text/html')
      .send(new URLSearchParams(fields).toString());

  it('returns a plain form post to the blog in its language, in its category, with the outcome shown in it', async () => {
    const own = freshApp();
    const sent = await postForm(own, signUpQuery, { email: 'lectora@example.com', category: 'tutorials' });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(`${blog}?category=tutorials&subscribe=pending#newsletter`);
    const invalid = await postForm(own, signUpQuery, { email: 'no es un correo', category: 'all' });
    expect(invalid.headers.location).toBe(`${blog}?subscribe=invalid#newsletter`);
    const shown = main((await request(own).get(`${blog}?subscribe=invalid`)).text);
    expect(shown).toContain(escapeHtml(catalogue.blog.newsletter.messages.invalid));
    expect(main((await request(own).get(`${blog}?category=tutorials&subscribe=pending`)).text)).toContain(
      blogIn.linkLifetime[locale],
    );
    // The other language's form still comes back to its own blog.
    const otherQuery = other === 'en' ? '' : `?locale=${other}`;
    expect((await postForm(own, otherQuery, { email: 'reader@example.com', category: 'all' })).headers.location).toBe(
      `${otherBlog}?subscribe=pending#newsletter`,
    );
  });

  it('refuses too many sign-ups in its language, back to its blog', async () => {
    const own = freshApp();
    // Five a minute are taken (from the fourth in an hour, told their e-mail is late: decision 060); the sixth
    // is refused before its body is read.
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await postForm(own, signUpQuery, { email: 'a@example.com' })).headers.location).toMatch(
        /\?subscribe=(pending|delayed)#/,
      );
    const last = await postForm(own, signUpQuery, { email: 'a@example.com' });
    expect(last.headers.location).toBe(`${blog}?subscribe=limited#newsletter`);
    const json = await request(own)
      .post(`/api/subscribe${signUpQuery}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@example.com' }));
    expect(json.status).toBe(429);
    expect(json.body.error).toBe(catalogue.blog.newsletter.messages.limited);
  });
});
