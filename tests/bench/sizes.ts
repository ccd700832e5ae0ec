import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import type { BuildManifest } from '../../server/http/manifest';
import { hydrationModules } from '../../server/http/manifest';
import type { SitePage } from '../../shared/routes';

/** Compressed bytes of one built file, as the server sends it (precompressed siblings). */
export interface Compressed {
  br: number;
  gzip: number;
}

const CLIENT_DIR = path.resolve('dist/client');

export function readBuildManifest(): BuildManifest {
  return JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, 'manifest.json'), 'utf8')) as BuildManifest;
}

export function compressedSize(url: string): Compressed {
  const file = path.join(CLIENT_DIR, url);
  return { br: fs.statSync(`${file}.br`).size, gzip: fs.statSync(`${file}.gz`).size };
}

function sum(urls: readonly string[]): Compressed {
  return urls.map(compressedSize).reduce((a, b) => ({ br: a.br + b.br, gzip: a.gzip + b.gzip }), { br: 0, gzip: 0 });
}

/**
 * What a first visit to a page downloads before it is interactive: the entry, inline in the HTML
 * (counted as if sent alone), and what it preloads for the page.
 */
export function firstVisitJs(manifest: BuildManifest, page: Pick<SitePage, 'chunk' | 'locale' | 'texts'>): Compressed {
  const modules = sum(hydrationModules(manifest, page));
  const entry = Buffer.from(manifest.entryScript.code);
  return {
    br: modules.br + zlib.brotliCompressSync(entry, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    gzip: modules.gzip + zlib.gzipSync(entry, { level: 9 }).length,
  };
}

/** The page's own lazy chunk. */
export function routeChunk(manifest: BuildManifest, chunk: string): Compressed {
  const own = manifest.routes[chunk]?.[0];
  if (!own) throw new Error(`No chunk ${chunk} in the build manifest.`);
  return compressedSize(own);
}
