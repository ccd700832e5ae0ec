import { createHash } from 'node:crypto';

import type { Request, RequestHandler, Response } from 'express';

import { findPage } from '../../shared/routes';
import { compressStored, storedEncoding } from '../http/contentEncoding';
import type { Logger } from '../http/logger';
import type { RenderPage, StreamPage } from './render';
import { htmlHeaders } from './render';
import { ResponseTee } from './responseTee';

/** A finished page in each encoding a browser may ask for, compressed once, and its validator. */
interface CachedPage {
  status: number;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The page's hash; each encoding's ETag adds its name, as each is a representation of its own. */
  hash: string;
  /** Its critical CSS's hash, which its security policy allows. */
  styleHash: string;
}

/** Compresses a finished page the way build.mjs compresses the static files: once, at the highest levels. */
async function compressPage(status: number, html: Buffer, styleHash: string): Promise<CachedPage> {
  const { br, gzip } = await compressStored(html);
  return {
    status,
    html,
    br,
    gzip,
    hash: createHash('sha256').update(html).digest('base64url').slice(0, 27),
    styleHash,
  };
}

/** True when the request's If-None-Match names any representation of this page. */
function isFresh(req: Request, page: CachedPage): boolean {
  const tags = req.headers['if-none-match'];
  return tags !== undefined && (tags.trim() === '*' || tags.includes(`"${page.hash}`));
}

/**
 * Sends a kept page as a static server sends a precompressed file: the
 * encoding the browser accepts, chosen per request (Vary), an ETag and a 304
 * on revalidation. Content-Encoding is set here, so compression leaves the
 * bytes alone.
 */
function sendCachedPage(req: Request, res: Response, page: CachedPage): void {
  const encoding = storedEncoding(req);
  const [body, suffix] =
    encoding === 'br' ? [page.br, '-br'] : encoding === 'gzip' ? [page.gzip, '-gz'] : [page.html, ''];
  htmlHeaders(res, page.status, page.styleHash);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', `"${page.hash}${suffix}"`);
  if (isFresh(req, page)) {
    res.status(304).end();
    return;
  }
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  // Node sends the headers alone to a HEAD.
  res.end(body);
}

/**
 * Finished pages by key, least recently used evicted first. Sound because a
 * page is a pure function of its URL (and of the deploy): no cookie, header
 * or visitor state reaches the render. Bounded, since URLs are the visitor's.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(private readonly maxEntries = 200) {}

  get(url: string): CachedPage | undefined {
    const page = this.pages.get(url);
    if (page) {
      // Re-insert: a Map iterates in insertion order, so the oldest entry is the least recently used.
      this.pages.delete(url);
      this.pages.set(url, page);
    }
    return page;
  }

  set(url: string, page: CachedPage): void {
    this.pages.delete(url);
    this.pages.set(url, page);
    if (this.pages.size > this.maxEntries) this.pages.delete(this.pages.keys().next().value!);
  }

  get size(): number {
    return this.pages.size;
  }

  clear(): void {
    this.pages.clear();
  }
}

/**
 * Where a request's page is kept: the page's path (an article's own, not its
 * route's "/blog/:slug") plus the query the page reads, normalised (so "/?x=1"
 * is "/"), or null for a path that is no page, such as an unknown article.
 * The keys are finite, so no flood of made-up URLs can evict the real pages.
 */
export function pageCacheKey(req: Pick<Request, 'path' | 'originalUrl'>): string | null {
  const found = findPage(req.path);
  if (!found) return null;
  const query = found.route.readQuery?.(new URL(req.originalUrl, 'http://localhost').searchParams) ?? '';
  return query ? `${found.page.path}?${query}` : found.page.path;
}

/**
 * The page cache's two places in the app, over one store and one key
 * (pageCacheKey): first in line for a URL that is exactly a page's key, and in
 * the renderer, last, for the rest, since a URL with more than its key (a
 * newsletter link's token) may belong to a route in between.
 */
interface PageCaching {
  /**
   * Middleware that answers a kept page as a static server would, before the
   * app's other middleware (compression, the form and console routers, the
   * renderer) does any work for it. Only a URL that is exactly its page's key
   * qualifies, so any other query, a trailing slash or a token still goes the
   * whole way, to the route that owns it.
   */
  keptPages: RequestHandler;
  /**
   * The renderer with finished pages kept in memory. Only what is the whole,
   * successful page of a URL is kept: a 200 answer to a GET, for the URL's own
   * page (not a view), streamed without error; a HEAD is answered from it too.
   * The first visitor still gets the stream (compressed on the fly); later ones
   * get the bytes compressed once, at once.
   */
  renderPage: RenderPage;
  /**
   * Forgets every kept page: the content they show changed (an article published, decision 052). A page
   * whose render began before is not kept when it ends.
   */
  invalidate(): void;
}

/** Told of each page request the cache could answer: from memory (hit) or rendered (miss). */
type CacheLookup = (result: 'hit' | 'miss') => void;

export function pageCache(
  render: StreamPage,
  logger: Logger,
  pages = new PageCache(),
  counted: CacheLookup = () => {},
): PageCaching {
  /** A GET or HEAD for a page of the table has a key; nothing else is the cache's. */
  const keyOf = (req: Request) => (req.method === 'GET' || req.method === 'HEAD' ? pageCacheKey(req) : null);
  // Moves on each invalidation: a render, or its compression, from before one keeps nothing.
  let generation = 0;
  const keep = (key: string, status: number, html: Buffer, styleHash: string, from: number) =>
    compressPage(status, html, styleHash)
      .then((page) => {
        if (from === generation) pages.set(key, page);
      })
      // The page is simply rendered again next time, but a failure here is a fault worth seeing.
      .catch((error: unknown) => logger.warn({ err: error, page: key }, 'page not kept'));
  return {
    keptPages(req, res, next) {
      const key = keyOf(req);
      const page = key === req.originalUrl ? pages.get(key) : undefined;
      if (page) {
        counted('hit');
        sendCachedPage(req, res, page);
      } else next();
    },
    async renderPage(req, res, view) {
      const key = view ? null : keyOf(req);
      if (key === null) return render(req, res, view);
      const kept = pages.get(key);
      counted(kept ? 'hit' : 'miss');
      if (kept) return sendCachedPage(req, res, kept);
      // A HEAD renders no body to keep.
      if (req.method === 'HEAD') return render(req, res);
      let whole = true;
      const from = generation;
      await render(req, res, undefined, {
        onShellReady(status, styleHash) {
          if (status !== 200) return undefined;
          return new ResponseTee(res, (html) => {
            if (whole) void keep(key, status, html, styleHash, from);
          });
        },
        onError() {
          whole = false;
        },
      });
    },
    invalidate() {
      generation += 1;
      pages.clear();
    },
  };
}
