/** The uploaded images (decision 052) an article shows: its cover and those its Markdown body names. */
import { uploadedImage } from '../../shared/lib/assetNames';
import type { ArticleFields } from './fields';

/** An uploaded image's site path as a body's Markdown names it: "/media/articles/<hash>-<width>x<height>". */
const IN_BODY = /\/media\/articles\/([0-9a-f]{16})-\d{1,5}x\d{1,5}/g;

/** Each uploaded image of the article once, with the field that shows it. */
export function uploadedImagesOf(fields: Pick<ArticleFields, 'image' | 'body'>): { hash: string; field: string }[] {
  const cover = uploadedImage(fields.image)?.hash;
  const found = [
    ...(cover ? [{ hash: cover, field: 'image' }] : []),
    ...[...fields.body.matchAll(IN_BODY)].map((match) => ({ hash: match[1]!, field: 'body' })),
  ];
  return found.filter((image, index) => found.findIndex((other) => other.hash === image.hash) === index);
}

/** The smallest WebP of an uploaded image: the editor's and the library's thumbnail. */
export const thumbnailOf = (path: string) => {
  const image = uploadedImage(path);
  return image && image.variant(image.widths[0]!, 'webp');
};

/** Where the editor's script asks an upload's state while it is made. */
export const stateUrlOf = (path: string) => `/staff/articles/images/${uploadedImage(path)?.hash ?? ''}/state`;
