import { artwork, rasters } from '../generated/images';
import type { VariantFormat } from '../lib/assetNames';
import { hashedFileUrl, uploadedImage, variantUrl } from '../lib/assetNames';

export interface ImageSources {
  width: number;
  height: number;
  /** The fallback URL: the widest WebP, or the SVG itself. */
  src: string;
  /** One srcset per format, for rasters; none for vector art. */
  srcSets?: Record<VariantFormat, string>;
}

/** Whether the pages can show an image: the build's artwork or photos, or an upload. */
export function isKnownImage(src: string): boolean {
  try {
    imageSources(src);
    return true;
  } catch {
    return false;
  }
}

/** Everything an <img> or <picture> needs for a public image named by its path under public/. */
export function imageSources(src: string): ImageSources {
  // An image the staff uploaded: its path carries its size, its variants are the server's.
  const uploaded = uploadedImage(src);
  if (uploaded) {
    const srcSet = (format: VariantFormat) =>
      uploaded.widths.map((width) => `${uploaded.variant(width, format)} ${width}w`).join(', ');
    return {
      width: uploaded.width,
      height: uploaded.height,
      src: uploaded.variant(uploaded.width, 'webp'),
      srcSets: { avif: srcSet('avif'), webp: srcSet('webp') },
    };
  }
  const raster = rasters[src];
  if (raster) {
    const srcSet = (format: VariantFormat) =>
      raster.widths.map((width) => `${variantUrl(src, raster, width, format)} ${width}w`).join(', ');
    return {
      width: raster.width,
      height: raster.height,
      src: variantUrl(src, raster, raster.width, 'webp'),
      srcSets: { avif: srcSet('avif'), webp: srcSet('webp') },
    };
  }
  const file = artwork[src];
  if (!file?.width || !file.height)
    throw new Error(`${src} is not an image the build knows: is the file under public/images/ and the build run?`);
  return { width: file.width, height: file.height, src: hashedFileUrl(src, file) };
}
