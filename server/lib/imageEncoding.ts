import type { AvifOptions, WebpOptions } from 'sharp';

import type { VariantFormat } from '../../shared/lib/assetNames';

/**
 * Encoder settings of every image variant, the build's and an upload's: part of each raster's hash, so
 * changing one renames every variant.
 */
export const ENCODING: Record<VariantFormat, AvifOptions & WebpOptions> = {
  avif: { quality: 50, effort: 4 },
  webp: { quality: 78, effort: 5 },
};
