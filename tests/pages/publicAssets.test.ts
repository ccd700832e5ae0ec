import fs from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { files } from '../../shared/generated/files';
import { artwork, rasters } from '../../shared/generated/images';
import { hashedFileUrl, VARIANT_FORMATS, variantUrl } from '../../shared/lib/assetNames';
import { ANALYTICS_PIXEL } from '../../shared/lib/attribution';
import { notFoundPage, seedSitePages } from '../../shared/routes';
import { testApp } from '../support/helpers';

const app = testApp();
afterAll(() => app.db.close());

const IMMUTABLE = 'public, max-age=31536000, immutable';
const TYPES: Record<string, string> = {
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
};

/** The body as sent: precompressed when `encoding` is accepted and the build wrote that copy. */
const binary = (url: string, encoding = 'identity') =>
  request(app)
    .get(url)
    .set('Accept-Encoding', encoding)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });

/** Every file URL a page asks for in its markup: images, their candidates, video sources, icons and preloads. */
function assetUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<(img|source|link)\b[^>]*>/gi)) {
    if (/^<link\b/i.test(tag) && !/rel="(icon|apple-touch-icon|preload)"/.test(tag)) continue;
    for (const [, , value = ''] of tag.matchAll(/\s(src|href|srcset|imagesrcset)="([^"]*)"/gi)) {
      for (const candidate of value.split(',')) urls.add(candidate.trim().split(/\s+/)[0]!);
    }
  }
  // The no-script page-view pixel is a beacon, never cached, not a file (decision 048).
  return [...urls].filter((url) => url.startsWith('/') && !url.startsWith(ANALYTICS_PIXEL));
}

describe.each([...seedSitePages, notFoundPage])('the files $path shows', (page) => {
  it('resolve with 200, their own type and a year of immutable caching, but for the few stable URLs', async () => {
    const html = (await request(app).get(page.path === '*' ? '/no-such-page' : page.path)).text;
    const urls = assetUrls(html);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      const response = await binary(url, 'br, gzip');
      expect(response.status, url).toBe(200);
      if (url === '/favicon.ico') {
        // Browsers ask for /favicon.ico by that name whatever a page links: it stays, cached briefly.
        expect(response.headers['cache-control'], url).toBe('public, max-age=3600');
        continue;
      }
      expect(url, 'a hashed name under /static').toMatch(/^\/static\/.+-[0-9a-f]{10}\.\w+$/);
      expect(response.headers['content-type'], url).toBe(TYPES[path.extname(url)]);
      expect(response.headers['cache-control'], url).toBe(IMMUTABLE);
    }
  });
});

describe('the raster variants the build made', () => {
  it.each(Object.entries(rasters))(
    '%s: every width as AVIF and WebP, at that width and the same shape',
    async (src, record) => {
      expect(record.widths).toHaveLength(3);
      expect(Math.max(...record.widths)).toBe(record.width);
      for (const width of record.widths) {
        for (const format of VARIANT_FORMATS) {
          const response = await binary(variantUrl(src, record, width, format));
          expect(response.status).toBe(200);
          const meta = await sharp(response.body as Buffer).metadata();
          expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(format);
          expect(meta.width).toBe(width);
          expect(meta.height).toBe(Math.round((width * record.height) / record.width));
        }
      }
    },
  );

  it('serve the hashed copies byte for byte as public/ holds them', async () => {
    for (const [src, record] of Object.entries({ ...artwork, ...files })) {
      const response = await binary(hashedFileUrl(src, record));
      expect(response.status, src).toBe(200);
      expect(Buffer.compare(response.body as Buffer, fs.readFileSync(path.join('public', src))), src).toBe(0);
    }
  });

  it('answer a stale hashed name with a plain 404, never the HTML page', async () => {
    const response = await request(app).get('/static/images/plans/web-subscription-720-0000000000.avif');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/html/);
  });
});

describe('the files whose URL others hold', () => {
  it.each([
    '/favicon.ico',
    '/manifest.webmanifest',
    '/images/og-image.png',
    '/icons/icon-192.png',
    '/icons/icon-512.png',
    '/icons/icon-maskable-512.png',
  ])('%s keeps its URL, cached for an hour and revalidated', async (url) => {
    const response = await binary(url);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers.etag).toBeTruthy();
  });
});
