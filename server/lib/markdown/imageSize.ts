import fs from 'node:fs';
import path from 'node:path';

import type { ImageSize } from './render';

/** Width and height of an SVG (its width/height or viewBox) or a PNG (its header) under public/: the build's and the console's Markdown read it. */
export function readImageSize(root: string, src: string): ImageSize | undefined {
  const file = path.join(root, 'public', path.normalize(src));
  if (!file.startsWith(path.join(root, 'public') + path.sep) || !fs.existsSync(file)) return undefined;
  const bytes = fs.readFileSync(file);
  if (file.endsWith('.png')) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (!file.endsWith('.svg')) return undefined;
  const tag = /<svg\b[^>]*>/.exec(bytes.toString('utf8'))?.[0] ?? '';
  const attribute = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(tag)?.[1]);
  const viewBox = /viewBox="[\d.-]+ [\d.-]+ ([\d.]+) ([\d.]+)"/.exec(tag);
  const width = attribute('width') || Number(viewBox?.[1]);
  const height = attribute('height') || Number(viewBox?.[2]);
  return width && height ? { width: Math.round(width), height: Math.round(height) } : undefined;
}
