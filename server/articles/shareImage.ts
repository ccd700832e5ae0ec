/**
 * An article's social card (decision 075): its cover at 1200 × 630 with its title drawn on it, in the site's own
 * font (Inter, self-hosted), as a JPEG well under 150 KB. One per article and language, named by what it shows.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import sharp from 'sharp';

import { uploadedImage } from '../../shared/lib/assetNames';
import type { ArticleImages } from './images';

const SHARE_WIDTH = 1200;
const SHARE_HEIGHT = 630;
/** The site's accent, behind a card without a cover. */
const PLAIN = '#0f2a3d';
const FONT = createRequire(import.meta.url).resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');

/** Where a card of this title and cover in this language is served: its name changes with what it shows. */
export function sharePath(locale: string, title: string, image: string): string {
  const hash = createHash('sha256').update(`${locale}\n${title}\n${image}`).digest('hex').slice(0, 16);
  return `/media/og/${hash}.jpg`;
}

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The cover's pixels: an upload's largest WebP, or a file under public/ (the build's art, SVG or raster). */
async function coverBytes(image: string, rootDir: string, images: ArticleImages): Promise<Buffer | undefined> {
  const uploaded = uploadedImage(image);
  if (uploaded) return images.file(uploaded.hash, uploaded.widths.at(-1)!, 'webp');
  const file = path.join(rootDir, 'public', path.normalize(image));
  return image && file.startsWith(path.join(rootDir, 'public') + path.sep) && fs.existsSync(file)
    ? fs.readFileSync(file)
    : undefined;
}

/** Draws the card: the cover filling it, darkened towards the bottom, the title in white over it. */
export async function drawShareImage(
  { title, image }: { title: string; image: string },
  rootDir: string,
  images: ArticleImages,
): Promise<Buffer> {
  const cover = await coverBytes(image, rootDir, images);
  const background = cover
    ? await sharp(cover, { limitInputPixels: 50_000_000 })
        .resize(SHARE_WIDTH, SHARE_HEIGHT, { fit: 'cover' })
        .toBuffer()
    : await sharp({ create: { width: SHARE_WIDTH, height: SHARE_HEIGHT, channels: 3, background: PLAIN } })
        .png()
        .toBuffer();
  const shade = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0.2" stop-color="#000" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0.78"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
    </svg>`,
  );
  const text = await sharp({
    text: {
      text: `<span foreground="white" weight="bold">${escapeMarkup(title)}</span>`,
      font: 'Inter Variable 44',
      fontfile: FONT,
      width: SHARE_WIDTH - 2 * 72,
      height: SHARE_HEIGHT - 2 * 72,
      rgba: true,
      wrap: 'word',
      spacing: 8,
    },
  })
    .png()
    .toBuffer();
  const { height = 0 } = await sharp(text).metadata();
  return sharp(background)
    .composite([
      { input: shade, top: 0, left: 0 },
      { input: text, left: 72, top: Math.max(72, SHARE_HEIGHT - 72 - height) },
    ])
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
}
