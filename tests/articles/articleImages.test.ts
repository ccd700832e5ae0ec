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

/** A one-colour PNG: small as a file whatever its size in pixels. */
const plain = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();

const form = {
  locale: 'en',
  title: 'A Photo on Top',
  slug: 'a-photo-on-top',
  excerpt: 'An article whose cover is a photo uploaded in the console.',
  category: 'research',
  author: 'Dr. Sarah Chen',
  date: '2026-11-24',
  featured: '',
  image: '/images/blog/drug-discovery.svg',
  imageAlt: 'A molecule',
  body: 'Words.\n',
};

/** The article's form as the editor posts it with a chosen cover: every field, and the file (multipart). */
const saveWithCover = (
  file: Buffer,
  name: string,
  fields: Record<string, string> = {},
  path = `/staff/articles/${id}`,
) => {
  const post = request(app).post(path).set('Origin', TEST_SITE_URL).set('Cookie', client.cookie);
  for (const [field, value] of Object.entries({ ...form, csrf: client.csrf, ...fields })) post.field(field, value);
  return post.attach('coverFile', file, name);
};

const imageRows = async () =>
  (await app.db.all<{ hash: string; status: string }>('SELECT hash, status FROM article_images')).length;

/** Waits until the upload is made (or failed): its state, as the editor's script asks it. */
async function madeState(hash: string): Promise<{ status: string; reason?: string; thumbnail?: string }> {
  for (let tries = 0; tries < 600; tries += 1) {
    const state = await request(app).get(`/staff/articles/images/${hash}/state`).set('Cookie', client.cookie);
    if (state.body.status !== 'processing') return state.body as { status: string };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The image ${hash} was never made`);
}

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  const created = await consolePost(app, '/staff/articles', client, { csrf: client.csrf, ...form });
  id = Number(/(\d+)/.exec(created.headers.location!)![1]);
});
afterAll(async () => {
  // Whatever an upload left being made finishes first: the database closes after it.
  for (let tries = 0; tries < 600; tries += 1) {
    const waiting = await app.db.get("SELECT hash FROM article_images WHERE status = 'processing'");
    if (!waiting) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  app.db.close();
});

describe('a cover photo chosen in the article’s form', () => {
  it('is taken with every field as a save, processing at first, then made in the build’s widths and shown with srcset', async () => {
    const response = await saveWithCover(await photo(800, 500), 'pipettes.png', {
      excerpt: 'An excerpt typed and not saved before the photo was chosen.',
      imageAlt: 'Racks of pipettes',
    });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/staff/articles/${id}?saved=saved`);
    const article = (await store.get(id))!;
    expect(article.image).toMatch(/^\/media\/articles\/[0-9a-f]{16}-800x500$/);
    expect(article.imageAlt).toBe('Racks of pipettes');
    expect(article.excerpt).toBe('An excerpt typed and not saved before the photo was chosen.');
    const hash = /articles\/([0-9a-f]{16})/.exec(article.image)![1]!;

    expect(await madeState(hash)).toEqual({ status: 'ready', thumbnail: `/media/articles/${hash}-400.webp` });
    const editor = await request(app).get(`/staff/articles/${id}`).set('Cookie', client.cookie);
    expect(editor.text).toContain(`<img src="/media/articles/${hash}-400.webp" alt="The cover as uploaded"`);
    // The editor alone runs a script, the site's own file.
    expect(editor.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(editor.text).toMatch(/<script type="module" src="\/static\/js\/editor-[\w-]+\.js">/);

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
    await consolePost(app, `/staff/articles/${id}/unpublish`, client, { csrf: client.csrf });
  });

  it('takes a 50-megapixel photo at once, processing, and refuses to publish it until it is made', async () => {
    const response = await saveWithCover(await plain(8000, 6250), 'phone.png', { imageAlt: 'A field of green' });
    expect(response.status).toBe(303);
    const article = (await store.get(id))!;
    expect(article.image).toMatch(/-2400x1875$/);
    const hash = /articles\/([0-9a-f]{16})/.exec(article.image)![1]!;
    const published = await consolePost(app, `/staff/articles/${id}/publish`, client, { csrf: client.csrf });
    // Either still being made (refused, saying so) or already made (published): never a cover that 404s.
    if (published.status === 400) expect(published.text).toContain('the image is still being made');
    else expect(published.status).toBe(303);
    expect((await madeState(hash)).status).toBe('ready');
    await consolePost(app, `/staff/articles/${id}/unpublish`, client, { csrf: client.csrf });
  });

  it('is made upright from the EXIF orientation of a phone photo', async () => {
    const sideways = await sharp(await plain(300, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await saveWithCover(sideways, 'phone.jpg', { imageAlt: 'Upright' })).status).toBe(303);
    const image = (await store.get(id))!.image;
    expect(image).toMatch(/-200x300$/);
    expect((await madeState(/articles\/([0-9a-f]{16})/.exec(image)![1]!)).status).toBe('ready');
  });

  it.each([
    ['a text file named like a photo', Buffer.from('Not an image at all, just words.\n'), 'photo.png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'art.svg'],
    [
      'a GIF',
      async () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      'a.gif',
    ],
  ] as const)('refuses %s in the editor, every field kept as typed', async (_name, file, name) => {
    const before = await store.get(id);
    const bytes = typeof file === 'function' ? await file() : file;
    const response = await saveWithCover(bytes, name, { excerpt: 'Typed, not saved.' });
    expect(response.status).toBe(400);
    expect(response.type).toBe('text/html');
    expect(response.text).toContain('That file is not a JPEG, PNG or WebP image');
    expect(response.text).toContain('Typed, not saved.</textarea>');
    expect(await store.get(id)).toEqual(before);
  });

  it('says so beside the cover when a file that starts like a PNG cannot be decoded', async () => {
    const cut = (await photo(64, 64)).subarray(0, 120);
    expect((await saveWithCover(cut, 'cut.png')).status).toBe(303);
    const hash = /articles\/([0-9a-f]{16})/.exec((await store.get(id))!.image)![1]!;
    expect(await madeState(hash)).toEqual({ status: 'failed', reason: expect.stringContaining('not a JPEG, PNG') });
    const refused = await consolePost(app, `/staff/articles/${id}/publish`, client, { csrf: client.csrf });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('That file is not a JPEG, PNG or WebP image');
  });

  it('refuses a file over 20 MB in the editor with every field kept, a far larger one on a page (never JSON), and a forged form', async () => {
    const rows = await imageRows();
    const big = await saveWithCover(Buffer.alloc(20 * 1024 * 1024 + 100 * 1024, 1), 'big.png', { title: 'Kept title' });
    expect(big.status).toBe(400);
    expect(big.text).toContain('The image is larger than 20 MB');
    expect(big.text).toMatch(/id="article-title"[^>]*value="Kept title"/);
    const huge = await saveWithCover(Buffer.alloc(40 * 1024 * 1024, 1), 'huge.png').set('Accept', 'text/html');
    expect(huge.status).toBe(413);
    expect(huge.type).toBe('text/html');
    const forged = await saveWithCover(await photo(32, 32), 'small.png', { csrf: 'not-the-token' });
    expect(forged.status).toBe(403);
    const outsider = await request(app)
      .post(`/staff/articles/${id}`)
      .set('Origin', TEST_SITE_URL)
      .attach('coverFile', await photo(32, 32), 'small.png');
    expect(outsider.status).toBe(303);
    expect(outsider.headers.location).toBe('/staff/sign-in');
    expect(await imageRows()).toBe(rows);
  });

  it.each([
    ['a 10 × 20,000 strip', 10, 20_000, 'The image is 10 × 20000 pixels: neither side may be over 16,383 pixels.'],
    ['a 20,000 × 10 strip', 20_000, 10, 'The image is 20000 × 10 pixels: neither side may be over 16,383 pixels.'],
    ['a 100 × 1,000 image', 100, 1_000, 'a cover is at most 8 times as tall as it is wide, or as wide as it is tall'],
    ['a 2,000 × 200 image', 2_000, 200, 'a cover is at most 8 times as tall as it is wide, or as wide as it is tall'],
    [
      'a 10,000 × 10,000 decompression bomb',
      10_000,
      10_000,
      'The image is 10000 × 10000 pixels, more than the 50 megapixels taken',
    ],
  ])('refuses %s from its size, before decoding it, keeping the alt text typed', async (_name, width, height, says) => {
    const before = await store.get(id);
    const response = await saveWithCover(await plain(width, height), 'odd.png', { imageAlt: 'A strip of film' });
    expect(response.status).toBe(400);
    expect(response.text).toContain(says);
    expect(response.text).toMatch(/id="article-imageAlt"[^>]*value="A strip of film"/);
    expect(await store.get(id)).toEqual(before);
  });

  it('takes an image exactly 8 times as tall as it is wide', async () => {
    const response = await saveWithCover(await plain(40, 320), 'tall.png', { imageAlt: 'A tall strip' });
    expect(response.status).toBe(303);
    expect((await store.get(id))!.image).toMatch(/-40x320$/);
  });

  it('keeps a new article’s fields and its cover when the form is refused, and creates it once fixed', async () => {
    const refused = await saveWithCover(await plain(300, 200), 'new.png', { slug: 'Not A Slug' }, '/staff/articles');
    expect(refused.status).toBe(400);
    const path = /id="article-image"[^>]*value="(\/media\/articles\/[0-9a-f]{16}-300x200)"/.exec(refused.text)?.[1];
    expect(path).toBeDefined();
    const created = await consolePost(app, '/staff/articles', client, {
      csrf: client.csrf,
      ...form,
      slug: 'a-new-photo',
      image: path!,
    });
    expect(created.status).toBe(303);
  });

  it('refuses a cover path that names no image, naming the field', async () => {
    const response = await consolePost(app, `/staff/articles/${id}`, client, {
      csrf: client.csrf,
      ...form,
      image: '/images/blog/no-such-art.svg',
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain('Cover image: there is no image at /images/blog/no-such-art.svg');
  });
});

describe('the image library', () => {
  it('keeps an alt text per language and gives each language’s Markdown, which a body places on the page', async () => {
    const library = await request(app).get('/staff/articles/images').set('Cookie', client.cookie);
    expect(library.status).toBe(200);
    const { hash, width, height } = (await app.db.get<{ hash: string; width: number; height: number }>(
      "SELECT hash, width, height FROM article_images WHERE status = 'ready' ORDER BY created_at LIMIT 1",
    ))!;
    const path = `/media/articles/${hash}-${width}x${height}`;
    expect(library.text).toContain(`id="image-${hash}"`);
    expect(library.text).toContain('No Spanish alt text yet.');
    const saved = await consolePost(app, `/staff/articles/images/${hash}`, client, {
      csrf: client.csrf,
      'alt-en': 'A green field',
      'alt-es': 'Un campo verde, señal de año',
    });
    expect(saved.status).toBe(303);
    const after = (await request(app).get('/staff/articles/images').set('Cookie', client.cookie)).text;
    expect(after).toContain(`![A green field](${path})`);
    expect(after).toContain(`![Un campo verde, señal de año](${path})`);
    const editor = (await request(app).get(`/staff/articles/${id}`).set('Cookie', client.cookie)).text;
    expect(editor).toContain(`![A green field](${path})`);
    expect(editor).not.toContain('![Un campo verde');

    const placed = await consolePost(app, `/staff/articles/${id}`, client, {
      csrf: client.csrf,
      ...form,
      slug: 'a-body-with-a-photo',
      body: `Words.\n\n![A green field](${path})\n`,
    });
    expect(placed.status).toBe(303);
    expect((await request(app).get(path)).status).toBe(404);
    expect((await consolePost(app, `/staff/articles/${id}/publish`, client, { csrf: client.csrf })).status).toBe(303);
    const page = (await request(app).get('/blog/a-body-with-a-photo')).text;
    expect(page).toMatch(new RegExp(`<img src="${path}" alt="A green field"`));
    const file = await request(app).get(path).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
  });
});
