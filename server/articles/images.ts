/**
 * Images the staff upload for articles (decision 052): sized from their header and refused early when out of
 * shape (decision 066), checked by decoding them with sharp, made in the build's AVIF and WebP widths
 * (decision 017), kept in the database so every instance serves them.
 */
import { createHash } from 'node:crypto';

import type { Metadata, OutputInfo } from 'sharp';
import sharp from 'sharp';

import type { VariantFormat } from '../../shared/lib/assetNames';
import { uploadedImagePath, VARIANT_FORMATS, widthsOf } from '../../shared/lib/assetNames';
import type { Database } from '../db';
import { ENCODING } from '../lib/imageEncoding';

/** The largest upload taken: a photo from a phone or a camera's export fits. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Wider images are made this wide at most: the article's cover is never shown wider. */
const MAX_WIDTH = 2400;
/**
 * The most pixels taken: a 6000 × 4000 camera photo fits, and a 2400-pixel cover needs no more. Decoding and
 * encoding cost grows with them (40 megapixels took seconds of CPU and 170 MB), so a larger image is refused
 * from its header, before its pixels are allocated (a decompression bomb too).
 */
const MAX_PIXELS = 25_000_000;
/** A side over this is refused: the AVIF encoder cannot make it (and WebP's limit is the same). */
const MAX_SIDE = 16_383;
/** A cover at most this many times as tall as it is wide, or as wide as it is tall. */
const MAX_RATIO = 8;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

type UploadResult = { ok: true; path: string } | { ok: false; reason: string };

const sized = (width: number, height: number) => `The image is ${width} × ${height} pixels`;

export const uploadRefusals = {
  empty: 'Choose an image file to upload.',
  tooLarge: `The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB: export it smaller and upload it again.`,
  notImage: 'That file is not a JPEG, PNG or WebP image: upload a photo or picture in one of those formats.',
  tooLong: (width: number, height: number) =>
    `${sized(width, height)}: neither side may be over ${MAX_SIDE.toLocaleString('en')} pixels. Export it smaller and upload it again.`,
  outOfShape: (width: number, height: number) =>
    `${sized(width, height)}: a cover is at most ${MAX_RATIO} times as tall as it is wide, or as wide as it is tall. Crop it and upload it again.`,
  tooManyPixels: (width: number, height: number) =>
    `${sized(width, height)}, more than the ${MAX_PIXELS / 1_000_000} megapixels a cover needs: export it at most 6000 pixels wide and upload it again.`,
  notConverted:
    'The image could not be made in the formats the pages need: export it again as a JPEG or PNG and upload it again.',
} as const;

/** Why an image of this size is refused before it is decoded, or undefined when its size is fine. */
function sizeRefusal(width: number, height: number): string | undefined {
  if (width > MAX_SIDE || height > MAX_SIDE) return uploadRefusals.tooLong(width, height);
  if (Math.max(width, height) > MAX_RATIO * Math.min(width, height)) return uploadRefusals.outOfShape(width, height);
  if (width * height > MAX_PIXELS) return uploadRefusals.tooManyPixels(width, height);
  return undefined;
}

export interface ArticleImages {
  /** Checks, converts and keeps an upload; its site path for the article's cover. */
  upload(bytes: Uint8Array, by: string, now?: Date): Promise<UploadResult>;
  /** One variant's bytes, or undefined. */
  file(hash: string, width: number, format: VariantFormat): Promise<Buffer | undefined>;
}

export function createArticleImages(db: Database): ArticleImages {
  return {
    async upload(bytes, by, now = new Date()) {
      if (bytes.length === 0) return { ok: false, reason: uploadRefusals.empty };
      if (bytes.length > IMAGE_MAX_BYTES) return { ok: false, reason: uploadRefusals.tooLarge };
      // The header alone (no pixels) says what the file claims to be and its size.
      let header: Metadata;
      try {
        header = await sharp(bytes, { limitInputPixels: false }).metadata();
      } catch {
        return { ok: false, reason: uploadRefusals.notImage };
      }
      if (!header.format || !ACCEPTED.has(header.format) || !header.width || !header.height)
        return { ok: false, reason: uploadRefusals.notImage };
      const refused = sizeRefusal(header.width, header.height);
      if (refused) return { ok: false, reason: refused };
      let decoded: { data: Buffer; info: OutputInfo };
      try {
        // Decoding every pixel is the check: a file that only starts like an image fails here.
        decoded = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width: MAX_WIDTH, withoutEnlargement: true })
          .toColourspace('srgb')
          .png()
          .toBuffer({ resolveWithObject: true });
      } catch {
        return { ok: false, reason: uploadRefusals.notImage };
      }
      const { width, height } = decoded.info;
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      const variants: [VariantFormat, number, string][] = [];
      try {
        for (const format of VARIANT_FORMATS)
          for (const size of widthsOf(width)) {
            const image = sharp(decoded.data).resize({ width: size });
            const encoded = format === 'avif' ? image.avif(ENCODING.avif) : image.webp(ENCODING.webp);
            variants.push([format, size, (await encoded.toBuffer()).toString('base64')]);
          }
      } catch {
        // An encoder's own limit the checks above did not foresee: a refusal the writer can act on, not a 500.
        return { ok: false, reason: uploadRefusals.notConverted };
      }
      await db.transaction(async (tx) => {
        const kept = await tx.run(
          'INSERT INTO article_images (hash, width, height, created_at, created_by) VALUES (?, ?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING',
          hash,
          width,
          height,
          now.toISOString(),
          by,
        );
        if (kept === 0) return;
        for (const [format, size, body] of variants)
          await tx.run(
            'INSERT INTO article_image_files (hash, format, width, body) VALUES (?, ?, ?, ?)',
            hash,
            format,
            size,
            body,
          );
      });
      return { ok: true, path: uploadedImagePath(hash, width, height) };
    },

    async file(hash, width, format) {
      const row = await db.get<{ body: string }>(
        'SELECT body FROM article_image_files WHERE hash = ? AND format = ? AND width = ?',
        hash,
        format,
        width,
      );
      return row && Buffer.from(row.body, 'base64');
    },
  };
}
