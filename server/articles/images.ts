/**
 * Images the staff upload for articles (decision 052): sized from their header and refused early when out of
 * shape (decision 066), taken at once and made off the request in the build's AVIF and WebP widths (decision
 * 075), kept in the database so every instance serves them, each with its alt text per language.
 */
import { createHash } from 'node:crypto';

import type { Metadata } from 'sharp';

import type { VariantFormat } from '../../shared/lib/assetNames';
import { uploadedImagePath } from '../../shared/lib/assetNames';
import type { Locale } from '../../shared/lib/locale';
import type { Database } from '../db';
import { headerOf, makeVariants } from './imageVariants';

/** The largest upload taken: a photo straight from a phone fits. */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Wider images are made this wide at most: the article's cover is never shown wider. */
const MAX_WIDTH = 2400;
/**
 * The most pixels taken: a 50-megapixel phone photo fits. A larger image is refused from its header, before
 * its pixels are allocated (a decompression bomb too).
 */
const MAX_PIXELS = 50_000_000;
/** A side over this is refused: the AVIF encoder cannot make it (and WebP's limit is the same). */
const MAX_SIDE = 16_383;
/** A cover at most this many times as tall as it is wide, or as wide as it is tall. */
const MAX_RATIO = 8;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
/** A process that took an image this long ago and has not made it is taken to have died: another takes it. */
const CLAIM_EXPIRES_MS = 5 * 60_000;

type UploadResult = { ok: true; path: string; hash: string } | { ok: false; reason: string };

const sized = (width: number, height: number) => `The image is ${width} × ${height} pixels`;

const uploadRefusals = {
  empty: 'Choose an image file to upload.',
  tooLarge: `The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB: export it smaller and upload it again.`,
  notImage: 'That file is not a JPEG, PNG or WebP image: upload a photo or picture in one of those formats.',
  tooLong: (width: number, height: number) =>
    `${sized(width, height)}: neither side may be over ${MAX_SIDE.toLocaleString('en')} pixels. Export it smaller and upload it again.`,
  outOfShape: (width: number, height: number) =>
    `${sized(width, height)}: a cover is at most ${MAX_RATIO} times as tall as it is wide, or as wide as it is tall. Crop it and upload it again.`,
  tooManyPixels: (width: number, height: number) =>
    `${sized(width, height)}, more than the ${MAX_PIXELS / 1_000_000} megapixels taken: export it at most 8000 pixels wide and upload it again.`,
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

/** The size the image is made at: turned upright (EXIF orientations 5 to 8 swap its sides), at most MAX_WIDTH wide. */
function madeSize({ width, height, orientation }: Metadata): { width: number; height: number } {
  const [upright, tall] = (orientation ?? 1) >= 5 ? [height!, width!] : [width!, height!];
  const made = Math.min(upright, MAX_WIDTH);
  return { width: made, height: Math.max(1, Math.round((tall * made) / upright)) };
}

export type ImageState = { status: 'processing' } | { status: 'ready' } | { status: 'failed'; reason: string };

/** An image of the library: its site path, its state and its alt text in each language written so far. */
export interface LibraryImage {
  hash: string;
  path: string;
  width: number;
  status: ImageState['status'];
  alts: Partial<Record<Locale, string>>;
}

export interface ArticleImages {
  /** Checks an upload from its header and keeps it to be made; its site path, ready soon after. */
  upload(bytes: Uint8Array, by: string, now?: Date): Promise<UploadResult>;
  /** Makes every upload waiting (or left by a process that died); resolves when none is left. */
  process(now?: () => Date): Promise<void>;
  state(hash: string): Promise<ImageState | undefined>;
  /** Every upload, newest first. */
  library(): Promise<LibraryImage[]>;
  /** An image's alt text in a language: false when there is no such image. */
  describe(hash: string, locale: Locale, alt: string): Promise<boolean>;
  /** One variant's bytes, or undefined. */
  file(hash: string, width: number, format: VariantFormat): Promise<Buffer | undefined>;
}

export function createArticleImages(db: Database): ArticleImages {
  /** Takes the oldest upload waiting, for this process alone: its hash and original bytes. */
  const claim = async (now: Date) => {
    const expired = new Date(now.getTime() - CLAIM_EXPIRES_MS).toISOString();
    const waiting = "status = 'processing' AND (claimed_at IS NULL OR claimed_at < ?)";
    return db.get<{ hash: string; width: number; height: number; original: string }>(
      `UPDATE article_images SET claimed_at = ?
       WHERE hash = (SELECT hash FROM article_images WHERE ${waiting} ORDER BY created_at LIMIT 1) AND ${waiting}
       RETURNING hash, width, height, original`,
      now.toISOString(),
      expired,
      expired,
    );
  };

  const makeOne = async ({
    hash,
    width,
    height,
    original,
  }: {
    hash: string;
    width: number;
    height: number;
    original: string;
  }) => {
    const made = await makeVariants(Buffer.from(original, 'base64'), { width, height, maxPixels: MAX_PIXELS });
    await db.transaction(async (tx) => {
      if (!made.ok) {
        const reason = made.reason === 'decode' ? uploadRefusals.notImage : uploadRefusals.notConverted;
        await tx.run(
          "UPDATE article_images SET status = 'failed', reason = ?, original = NULL WHERE hash = ?",
          reason,
          hash,
        );
        return;
      }
      await tx.run('DELETE FROM article_image_files WHERE hash = ?', hash);
      for (const [format, size, body] of made.variants)
        await tx.run(
          'INSERT INTO article_image_files (hash, format, width, body) VALUES (?, ?, ?, ?)',
          hash,
          format,
          size,
          body.toString('base64'),
        );
      await tx.run("UPDATE article_images SET status = 'ready', original = NULL WHERE hash = ?", hash);
    });
  };

  // One run at a time in a process: the images are made one after another, so an upload never takes both cores.
  let running: Promise<void> | undefined;
  let again = false;
  const process = (now: () => Date = () => new Date()): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        for (let next = await claim(now()); next; next = await claim(now())) await makeOne(next);
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    async upload(bytes, by, now = new Date()) {
      if (bytes.length === 0) return { ok: false, reason: uploadRefusals.empty };
      if (bytes.length > IMAGE_MAX_BYTES) return { ok: false, reason: uploadRefusals.tooLarge };
      // The header alone (no pixels) says what the file claims to be and its size.
      const header = await headerOf(bytes);
      if (!header?.format || !ACCEPTED.has(header.format) || !header.width || !header.height)
        return { ok: false, reason: uploadRefusals.notImage };
      const refused = sizeRefusal(header.width, header.height);
      if (refused) return { ok: false, reason: refused };
      const { width, height } = madeSize(header);
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      // The same file again is the same image; one that failed is tried again.
      await db.run(
        `INSERT INTO article_images (hash, width, height, created_at, created_by, status, original)
         VALUES (?, ?, ?, ?, ?, 'processing', ?)
         ON CONFLICT (hash) DO UPDATE SET status = 'processing', original = excluded.original, reason = '', claimed_at = NULL
         WHERE article_images.status = 'failed'`,
        hash,
        width,
        height,
        now.toISOString(),
        by,
        Buffer.from(bytes).toString('base64'),
      );
      // Made off the request: the writer's page comes back at once and shows the image when it is ready.
      void process();
      return { ok: true, path: uploadedImagePath(hash, width, height), hash };
    },

    process,

    async state(hash) {
      const row = await db.get<{ status: ImageState['status']; reason: string }>(
        'SELECT status, reason FROM article_images WHERE hash = ?',
        hash,
      );
      if (!row) return undefined;
      return row.status === 'failed' ? { status: 'failed', reason: row.reason } : { status: row.status };
    },

    async library() {
      const rows = await db.all<{ hash: string; width: number; height: number; status: ImageState['status'] }>(
        'SELECT hash, width, height, status FROM article_images ORDER BY created_at DESC, hash',
      );
      const alts = await db.all<{ hash: string; locale: Locale; alt: string }>(
        'SELECT hash, locale, alt FROM article_image_alts',
      );
      return rows.map((row) => ({
        hash: row.hash,
        path: uploadedImagePath(row.hash, row.width, row.height),
        width: row.width,
        status: row.status,
        alts: Object.fromEntries(alts.filter((alt) => alt.hash === row.hash).map((alt) => [alt.locale, alt.alt])),
      }));
    },

    async describe(hash, locale, alt) {
      const known = await db.get('SELECT hash FROM article_images WHERE hash = ?', hash);
      if (!known) return false;
      await db.run(
        `INSERT INTO article_image_alts (hash, locale, alt) VALUES (?, ?, ?)
         ON CONFLICT (hash, locale) DO UPDATE SET alt = excluded.alt`,
        hash,
        locale,
        alt,
      );
      return true;
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
