import { files } from '../generated/files';
import { hashedFileUrl } from '../lib/assetNames';

/** The hashed URL of a video or icon the build copies, from its path under public/. */
export function assetUrl(src: string): string {
  const record = files[src];
  if (!record) throw new Error(`${src} is not a hashed asset: is the file under public/ and the build run?`);
  return hashedFileUrl(src, record);
}
