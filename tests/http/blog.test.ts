import { afterAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { testApp } from '../support/helpers';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import { blog as enBlog } from '../../shared/content/i18n/en/blog';

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
const currentLinks = (html: string) => [...html.matchAll(/<a [^>]*aria-current="true"[^>]*href="([^"]*)"/g)].map((m) => m[1]);

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
    const counts = [...side.matchAll(/blog-categories__label">([^<]+)<\/span><span class="blog-categories__count" aria-hidden="true">(\d+)</g)].map(
      ([, label, count]) => [label, Number(count)],
    );
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
    const images = [...slice(text, '<section class="blog-featured"', '<footer').matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    expect(images.length).toBe(1 + 5 + 5);
    for (const tag of images) expect(tag).toMatch(/ width="\d+" height="\d+"/);
    expect(images[0]).not.toContain('loading="lazy"');
    for (const tag of images.slice(1)) expect(tag).toContain('loading="lazy"');
    expect(text).not.toMatch(/<[^>]+ style="/);
  });

  it('shows "Load More Posts" disabled with a note, since all of today\'s posts fit on one page', async () => {
    const { text } = await request(app).get('/blog');
    expect(text).toMatch(/<button type="button" class="[^"]*blog-load-more__button" disabled=""[^>]*>Load More Posts<\/button>/);
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
    for (const attribute of ['type="email"', 'name="email"', 'required=""', 'autoComplete="email"']) expect(input).toContain(attribute);
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
    expect(slice(text, '<section id="newsletter"', '</form>')).toContain(`<input type="hidden" name="category" value="${category}"/>`);
  });

  it('says so when a category has no post besides the featured one', async () => {
    const { text } = await request(app).get('/blog?category=research');
    expect(grid(text)).toContain('No other posts in Research yet');
    expect(grid(text)).toMatch(/href="\/blog"[^>]*>Browse all posts<\/a>/);
  });

  it.each(['unknown', 'RESEARCH', '', 'all%20', '%3Cscript%3E'])('falls back to all posts for ?category=%s', async (value) => {
    const { status, text } = await request(app).get(`/blog?category=${value}`);
    expect(status).toBe(200);
    expect(articleIds(grid(text))).toEqual(expectedGrid.all);
    expect(currentLinks(filterRow(text))).toEqual(['/blog']);
    expect(text).not.toContain('<script>');
  });

  it('keeps Recent Posts the same under every filter: the first five non-featured posts, linked to their articles', async () => {
    const lists = await Promise.all(
      Object.keys(expectedGrid).map(async (category) => recentList((await request(app).get(`/blog?category=${category}`)).text)),
    );
    for (const list of lists) expect(list).toBe(lists[0]);
    const hrefs = [...lists[0]!.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(blogPosts.filter((post) => !post.featured).map((post) => `/blog/${post.slug}`));
  });
});

describe('GET /blog?page=', () => {
  it.each(['2', '3', '999', '0', 'abc', '-1'])('renders ?page=%s as the one page there is, never an error', async (page) => {
    const { status, text } = await request(app).get(`/blog?page=${page}`);
    expect(status).toBe(200);
    expect(articleIds(grid(text))).toEqual(expectedGrid.all);
    expect(text).toContain('No more posts to load');
  });

  it('combines a page with a category', async () => {
    const { status, text } = await request(app).get('/blog?category=technology&page=2');
    expect(status).toBe(200);
    expect(articleIds(grid(text))).toEqual([2, 6]);
    expect(currentLinks(filterRow(text))).toEqual(['/blog?category=technology']);
  });
});

describe('GET /blog?subscribe= (the no-JavaScript sign-up coming back)', () => {
  it.each([
    ['pending', 'status', newsletter.messages.pending],
    ['invalid', 'alert', newsletter.messages.invalid],
    ['limited', 'alert', newsletter.messages.limited],
  ] as const)('renders ?subscribe=%s as a message in role=%s', async (outcome, role, message) => {
    const { text } = await request(app).get(`/blog?subscribe=${outcome}`);
    const box = slice(text, '<section id="newsletter"', '</section>');
    expect(box).toMatch(new RegExp(`<div role="${role}"><p id="newsletter-message"[^>]*>.*${escapeHtml(message).replace(/[.?()]/g, '\\$&')}`));
    expect(box.match(/id="newsletter-message"/g)).toHaveLength(1);
  });

  it('marks the field invalid only for a problem', async () => {
    expect((await request(app).get('/blog?subscribe=invalid')).text).toMatch(/<input id="newsletter-email"[^>]*aria-invalid="true"/);
    expect((await request(app).get('/blog?subscribe=pending')).text).not.toMatch(/<input[^>]*aria-invalid/);
  });

  it('shows no message for an unknown outcome', async () => {
    const { text } = await request(app).get('/blog?subscribe=hacked');
    expect(text).not.toContain('id="newsletter-message"');
  });
});
