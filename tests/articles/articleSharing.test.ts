import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TEST_SITE_URL, testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, articleForm, consolePost, sessionFor } from '../support/staffHelpers';

// Every article shares well (decision 075): its own card per language, its cover's alt text everywhere it is named.
const app = testApp();
let client: StaffClient;
const post = (path: string, fields: Record<string, string>) =>
  consolePost(app, path, client, { csrf: client.csrf, ...fields });
const spanish = {
  ...articleForm,
  locale: 'es',
  title: 'Robots de pipeteo: señales del año',
  slug: 'robots-de-pipeteo-senales-del-ano',
  imageAlt: 'Un robot de pipeteo en la mesa del laboratorio',
};
let englishId = 0;

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  englishId = Number(/(\d+)/.exec((await post('/staff/articles', articleForm)).headers.location!)![1]);
  await post(`/staff/articles/${englishId}/publish`, {});
  const es = await post('/staff/articles', { ...spanish, translationOf: String(englishId) });
  await post(`/staff/articles/${/(\d+)/.exec(es.headers.location!)![1]}/publish`, {});
});
afterAll(() => app.db.close());

const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

describe('a published article with a cover', () => {
  it.each([
    ['English', `/blog/${articleForm.slug}`, articleForm.imageAlt],
    ['Spanish', `/es/blog/${spanish.slug}`, spanish.imageAlt],
  ])(
    'is shared in %s with its own 1200 × 630 card, under 150 KB, its cover’s alt text named everywhere',
    async (_language, path, alt) => {
      const page = (await request(app).get(path)).text;
      const card = meta(page, 'og:image')!;
      expect(card).toMatch(new RegExp(`^${TEST_SITE_URL}/media/og/[0-9a-f]{16}\\.jpg$`));
      expect(meta(page, 'og:image:alt')).toBe(alt);
      expect(page).toMatch(new RegExp(`<img class="article__image"[^>]*alt="${alt}"`));
      const posting = JSON.parse(
        /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"BlogPosting".*?)<\/script>/.exec(
          page,
        )![1]!,
      );
      expect(posting.image).toEqual({ '@type': 'ImageObject', url: card, width: 1200, height: 630, caption: alt });
      const file = await request(app).get(card.slice(TEST_SITE_URL.length)).buffer(true);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect((file.body as Buffer).length).toBeLessThan(150 * 1024);
      const { width, height, format } = await sharp(file.body as Buffer).metadata();
      expect([format, width, height]).toEqual(['jpeg', 1200, 630]);
    },
  );

  it('has a card per language, and pages without an article keep the site’s', async () => {
    const english = meta((await request(app).get(`/blog/${articleForm.slug}`)).text, 'og:image');
    const es = meta((await request(app).get(`/es/blog/${spanish.slug}`)).text, 'og:image');
    expect(english).not.toBe(es);
    expect(meta((await request(app).get('/blog')).text, 'og:image')).toBe(`${TEST_SITE_URL}/images/og-image.png`);
    expect((await request(app).get('/media/og/0123456789abcdef.jpg')).status).toBe(404);
  });

  it('asks a translation for its own alt text, and shows its own address', async () => {
    const form = (await request(app).get(`/staff/articles/new?translate=${englishId}`).set('Cookie', client.cookie))
      .text;
    expect(form).toMatch(/id="article-imageAlt"[^>]*value=""/);
    expect(form).toContain('The address: /es/blog/&lt;slug&gt;.');
  });

  it('shows the card in the editor', async () => {
    const editor = (await request(app).get(`/staff/articles/${englishId}`).set('Cookie', client.cookie)).text;
    expect(editor).toContain(`src="/staff/articles/${englishId}/card"`);
    const card = await request(app).get(`/staff/articles/${englishId}/card`).set('Cookie', client.cookie).buffer(true);
    const { width, height } = await sharp(card.body as Buffer).metadata();
    expect([card.status, width, height]).toEqual([200, 1200, 630]);
  });
});
