import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { testApp } from '../support/helpers';

const app = testApp();
afterAll(() => app.db.close());

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const binary = (path: string) =>
  request(app)
    .get(path)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });

describe('sharing image, web app manifest and icons', () => {
  it('serve the Open Graph image as a 1200x630 PNG', async () => {
    const response = await binary('/images/og-image.png');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(pngSize(response.body as Buffer)).toEqual({ width: 1200, height: 630 });
  });

  it('serve a web app manifest whose icons are all PNGs at their stated sizes (no SVG: decision 105)', async () => {
    const response = await request(app).get('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(response.text);
    expect(manifest).toMatchObject({ name: 'Meridian Lab', start_url: '/', display: 'standalone' });
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const file = await binary(icon.src);
      expect(file.status, icon.src).toBe(200);
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(file.body as Buffer)).toEqual({ width, height });
    }
  });

  it('serve the apple-touch-icon at 180x180 and a favicon', async () => {
    expect(pngSize((await binary('/icons/apple-touch-icon.png')).body as Buffer)).toEqual({ width: 180, height: 180 });
    const favicon = await binary('/favicon.ico');
    expect(favicon.status).toBe(200);
    expect((favicon.body as Buffer).readUInt16LE(2)).toBe(1); // ICO type: icon
  });
});
