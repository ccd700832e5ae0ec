import fs from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { assetModules, assetRecords, tabIconDataUrl } from '../../build/images/pipeline';
import { imageSources } from '../../shared/model/images';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the public assets modules', () => {
  it('are in step with public/: what the build writes now', async () => {
    for (const [file, text] of assetModules(await assetRecords(ROOT))) {
      expect(fs.readFileSync(path.join(ROOT, file), 'utf8'), `run npm run build and commit ${file}`).toBe(text);
    }
  });

  it('gives a raster three widths in AVIF and WebP, the widest as the fallback', () => {
    const image = imageSources('/images/plans/web-subscription.webp');
    expect(image).toMatchObject({ width: 720, height: 400 });
    expect(image.src).toMatch(/^\/static\/images\/plans\/web-subscription-720-[0-9a-f]{10}\.webp$/);
    expect(image.srcSets?.avif).toMatch(
      /^\/static\/images\/plans\/web-subscription-360-(\w+)\.avif 360w, \S+-540-\1\.avif 540w, \S+-720-\1\.avif 720w$/,
    );
    expect(image.srcSets?.webp).toMatch(/-360-\w+\.webp 360w, .+-540-\w+\.webp 540w, .+-720-\w+\.webp 720w$/);
  });

  it('keeps SVG art as it is, under a hashed name, with its own size', () => {
    expect(imageSources('/images/blog/gene-editing.svg')).toEqual({
      width: 1200,
      height: 750,
      src: expect.stringMatching(/^\/static\/images\/blog\/gene-editing-[0-9a-f]{10}\.svg$/),
    });
  });

  it('draws the tab icon from the site icon as a 32 px WebP data URL, its corners clear and its middle the gradient', async () => {
    const url = await tabIconDataUrl(ROOT);
    const [, type, data] = /^data:(image\/webp);base64,([A-Za-z0-9+/=]+)$/.exec(url) ?? [];
    expect(type).toBe('image/webp');
    const icon = sharp(Buffer.from(data!, 'base64'));
    expect(await icon.metadata()).toMatchObject({ format: 'webp', width: 32, height: 32 });
    const { data: pixels } = await icon.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const rgba = (x: number, y: number) => [...pixels.subarray((y * 32 + x) * 4, (y * 32 + x) * 4 + 4)];
    expect(rgba(0, 0)[3]).toBeLessThan(32);
    // Left of the letter, half way down: between the gradient's violet and cyan, opaque.
    const [red, green, blue, alpha] = rgba(4, 16);
    expect(alpha).toBeGreaterThan(240);
    expect(blue).toBeGreaterThan(red!);
    expect(blue).toBeGreaterThan(green!);
  });

  it('names an unknown image at once rather than render a broken one', () => {
    expect(() => imageSources('/images/plans/missing.webp')).toThrow(/not an image the build knows/);
  });
});
