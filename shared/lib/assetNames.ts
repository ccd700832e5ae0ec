// The names the build gives the public files it hashes (build/images/pipeline.ts); the pages find
// them through shared/model/assets.ts and images.ts, which read the generated lists. Apart from those,
// so that the build reads no generated module.

/** A raster image under public/images/<folder>/, made at build in several widths as AVIF and WebP. */
export interface RasterRecord {
  width: number;
  height: number;
  widths: readonly number[];
  hash: string;
}

/** A file served as it is under a content-hashed name (SVG artwork, video, icons). */
export interface FileRecord {
  hash: string;
  width?: number;
  height?: number;
}

/** Each raster is made at half, three quarters and all of its own width (the build's and an upload's). */
const WIDTH_STEPS = [0.5, 0.75, 1] as const;

/** The widths a raster of this width is made in. */
export function widthsOf(width: number): number[] {
  return [...new Set(WIDTH_STEPS.map((step) => Math.round(width * step)))];
}

/** The formats every raster variant is made in, the most compact first. */
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

const withoutExtension = (src: string) => src.replace(/\.[^./]+$/, '');

/** Where one width of a raster image is served: hashed, so it is cached for a year. */
export function variantUrl(src: string, record: RasterRecord, width: number, format: VariantFormat): string {
  return `/static${withoutExtension(src)}-${width}-${record.hash}.${format}`;
}

/** Where a file copied as it is is served. */
export function hashedFileUrl(src: string, record: FileRecord): string {
  return `/static${withoutExtension(src)}-${record.hash}${src.slice(withoutExtension(src).length)}`;
}

/**
 * An image uploaded in the console (decision 052): its site path names its hash and size,
 * "/media/articles/<hash>-<width>x<height>", and each variant is "/media/articles/<hash>-<width>.<format>".
 */
const UPLOADED = /^\/media\/articles\/([0-9a-f]{16})-(\d{1,5})x(\d{1,5})$/;

export function uploadedImagePath(hash: string, width: number, height: number): string {
  return `/media/articles/${hash}-${width}x${height}`;
}

/** An uploaded image's record from its site path, or undefined for any other path. */
export function uploadedImage(
  src: string,
): (RasterRecord & { variant: (width: number, format: VariantFormat) => string }) | undefined {
  const match = UPLOADED.exec(src);
  if (!match) return undefined;
  const [, hash, width, height] = match as unknown as [string, string, string, string];
  return {
    hash,
    width: Number(width),
    height: Number(height),
    widths: widthsOf(Number(width)),
    variant: (size, format) => `/media/articles/${hash}-${size}.${format}`,
  };
}
