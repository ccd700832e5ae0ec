/** An upload's pixels made in the widths and formats the pages serve (decision 075), with sharp, off the request. */
import type { AvifOptions, Metadata, OutputInfo, WebpOptions } from 'sharp';
import sharp from 'sharp';

import type { VariantFormat } from '../../shared/lib/assetNames';
import { VARIANT_FORMATS, widthsOf } from '../../shared/lib/assetNames';

/**
 * An upload's encoders: faster than the build's (server/lib/imageEncoding.ts), whose AVIF effort took a minute
 * for one 2400-pixel photo on the server's two shared cores. AVIF at effort 0 takes seconds, for files about
 * two fifths larger; WebP at effort 4 is as small as at 5.
 */
const UPLOAD_ENCODING: Record<VariantFormat, AvifOptions & WebpOptions> = {
  avif: { quality: 50, effort: 0 },
  webp: { quality: 78, effort: 4 },
};

/** The file's header (its format, size and orientation), read without its pixels; undefined when it has none. */
export async function headerOf(bytes: Uint8Array): Promise<Metadata | undefined> {
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
}

type Made =
  | { ok: true; variants: [format: VariantFormat, width: number, body: Buffer][] }
  | { ok: false; reason: 'decode' | 'encode' };

/** Decodes every pixel (the check: a file that only starts like an image fails here), then makes each variant. */
export async function makeVariants(
  bytes: Buffer,
  { width, height, maxPixels }: { width: number; height: number; maxPixels: number },
): Promise<Made> {
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width, height, fit: 'fill' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, reason: 'decode' };
  }
  const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels as 3 | 4 };
  try {
    const variants: [VariantFormat, number, Buffer][] = [];
    for (const format of VARIANT_FORMATS)
      for (const size of widthsOf(width)) {
        const image = sharp(pixels.data, { raw }).resize({ width: size });
        const encoded = format === 'avif' ? image.avif(UPLOAD_ENCODING.avif) : image.webp(UPLOAD_ENCODING.webp);
        variants.push([format, size, await encoded.toBuffer()]);
      }
    return { ok: true, variants };
  } catch {
    // An encoder's own limit the checks did not foresee: a refusal the writer can act on, not a 500.
    return { ok: false, reason: 'encode' };
  }
}
