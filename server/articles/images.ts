/**
 * Images the staff upload for articles (decision 052): checked by decoding them with sharp, made in the
 * build's AVIF and WebP widths (decision 017), kept in the database so every instance serves them.
 */
import { createHash } from 'node:crypto';

import type { OutputInfo } from 'sharp';
import sharp from 'sharp';

import type { VariantFormat } from '../../shared/lib/assetNames';
import { uploadedImagePath, VARIANT_FORMATS, widthsOf } from '../../shared/lib/assetNames';
import type { Database } from '../db';
import { ENCODING } from '../lib/imageEncoding';

/** The largest upload taken: a photo from a phone or a camera's export fits. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Wider images are made this wide at most: the article's cover is never shown wider. */
const MAX_WIDTH = 2400;
/** A decompression bomb is refused before its pixels are allocated. */
const MAX_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

type UploadResult = { ok: true; path: string } | { ok: false; reason: string };

export const uploadRefusals = {
  empty: 'Choose an image file to upload.',
  tooLarge: `The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB: export it smaller and upload it again.`,
  notImage: 'That file is not a JPEG, PNG or WebP image: upload a photo or picture in one of those formats.',
} as const;

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
      let decoded: { data: Buffer; info: OutputInfo };
      try {
        const { format } = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
        if (!format || !ACCEPTED.has(format)) return { ok: false, reason: uploadRefusals.notImage };
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
      for (const format of VARIANT_FORMATS)
        for (const size of widthsOf(width)) {
          const image = sharp(decoded.data).resize({ width: size });
          const encoded = format === 'avif' ? image.avif(ENCODING.avif) : image.webp(ENCODING.webp);
          variants.push([format, size, (await encoded.toBuffer()).toString('base64')]);
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
