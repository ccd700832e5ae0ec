import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createArticleStore } from '../../server/articles/store';
import { TEST_SITE_URL, testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';

const app = testApp();
const store = createArticleStore(app.db);
let client: StaffClient;
let id = 0;

/** A photo-like PNG: noise, so its encodings are not trivially small. */
const photo = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251)), {
    raw: { width, height, channels: 3 },
  })
    .png()
    .toBuffer();

const upload = (file: Buffer, name: string, fields: Record<string, string> = {}) => {
  const post = request(app)
    .post(`/staff/articles/${id}/image`)
    .set('Origin', TEST_SITE_URL)
    .set('Cookie', client.cookie)
    .field('csrf', fields.csrf ?? client.csrf)
    .field('imageAlt', fields.imageAlt ?? 'Racks of pipettes');
  return post.attach('image', file, name);
};

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  const created = await consolePost(app, '/staff/articles', client, {
    csrf: client.csrf,
    locale: 'en',
    title: 'A Photo on Top',
    slug: 'a-photo-on-top',
    excerpt: 'An article whose cover is a photo uploaded in the console.',
    category: 'research',
    author: 'Dr. Sarah Chen',
    date: '2026-11-24',
    image: '/images/blog/drug-discovery.svg',
    imageAlt: 'A molecule',
    body: 'Words.\n',
  });
  id = Number(/(\d+)/.exec(created.headers.location!)![1]);
});
afterAll(() => app.db.close());

describe('a cover image uploaded in the console', () => {
  it('is decoded, made in the build’s AVIF and WebP widths, kept, and shown with srcset on the article', async () => {
    const response = await upload(await photo(800, 500), 'pipettes.png');
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/staff/articles/${id}?saved=image`);
    const article = (await store.get(id))!;
    expect(article.image).toMatch(/^\/media\/articles\/[0-9a-f]{16}-800x500$/);
    expect(article.imageAlt).toBe('Racks of pipettes');
    expect((await store.revisions(id))[0]!.note).toBe('cover image uploaded');
    const hash = /articles\/([0-9a-f]{16})/.exec(article.image)![1];

    // A draft's cover is the staff's until the article is published: its name is its file's hash, which
    // anyone holding the same file could compute.
    const variant = `/media/articles/${hash}-800.webp`;
    expect((await request(app).get(variant)).status).toBe(404);
    const staffCopy = await request(app).get(variant).set('Cookie', client.cookie);
    expect(staffCopy.status).toBe(200);
    expect(staffCopy.headers['cache-control']).toBe('private, no-store');

    await consolePost(app, `/staff/articles/${id}/publish`, client, { csrf: client.csrf });
    const page = (await request(app).get('/blog/a-photo-on-top')).text;
    expect(page).toContain(
      `<source type="image/avif" srcSet="/media/articles/${hash}-400.avif 400w, /media/articles/${hash}-600.avif 600w, /media/articles/${hash}-800.avif 800w"`,
    );
    expect(page).toMatch(
      new RegExp(`<img class="article__image" src="/media/articles/${hash}-800.webp"[^>]*width="800" height="500"`),
    );
    for (const format of ['avif', 'webp'])
      for (const width of [400, 600, 800]) {
        const file = await request(app).get(`/media/articles/${hash}-${width}.${format}`).buffer(true);
        expect(file.status).toBe(200);
        expect(file.headers['content-type']).toBe(`image/${format}`);
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const decoded = await sharp(file.body as Buffer).metadata();
        expect([decoded.format === 'heif' ? 'avif' : decoded.format, decoded.width]).toEqual([format, width]);
      }
    expect((await request(app).get(`/media/articles/${hash}-123.webp`)).status).toBe(404);
  });

  it.each([
    ['a text file named like a photo', Buffer.from('Not an image at all, just words.\n'), 'photo.png'],
    ['a PNG cut short', async () => (await photo(64, 64)).subarray(0, 120), 'cut.png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'art.svg'],
    [
      'a GIF',
      async () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      'a.gif',
    ],
  ] as const)('refuses %s with a clear message, keeping the cover it had', async (_name, file, name) => {
    const before = (await store.get(id))!.image;
    const bytes = typeof file === 'function' ? await file() : file;
    const response = await upload(bytes, name);
    expect(response.status).toBe(400);
    expect(response.text).toContain('That file is not a JPEG, PNG or WebP image');
    expect((await store.get(id))!.image).toBe(before);
  });

  it('refuses a file over 5 MB, and an upload without the session’s CSRF token', async () => {
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 100 * 1024, 1), 'big.png');
    expect(big.status).toBe(413);
    const forged = await upload(await photo(32, 32), 'small.png', { csrf: 'not-the-token' });
    expect(forged.status).toBe(403);
    const outsider = await request(app)
      .post(`/staff/articles/${id}/image`)
      .set('Origin', TEST_SITE_URL)
      .attach('image', await photo(32, 32), 'small.png');
    expect(outsider.status).toBe(303);
    expect(outsider.headers.location).toBe('/staff/sign-in');
    expect(
      (await app.db.connection.prepare('SELECT count(*) AS n FROM article_images').get()) as { n: number },
    ).toEqual({ n: 1 });
  });

  /** A one-colour PNG: small as a file whatever its size in pixels. */
  const plain = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();

  it.each([
    ['a 10 × 20,000 strip', 10, 20_000, 'The image is 10 × 20000 pixels: neither side may be over 16,383 pixels.'],
    ['a 20,000 × 10 strip', 20_000, 10, 'The image is 20000 × 10 pixels: neither side may be over 16,383 pixels.'],
    ['a 100 × 1,000 image', 100, 1_000, 'a cover is at most 8 times as tall as it is wide, or as wide as it is tall'],
    ['a 2,000 × 200 image', 2_000, 200, 'a cover is at most 8 times as tall as it is wide, or as wide as it is tall'],
    [
      'a 6,400 × 6,400 image',
      6_400,
      6_400,
      'The image is 6400 × 6400 pixels, more than the 25 megapixels a cover needs',
    ],
  ])('refuses %s from its size, before decoding it, keeping the alt text typed', async (_name, width, height, says) => {
    const before = await store.get(id);
    const response = await upload(await plain(width, height), 'odd.png', { imageAlt: 'A strip of film' });
    expect(response.status).toBe(400);
    expect(response.text).toContain(says);
    expect(response.text).toMatch(/id="upload-alt"[^>]*value="A strip of film"/);
    expect(await store.get(id)).toEqual(before);
  });

  it('takes an image exactly 8 times as tall as it is wide', async () => {
    const response = await upload(await plain(40, 320), 'tall.png', { imageAlt: 'A tall strip' });
    expect(response.status).toBe(303);
    expect((await store.get(id))!.image).toMatch(/-40x320$/);
  });

  it('refuses a cover path that names no image, naming the field', async () => {
    const response = await consolePost(app, `/staff/articles/${id}`, client, {
      csrf: client.csrf,
      ...Object.fromEntries(Object.entries((await store.get(id))!).map(([key, value]) => [key, String(value)])),
      featured: '',
      image: '/images/blog/no-such-art.svg',
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain('Cover image: there is no image at /images/blog/no-such-art.svg');
  });
});
