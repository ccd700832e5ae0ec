import { preload } from 'react-dom';

import { imageSources } from '../model/images';

interface ResponsiveImageProps {
  /** The image's path under public/, as the content record names it. */
  src: string;
  className: string;
  /** The rendered width at each viewport, as the page's CSS lays it out (ignored for vector art). */
  sizes?: string;
  /**
   * The page's largest paint: fetched at once at high priority and preloaded from <head>.
   * Every other image waits until it nears the viewport.
   */
  priority?: boolean;
  alt?: string;
}

/**
 * One public image at its own size, so nothing shifts while it loads: a raster as a <picture>
 * of AVIF and WebP widths that the browser picks from with `sizes`, an SVG as it is.
 */
export function ResponsiveImage({ src, className, sizes, priority = false, alt = '' }: ResponsiveImageProps) {
  const image = imageSources(src);
  const loading = priority ? ({ fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
  if (priority) {
    // The same candidates as the <picture> below, so the preload is the file the browser then shows.
    preload(image.src, {
      as: 'image',
      fetchPriority: 'high',
      ...(image.srcSets ? { imageSrcSet: image.srcSets.avif, imageSizes: sizes, type: 'image/avif' } : {}),
    });
  }
  const img = (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSets?.webp}
      sizes={image.srcSets ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      {...loading}
    />
  );
  if (!image.srcSets) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={image.srcSets.avif} sizes={sizes} />
      {img}
    </picture>
  );
}
