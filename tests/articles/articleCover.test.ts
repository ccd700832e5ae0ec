import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createArticleContent } from '../../server/articles/content';
import { createArticleStore } from '../../server/articles/store';
import { openSqliteDatabase } from '../../server/db';
import { capturedLogger } from '../support/capturedLog';
import { testApp, testConfig } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';

// An article without a cover image: the editor lets a writer publish one, and an older or restored
// article may have none, or name art the build no longer has. Every page that shows it must still render.
const log = capturedLogger();
// The app's published articles, held here too, so a change written straight to the store can be shown at once.
const config = testConfig();
const db = openSqliteDatabase(config.dataDir);
const store = createArticleStore(db);
const content = createArticleContent(store, config.rootDir, log.logger);
const app = testApp({ DATA_DIR: config.dataDir }, { logger: log.logger, articles: content });
let client: StaffClient;

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
});
afterAll(() => {
  app.db.close();
  db.close();
});

const page = (path: string) => request(app).get(path);
const post = (path: string, fields: Record<string, string>) =>
  consolePost(app, path, client, { csrf: client.csrf, ...fields });

const english = {
  locale: 'en',
  title: 'Notes From the Cold Room',
  slug: 'notes-from-the-cold-room',
  excerpt: 'What four degrees does to a week of work.',
  category: 'research',
  author: 'Dr. Sarah Chen',
  date: '2026-11-20',
  featured: '',
  image: '',
  imageAlt: '',
  body: 'The first paragraph.\n\n## What the cold keeps\n\nMore than you think.\n',
};
const spanish = {
  ...english,
  locale: 'es',
  title: 'Notas desde la cámara fría',
  slug: 'notas-desde-la-camara-fria',
  excerpt: 'Lo que cuatro grados hacen a una semana de trabajo.',
  // Featured, so the blog's large card is drawn without a cover too.
  featured: 'on',
  body: 'El primer párrafo.\n\n## Lo que guarda el frío\n\nMás de lo que parece.\n',
};
const idOf = (location: string) => Number(/\/staff\/articles\/(\d+)/.exec(location)![1]);

/** Lines at error level or above (pino's 50). */
const errors = () => log.lines().filter((line) => Number(line.level) >= 50);

/** Where React gave up on a part of the page after the shell had gone out: an empty boundary. */
const FAILED_BOUNDARY = '<!--$!-->';

let englishId = 0;

describe('an article published without a cover image', () => {
  beforeAll(async () => {
    const created = await post('/staff/articles', english);
    expect(created.status).toBe(303);
    englishId = idOf(created.headers.location!);
    expect((await post(`/staff/articles/${englishId}/publish`, {})).status).toBe(303);
    const translated = await post('/staff/articles', { ...spanish, translationOf: String(englishId) });
    expect(translated.status).toBe(303);
    expect((await post(`/staff/articles/${idOf(translated.headers.location!)}/publish`, {})).status).toBe(303);
  });

  it('shows its card in the blog’s grid and Recent Posts, and the blog stays kept', async () => {
    for (const path of ['/blog', '/blog?category=research', '/blog?page=1']) {
      const blog = await page(path);
      expect(blog.status, path).toBe(200);
      expect(blog.text.includes(FAILED_BOUNDARY), path).toBe(false);
      expect(blog.text, path).toContain(english.title);
    }
    const blog = (await page('/blog')).text;
    expect(blog.slice(blog.indexOf('<section id="blog-posts"'), blog.indexOf('<aside'))).toContain(english.title);
    expect(blog.slice(blog.indexOf('<ol class="blog-recent"')).split('</ol>')[0]).toContain(english.title);
    // A page whose render reported an error is never kept: a kept one carries an ETag.
    await expect.poll(async () => (await page('/blog')).headers.etag, { timeout: 10_000 }).toBeDefined();
  });

  it('shows the Spanish blog, its featured card the article without a cover', async () => {
    const blog = await page('/es/blog');
    expect(blog.status).toBe(200);
    expect(blog.text.includes(FAILED_BOUNDARY)).toBe(false);
    const featured = blog.text.slice(blog.text.indexOf('<section class="blog-featured"'));
    expect(featured.split('</section>')[0]).toContain(spanish.title);
  });

  it('shows its own page with its body, in both languages', async () => {
    for (const [path, heading] of [
      [`/blog/${english.slug}`, '<h2>What the cold keeps</h2>'],
      [`/es/blog/${spanish.slug}`, '<h2>Lo que guarda el frío</h2>'],
    ] as const) {
      const article = await page(path);
      expect(article.status, path).toBe(200);
      expect(article.text.includes(FAILED_BOUNDARY), path).toBe(false);
      expect(article.text, path).toContain(heading);
    }
  });

  it('shows another article, whose related posts and pager hold it', async () => {
    const other = await page('/blog/how-machine-learning-is-shortening-the-road-to-new-medicines');
    expect(other.status).toBe(200);
    expect(other.text.includes(FAILED_BOUNDARY)).toBe(false);
    expect(other.text).toContain('Every drug discovery program is, at heart, a filtering problem.');
    const related = other.text.slice(other.text.indexOf('article-related'));
    expect(related).toContain(english.title);
  });

  it('lists it in the feeds', async () => {
    for (const [path, slug] of [
      ['/blog/rss.xml', english.slug],
      ['/blog/atom.xml', english.slug],
      ['/es/blog/rss.xml', spanish.slug],
      ['/es/blog/atom.xml', spanish.slug],
    ] as const) {
      const feed = await page(path);
      expect(feed.status, path).toBe(200);
      expect(feed.text, path).toContain(`/blog/${slug}`);
    }
  });

  it('tells the writer, beside the field, that the cover is optional and what shows without one', async () => {
    const editor = await page(`/staff/articles/${englishId}`).set('Cookie', client.cookie);
    expect(editor.text).toContain('Optional: without one, the blog draws its own cover');
  });

  it('previews it for the staff with its body', async () => {
    const preview = await page(`/staff/articles/${englishId}/preview`).set('Cookie', client.cookie);
    expect(preview.status).toBe(200);
    expect(preview.text.includes(FAILED_BOUNDARY)).toBe(false);
    expect(preview.text).toContain('<h2>What the cold keeps</h2>');
  });

  it('logged no error on any of these pages', () => {
    expect(errors()).toEqual([]);
  });
});

describe('an article whose stored cover the site no longer has', () => {
  it('shows it as one without a cover', async () => {
    // Written straight to the store, as an older version of the site or a restored backup may have left it.
    const article = (await store.get(englishId))!;
    await store.update(
      article.id,
      { ...article, image: '/images/blog/retired-art.svg' },
      { by: 'ana@meridianlab.test' },
    );
    await content.refresh();
    for (const path of ['/blog', `/blog/${english.slug}`, `/staff/articles/${englishId}/preview`]) {
      const shown = await page(path).set('Cookie', client.cookie);
      expect(shown.status, path).toBe(200);
      expect(shown.text.includes(FAILED_BOUNDARY), path).toBe(false);
      expect(shown.text, path).toContain(english.title);
      expect(shown.text, path).not.toContain('retired-art');
    }
    expect(errors()).toEqual([]);
  });
});
