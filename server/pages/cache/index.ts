import type { IncomingMessage } from 'node:http';

import type { Request, Response } from 'express';

import { findPage } from '../../../shared/routes';
import { DEFAULT_PAGE_CACHE_MB } from '../../config';
import { keptTokenWindowEnd } from '../../http/formToken';
import type { Logger } from '../../http/logger';
import { withoutQuery } from '../../http/requestStart';
import { hasForm } from '../formPages';
import type { PageHeaders } from '../pageHeaders';
import type { RenderPage, StreamPage } from '../render';
import { ResponseTee } from '../responseTee';
import type { Compressions } from './compressions';
import { createCompressions } from './compressions';
import type { KeptPage } from './send';
import { keptPage, sendKeptPage } from './send';
import { slottedPages } from './slotted';
import { PLAIN_PATH, unknownPathPage } from './unknownPaths';

/** The kept pages' bytes at most, unless a setting says otherwise (PAGE_CACHE_MB, decision 083). */
const DEFAULT_PAGE_CACHE_BYTES = DEFAULT_PAGE_CACHE_MB * 2 ** 20;

/**
 * What a kept page holds in memory, counted the same way every time: its three encodings' bytes and the
 * characters of their headers. The objects around them are left out: a few hundred bytes a page.
 */
export function keptPageBytes(page: KeptPage): number {
  let bytes = 0;
  for (const { body, headers, notModified } of [page.br, page.gzip, page.identity]) {
    bytes += body.length;
    for (const text of headers) bytes += text.length;
    for (const text of notModified) bytes += text.length;
  }
  return bytes;
}

/**
 * Finished pages by key, the least recently used evicted first once their bytes pass the bound. Sound
 * because a page is a pure function of its URL (and of the deploy): no cookie, header or visitor state
 * reaches the render. The keys are finite (pageCacheKey), but the site's articles are many: bounded by
 * bytes, so memory stays flat however many the lab publishes (decision 083).
 */
export class PageCache {
  private readonly pages = new Map<string, { page: KeptPage; used: number; bytes: number; until: number }>();
  /** Counts the uses: each entry holds the count at its last one. */
  private uses = 0;
  private kept = 0;

  constructor(private readonly maxBytes = DEFAULT_PAGE_CACHE_BYTES) {}

  /**
   * The page kept under a key, its use noted. A use is a number written into the entry: moving the entry
   * to the Map's end instead (delete, then set) cost the early answer too much, which then looked without
   * noting a use (decision 049), so a page it answered aged as if unused. Now both callers note theirs for
   * a field write, and the page evicted is the one least recently used by either.
   */
  get(key: string): KeptPage | undefined {
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    // A form page's token window is over (decision 073): it is rendered again with the next one.
    if (entry.until !== 0 && entry.until <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    entry.used = ++this.uses;
    return entry.page;
  }

  /**
   * Keeps a page, until a time (ms) when `until` is given (a form page's token window), else until evicted;
   * beyond the bound, the least recently used go, each found by a scan (a miss, which rendered a page, pays it;
   * a hit pays nothing). A page larger than the whole bound is not kept.
   */
  set(key: string, page: KeptPage, until = 0): void {
    const bytes = keptPageBytes(page);
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.pages.set(key, { page, used: ++this.uses, bytes, until });
    this.kept += bytes;
    while (this.kept > this.maxBytes) {
      let oldest: string | undefined;
      let least = Infinity;
      for (const [candidate, { used }] of this.pages)
        if (used < least) {
          least = used;
          oldest = candidate;
        }
      this.delete(oldest!);
    }
  }

  private delete(key: string): void {
    const entry = this.pages.get(key);
    if (!entry) return;
    this.kept -= entry.bytes;
    this.pages.delete(key);
  }

  clear(): void {
    this.pages.clear();
    this.kept = 0;
  }

  get size(): number {
    return this.pages.size;
  }

  /** The kept pages' bytes, as keptPageBytes counts them. */
  get bytes(): number {
    return this.kept;
  }
}

/**
 * Where a URL's answer is kept: the page's path (an article's own, not its
 * route's "/blog/:slug") plus the query the page reads, normalised (so "/?x=1"
 * is "/"); for a path that is no page, the not-found page of its section and
 * language ("404 en Article" for an unknown article), since that page is the
 * same for every such path (and "404 en Blog?" for a query that names no view
 * of a page); null for what is never kept (a newsletter link's
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
  const query = found.route.readQuery ? found.route.readQuery(searchParams, found.page.locale) : '';
  if (query === null) return null;
  // A query that names no view of the page: its language's not-found page, without script (render.tsx).
  if (query === false) return `404 ${found.page.locale} ${found.route.chunk}?`;
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The URL as it arrived: before Express, req.url; in it, originalUrl, since a router mounted at a path
 * rewrites req.url while it runs.
 */
const urlOf = (req: IncomingMessage) => (req as Partial<Request>).originalUrl ?? req.url ?? '/';

/**
 * How the early answer looks up, before the app's routers have read the path: only a plain path is keyed
 * (PLAIN_PATH; "//x", "/a/../b" and "/%7E" are the routers' to read), and a kept not-found page answers
 * only a path `notFoundFor` allows (none that a route before the pages answers, decision 054).
 */
export interface BeforeTheApp {
  notFoundFor(path: string): boolean;
}

/** The page cache's two callers: the early answer before the app, and the renderer in it. */
export interface PageCaching {
  /**
   * The kept page that answers a GET or HEAD now, counted as a hit; undefined when none is kept for its
   * key, or `beforeTheApp` leaves it to the app. Its answer is sendKeptPage's.
   */
  lookup(req: IncomingMessage, beforeTheApp?: BeforeTheApp): KeptPage | undefined;
  /**
   * The renderer with finished pages kept in memory. Only what is the whole,
   * successful page of a URL is kept: a 200 answer to a GET (or the not-found
   * page's 404), for the URL's own page (not a view), streamed without error;
   * a HEAD is answered from it too. The first visitor still gets the stream
   * (compressed on the fly); visitors who ask meanwhile wait for it (one render,
   * one compression), later ones get the bytes compressed once, at once. A view with a slot (a newsletter
   * link's token) is kept once per view, its slot filled per request (slotted.ts).
   */
  render: RenderPage;
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
  /** Where the pages to keep wait for their compression (decision 092). */
  compressions?: Compressions;
  counted?: CacheLookup;
}

/** The request's id, which the app's first middleware sent already (requestStart): a kept page sends it again. */
const sentId = (res: Response) => String(res.getHeader('X-Request-Id') ?? '');

export function createPageCache(
  render: StreamPage,
  {
    headers,
    logger,
    pages = new PageCache(),
    compressions = createCompressions(),
    counted = () => {},
  }: PageCacheOptions,
): PageCaching {
  // Moves on each invalidation: a render, or its compression, from before one keeps nothing.
  let generation = 0;
  /** Renders under way, by key: a second request for the page waits for the first one's (single flight). */
  const rendering = new Map<string, Promise<KeptPage | undefined>>();
  const slotted = slottedPages(render, headers);

  /**
   * The one lookup, for both callers, by one key (pageCacheKey) of the URL as it arrived: the kept page of
   * a GET or HEAD, its use noted; else the key a render would keep its page under; null where nothing is
   * kept (another method, a newsletter link's token) or `beforeTheApp` leaves the request to the app.
   * No object is made for the answer: the early answer's lookup allocates nothing (decision 056).
   */
  const find = (req: IncomingMessage, beforeTheApp?: BeforeTheApp): KeptPage | string | null => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const url = urlOf(req);
    // A page's plain path is its key (a test checks every page's): one Map lookup for most answers. A query
    // is always read by the key: a blog view's key, which a URL could spell, is not its own key.
    const own = url.includes('?') ? undefined : pages.get(url);
    if (own) return own;
    const path = beforeTheApp && withoutQuery(url);
    if (path !== undefined && !PLAIN_PATH.test(path)) return null;
    const key = pageCacheKey(url);
    if (key === null) return null;
    const page = pages.get(key);
    if (!page) return key;
    // Asked last: a kept not-found page means the app's content was loaded to render it.
    return path !== undefined && key.startsWith('404 ') && !beforeTheApp!.notFoundFor(path) ? null : page;
  };

  /** Renders a page into the response and keeps it; resolves with it kept, or undefined when it could not be. */
  const renderAndKeep = (key: string, req: Request, res: Response) =>
    new Promise<KeptPage | undefined>((resolve, reject) => {
      const from = generation;
      // A form page's token is its window's (decision 073): the page is kept until the window ends.
      const until = hasForm(key) ? keptTokenWindowEnd(Date.now()) : 0;
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
            // Too many pages waiting for their compression: this one is rendered again next time (decision 092).
            const keeping = compressions.run(html.length, () => keptPage(status, html, headers(styleHash)));
            if (!keeping) return resolve(undefined);
            keeping
              .then((page) => {
                if (from === generation) pages.set(key, page, until);
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

  return {
    lookup(req, beforeTheApp) {
      const found = find(req, beforeTheApp);
      if (found === null || typeof found === 'string') return undefined;
      counted('hit');
      return found;
    },
    async render(req, res, view) {
      if (view?.slot !== undefined) {
        const answer = await slotted.send(req, res, { ...view, slot: view.slot });
        counted(answer === 'hit' ? 'hit' : 'miss');
        if (answer === 'yours') await render(req, res, view);
        return;
      }
      const found = view ? null : find(req);
      if (found === null) return render(req, res, view);
      counted(typeof found === 'string' ? 'miss' : 'hit');
      if (typeof found !== 'string') {
        sendKeptPage(req, res, found, sentId(res));
        return;
      }
      const key = found;
      const under = rendering.get(key);
      if (under) {
        const page = await under;
        if (page) sendKeptPage(req, res, page, sentId(res));
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
    },
    invalidate() {
      generation += 1;
      pages.clear();
      slotted.clear();
      // A request from now on waits for no render of the old content.
      rendering.clear();
    },
  };
}
