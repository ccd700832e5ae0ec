import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Request, Response } from 'express';

import { findPage } from '../../shared/routes';
import type { StoredEncoding } from '../http/contentEncoding';
import { compressStored, storedEncoding } from '../http/contentEncoding';
import type { Logger } from '../http/logger';
import type { PageHeaders } from './pageHeaders';
import type { RenderPage, StreamPage } from './render';
import { ResponseTee } from './responseTee';
import { unknownPathPage } from './unknownPaths';

/**
 * One encoding of a kept page: its bytes and every header it goes out with, flat, ready for writeHead, the
 * last pair `X-Request-Id` and a slot for the request's id.
 */
interface Representation {
  body: Buffer;
  headers: string[];
  /** The headers of a 304 for it: the same, less its length. */
  notModified: string[];
}

/** The name and the slot every representation's headers end with: the id differs on each answer. */
const REQUEST_ID_SLOT = ['X-Request-Id', ''] as const;

/** A finished page in each encoding a browser may ask for, compressed once, its headers prepared once. */
export interface KeptPage {
  status: number;
  /** The page's hash; each encoding's ETag adds its name, as each is a representation of its own. */
  hash: string;
  br: Representation;
  gzip: Representation;
  identity: Representation;
}

const flat = (headers: ReadonlyArray<readonly [string, string]>) => headers.flat();

/** A representation of its body, its headers and its 304's headers (each flat), the request id's slot added to both. */
export const prepared = (body: Buffer, headers: string[], notModified: string[]): Representation => ({
  body,
  headers: [...headers, ...REQUEST_ID_SLOT],
  notModified: [...notModified, ...REQUEST_ID_SLOT],
});

/** Compresses a finished page the way build.mjs compresses the static files: once, at the highest levels. */
async function keptPage(status: number, html: Buffer, headers: ReturnType<PageHeaders>): Promise<KeptPage> {
  const { br, gzip } = await compressStored(html);
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
  const representation = (body: Buffer, encoding: StoredEncoding | undefined, suffix: string): Representation => {
    // A 304 names its representation's encoding too: the app's compression would otherwise add one.
    const described = [
      ...headers,
      ['Vary', 'Accept-Encoding'],
      ['ETag', `"${hash}${suffix}"`],
      ...(encoding ? [['Content-Encoding', encoding] as const] : []),
    ] as const;
    return prepared(body, flat([...described, ['Content-Length', String(body.length)]]), flat(described));
  };
  return {
    status,
    hash,
    br: representation(br, 'br', '-br'),
    gzip: representation(gzip, 'gzip', '-gz'),
    identity: representation(html, undefined, ''),
  };
}

/** True when the request's If-None-Match names any representation of this page. */
function isFresh(req: IncomingMessage, page: KeptPage): boolean {
  const tags = req.headers['if-none-match'];
  return tags !== undefined && (tags.trim() === '*' || tags.includes(`"${page.hash}`));
}

/**
 * The one way a kept page is sent, as a static server sends a precompressed file: the encoding the
 * browser accepts, chosen per request (Vary), an ETag and a 304 on revalidation; Node sends a HEAD its
 * headers alone. With a request id, nothing is set on the response yet (the kept pages' early answer,
 * decision 049): the prepared headers go out in one call. Otherwise the app has set its headers already,
 * and the page's replace them (Content-Encoding set here, so compression leaves the bytes alone).
 * Returns the bytes of the body sent, if any.
 */
export function sendKeptPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: KeptPage,
  requestId?: string,
): number | undefined {
  const representation = page[storedEncoding(req) ?? 'identity'];
  const fresh = isFresh(req, page);
  const headers = fresh ? representation.notModified : representation.headers;
  const status = fresh ? 304 : page.status;
  if (requestId !== undefined) {
    // writeHead reads the array before it returns, so one array serves every answer, with no copy each time.
    headers[headers.length - 1] = requestId;
    res.writeHead(status, headers);
  } else {
    // The app has set the request's id already.
    for (let i = 0; i < headers.length - REQUEST_ID_SLOT.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
    res.writeHead(status);
  }
  if (fresh) {
    res.end();
    return undefined;
  }
  res.end(representation.body);
  return representation.body.length;
}

/** Kept pages at most: the route table's pages and their views, and a not-found page per section and language. */
const MAX_KEPT = 200;

/**
 * Finished pages by key, least recently used evicted first. Sound because a
 * page is a pure function of its URL (and of the deploy): no cookie, header
 * or visitor state reaches the render. Bounded, since URLs are the visitor's.
 */
export class PageCache {
  private readonly pages = new Map<string, KeptPage>();

  constructor(private readonly maxEntries = MAX_KEPT) {}

  get(key: string): KeptPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      // Re-insert: a Map iterates in insertion order, so the oldest entry is the least recently used.
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  /** Looks without counting as a use: the early answer's lookup, which must stay cheap. */
  peek(key: string): KeptPage | undefined {
    return this.pages.get(key);
  }

  set(key: string, page: KeptPage): void {
    this.pages.delete(key);
    this.pages.set(key, page);
    if (this.pages.size > this.maxEntries) this.pages.delete(this.pages.keys().next().value!);
  }

  clear(): void {
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }
}

/**
 * Where a URL's answer is kept: the page's path (an article's own, not its
 * route's "/blog/:slug") plus the query the page reads, normalised (so "/?x=1"
 * is "/"); for a path that is no page, the not-found page of its section and
 * language ("404 en Article" for an unknown article), since that page is the
 * same for every such path; null for what is never kept (a newsletter link's
 * token). The keys are finite, so no flood of made-up URLs can evict the real
 * pages or grow the cache.
 */
export function pageCacheKey(url: string): string | null {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const found = findPage(pathname);
  if (!found) {
    const page = unknownPathPage(pathname);
    return page.status === 404 ? `404 ${page.locale} ${page.chunk}` : null;
  }
  const query = found.route.readQuery ? found.route.readQuery(searchParams) : '';
  if (query === null) return null;
  return query ? `${pathname}?${query}` : pathname;
}

/** "/" or a path of plain segments: no dot segment, no empty one, nothing percent-encoded, no trailing slash. */
const PLAIN_PATH = /^\/$|^(?:\/[\w~-][\w.~-]*)+$/;

/**
 * The page cache's two places in the app, over one store and one key (pageCacheKey): before the app for a
 * kept page (the early answer), and in the renderer for the rest: a first render, and every answer the
 * early one leaves to the app.
 */
interface PageCaching {
  /**
   * The kept page that answers this request before the app does any work for it: a GET or HEAD of a page
   * of the route table (whatever query it has beyond the one the page reads), already kept, or the kept
   * not-found page of a path that is no page and that nothing before the pages answers (decision 054).
   * Its answer is sendKeptPage's.
   */
  early(req: IncomingMessage): KeptPage | undefined;
  /**
   * The renderer with finished pages kept in memory. Only what is the whole,
   * successful page of a URL is kept: a 200 answer to a GET (or the not-found
   * page's 404), for the URL's own page (not a view), streamed without error;
   * a HEAD is answered from it too. The first visitor still gets the stream
   * (compressed on the fly); visitors who ask meanwhile wait for it (one render,
   * one compression), later ones get the bytes compressed once, at once.
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

interface PageCacheOptions {
  headers: PageHeaders;
  logger: Logger;
  pages?: PageCache;
  counted?: CacheLookup;
  /**
   * Whether the app answers a path before its pages (asked only of a plain path that is no page, once its
   * not-found page is kept): where it says no, the early answer sends that not-found page. Without it,
   * the not-found page is the renderer's alone.
   */
  answeredBeforePages?: (path: string) => boolean;
}

export function pageCache(
  render: StreamPage,
  { headers, logger, pages = new PageCache(), counted = () => {}, answeredBeforePages }: PageCacheOptions,
): PageCaching {
  /** A GET or HEAD has a key; nothing else is the cache's. */
  const keyOf = (req: Request) =>
    req.method === 'GET' || req.method === 'HEAD' ? pageCacheKey(req.originalUrl) : null;
  // Moves on each invalidation: a render, or its compression, from before one keeps nothing.
  let generation = 0;
  /** Renders under way, by key: a second request for the page waits for the first one's (single flight). */
  const rendering = new Map<string, Promise<KeptPage | undefined>>();

  /** Renders a page into the response and keeps it; resolves with it kept, or undefined when it could not be. */
  const renderAndKeep = (key: string, req: Request, res: Response) =>
    new Promise<KeptPage | undefined>((resolve, reject) => {
      const from = generation;
      let whole = true;
      let streamed = false;
      // A visitor who leaves mid-render leaves nothing to keep; those waiting render it themselves.
      res.once('close', () => {
        if (!streamed) resolve(undefined);
      });
      render(req, res, undefined, {
        onShellReady(status, styleHash) {
          if (status !== (key.startsWith('404 ') ? 404 : 200)) {
            resolve(undefined);
            return undefined;
          }
          return new ResponseTee(res, (html) => {
            streamed = true;
            if (!whole) return resolve(undefined);
            keptPage(status, html, headers(styleHash))
              .then((page) => {
                if (from === generation) pages.set(key, page);
                return page;
              })
              // The page is simply rendered again next time, but a failure here is a fault worth seeing.
              .catch((error: unknown) => {
                logger.warn({ err: error, page: key }, 'page not kept');
                return undefined;
              })
              .then(resolve);
          });
        },
        onError() {
          whole = false;
        },
      }).catch(reject);
    });

  /**
   * The kept page the early answer may send for a URL that is not a kept page's own path: a page of the
   * route table, written as its path (without "..", "%7E" and such that the app's routers would read
   * otherwise); or the not-found page of a plain path that nothing before the pages answers.
   */
  const keptOtherwise = (url: string): KeptPage | undefined => {
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    // "//x", "/a/../b" and "/%7E" are the app's to read (a redirect, or a path its routers see otherwise).
    if (!PLAIN_PATH.test(path)) return undefined;
    const key = pageCacheKey(url);
    if (key === null) return undefined;
    if (!key.startsWith('404 ')) return key === path || key.startsWith(`${path}?`) ? pages.peek(key) : undefined;
    const notFound = answeredBeforePages ? pages.peek(key) : undefined;
    // Asked last: a kept not-found page means the app's content was loaded to render it.
    return notFound && !answeredBeforePages!(path) ? notFound : undefined;
  };

  const renderPage: RenderPage = async (req, res, view) => {
    const key = view ? null : keyOf(req);
    if (key === null) return render(req, res, view);
    const kept = pages.get(key);
    counted(kept ? 'hit' : 'miss');
    if (kept) {
      sendKeptPage(req, res, kept);
      return;
    }
    const under = rendering.get(key);
    if (under) {
      const page = await under;
      if (page) sendKeptPage(req, res, page);
      else await render(req, res);
      return;
    }
    // A HEAD renders no body to keep.
    if (req.method === 'HEAD') return render(req, res);
    const flight = renderAndKeep(key, req, res);
    rendering.set(key, flight);
    try {
      await flight;
    } finally {
      // Unless an invalidation has let a newer render take its place.
      if (rendering.get(key) === flight) rendering.delete(key);
    }
  };

  return {
    early(req) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
      const url = req.url ?? '/';
      // A page's own path is its key: one lookup; anything else is worked out.
      const page = pages.peek(url) ?? (answeredBeforePages || url.includes('?') ? keptOtherwise(url) : undefined);
      if (page) counted('hit');
      return page;
    },
    renderPage,
    invalidate() {
      generation += 1;
      pages.clear();
      // A request from now on waits for no render of the old content.
      rendering.clear();
    },
  };
}
