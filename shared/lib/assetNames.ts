// The names the build gives the public files it hashes (build/images/pipeline.ts); the pages
// find them through shared/lib/assets.ts. Apart from it, so that the build reads no generated module.

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
