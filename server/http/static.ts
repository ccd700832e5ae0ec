import fs from 'node:fs';
import path from 'node:path';

import type { RequestHandler } from 'express';
import express from 'express';

import { storedEncoding } from './contentEncoding';

const ONE_YEAR = 365 * 24 * 60 * 60 * 1000;

/** Lists the precompressed siblings (file.br, file.gz) build.mjs wrote beside the hashed files. */
function precompressedFiles(dir: string): Set<string> {
  if (!fs.existsSync(dir)) return new Set();
  return new Set(
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.br') || file.endsWith('.gz'))
      .map((file) => `/${file.split(path.sep).join('/')}`),
  );
}

/**
 * Hashed build output under /static: cached for a year, served precompressed
 * when the client accepts it, and a missing file is a plain 404 (never the
 * HTML page, which a browser would fail to parse as a script).
 */
export function hashedAssets(dir: string): RequestHandler[] {
  const compressed = precompressedFiles(dir);
  const pickEncoding: RequestHandler = (req, res, next) => {
    // Source maps stay on the build machine: they would publish the commented sources.
    if (req.path.endsWith('.map')) {
      res.status(404).type('text').send('Not found');
      return;
    }
    const accepted = storedEncoding(req);
    const extension = accepted === 'br' ? '.br' : '.gz';
    res.vary('Accept-Encoding');
    if (accepted && compressed.has(req.path + extension)) {
      // send keeps a Content-Type that is already set, so the type is the original file's.
      res.type(path.extname(req.path));
      res.setHeader('Content-Encoding', accepted);
      req.url = req.path + extension;
    }
    next();
  };
  const serve = express.static(dir, {
    fallthrough: false,
    index: false,
    immutable: true,
    maxAge: ONE_YEAR,
  });
  return [pickEncoding, serve];
}

/**
 * Unhashed public files (icons, images, video): short caching, revalidated by
 * ETag and Last-Modified. Only paths with a file extension reach the disk, so
 * page URLs cost no stat call and no not-found error on their way to the renderer.
 */
export function publicFiles(dir: string): RequestHandler {
  const serve = express.static(dir, { index: false, maxAge: '1h', etag: true, lastModified: true });
  return (req, res, next) => {
    if (path.extname(req.path)) serve(req, res, next);
    else next();
  };
}
