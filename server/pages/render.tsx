import type { Writable } from 'node:stream';

import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import type { ComponentType, ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';

import { AssetsContext, FormTokenContext, RuntimeContext } from '../../shared/components/contexts';
import { localeOf, localePrefix } from '../../shared/lib/locale';
import type { LoadedPage } from '../../shared/pageShell';
import { loadPage, matchPage } from '../../shared/pageShell';
import { errorDocument } from '../http/errors';
import type { Logger } from '../http/logger';
import type { AssetSource, ViewScript } from '../http/manifest';
import { criticalStyle, hydrationModules, pageAssets } from '../http/manifest';
import { hasForm } from './formPages';
import { matchablePath } from './matchablePath';
import type { PageHeaders } from './pageHeaders';
import { pageShare } from './pageShare';

/**
 * A URL whose query names no view of its page (a page past the blog's last, decision 090): answered with its
 * language's not-found page, as another page's view, so without the script that would hydrate the URL's own
 * page. "*" is no page's path nor any slug, so the path below the language's prefix is the not-found page's.
 */
function noSuchView(originalUrl: string): PageView | undefined {
  const url = new URL(originalUrl, 'http://localhost');
  if (!url.search) return undefined;
  const { handle, page } = matchPage(matchablePath(url.pathname));
  if (handle.route.readQuery?.(url.searchParams, page.locale) !== false) return undefined;
  return { path: `${localePrefix(localeOf(url.pathname))}/*`, status: 404, wrap: (page) => page };
}

/** A render still streaming after this long is cut off, so a stuck page cannot hold a connection. */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * A page shown in answer to a request for another URL: a form posted without
 * JavaScript and shown again with what the visitor sent.
 */
export interface PageView {
  /** The page's own path. */
  path: string;
  status: number;
  /** Wraps the page in the providers that carry the request's values; `slot` is the view's, or what stands for it. */
  wrap: (page: ReactElement, slot?: string) => ReactElement;
  /**
   * The one value of the request the page shows (a newsletter link's token), written as it is: the page
   * cache renders such a view once, with a stand-in, and answers each request with its own value in its
   * place (cache/slotted.ts, decision 064).
   */
  slot?: string;
  /** The script file the page runs instead of hydrating (the booking page's free times). */
  script?: ViewScript;
  /** The page already loaded with what it shows (an article's preview), instead of its path's. */
  loaded?: LoadedPage;
}

/**
 * Renders a page into the response: the page of the request's URL, or with a
 * view, another page for this answer. Rejects only when the route could not
 * be matched or loaded at all (Express passes that on to the error handler).
 */
export type RenderPage = (req: ExpressRequest, res: ExpressResponse, view?: PageView) => Promise<void>;

/** What a wrapper (the page cache) may learn about one render. */
interface RenderHooks {
  /** The headers are set with this status: the document streams into what this returns, or straight into the response. */
  onShellReady?: (status: number, styleHash: string) => Writable | undefined;
  /** Part of the page failed or was cut off: what was sent is not the whole page. */
  onError?: () => void;
}

export type StreamPage = (
  req: ExpressRequest,
  res: ExpressResponse,
  view?: PageView,
  hooks?: RenderHooks,
) => Promise<void>;

interface RendererOptions {
  /** The document for a loaded page, inside the router (the site's PageDocument). */
  App: ComponentType<{ loaded: LoadedPage }>;
  manifest: AssetSource;
  siteUrl: string;
  logger: Logger;
  /** A page's headers, the same its kept answers send (pageHeaders.ts). */
  headers: PageHeaders;
  /** The token a form page carries, the same for every answer of its window (decision 073). */
  formToken: () => Promise<string>;
}

/**
 * The site's server renderer: the route table matches the URL and the page's
 * module and data load (loadPage), then React streams the whole document
 * into the response as soon as its shell is ready.
 */
export function pageRenderer({ App, manifest, siteUrl, logger, headers, formToken }: RendererOptions): StreamPage {
  return async (req, res, given, hooks = {}) => {
    const view = given ?? noSuchView(req.originalUrl);
    // 1. A visitor who leaves mid-render is no error to log; a normal close,
    //    after the last byte, has nothing to abort.
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });

    // 2. Match and load the page. A view is matched by its own path, not by
    //    the URL that was posted to; an encoded line break by what stands for it.
    const url = new URL(view?.path ?? req.originalUrl, 'http://localhost');
    const path = matchablePath(url.pathname);
    const loaded = view?.loaded ?? (await loadPage(path));
    const { page } = loaded;

    // 3. Decide the status now: it goes out with the first byte of the stream.
    //    The not-found page carries its 404 in the route table; a page that
    //    failed to load makes a 500 (the layout shows its error message).
    if (loaded.error !== undefined) logger.error({ err: loaded.error, url: req.originalUrl }, 'route failed');
    const status = loaded.error !== undefined ? 500 : (view?.status ?? page.status ?? 200);

    // 4. The head resources from the build: the page's critical CSS and the
    //    client entry, both inline. A page answering another URL hydrates
    //    nothing (the browser would hydrate that URL's route, not this page):
    //    it carries the entry only to run a script of its own once painted.
    const build = manifest();
    const assets = pageAssets(build, page.chunk, { entry: !view || view.script !== undefined });
    const styleHash = criticalStyle(build, page.chunk).hash;
    const runtime = {
      siteUrl,
      stylesheet: build.stylesheet,
      ...(view
        ? { ...(view.script ? { viewScript: build.viewScripts[view.script] } : {}) }
        : {
            modules: hydrationModules(build, page),
            ...(page.opening ? { opening: page.opening } : {}),
          }),
      ...(page.texts?.includes('posts') && !view
        ? {
            articles: pageShare(matchPage(path).handle.route, page.locale, {
              params: loaded.params,
              search: url.searchParams,
            }),
          }
        : {}),
    };

    // 5. The tree the browser will hydrate, with what only the server knows
    //    (the site's origin, the assets) in context. No page data goes inline:
    //    the page's one script is the entry, allowed by its hash (the runtime
    //    configuration is a JSON data block), and the browser loads the same
    //    page and data itself before it hydrates.
    //    A page with a public form carries its window's token, which the page cache keeps it with.
    const token = hasForm(url.pathname) ? await formToken() : '';
    const tree = (
      <FormTokenContext value={token}>
        <RuntimeContext value={runtime}>
          <AssetsContext value={assets}>
            <StaticRouter location={url.pathname + url.search}>
              <App loaded={loaded} />
            </StaticRouter>
          </AssetsContext>
        </RuntimeContext>
      </FormTokenContext>
    );

    // 6. Stream. At onShellReady everything outside Suspense boundaries is
    //    ready (the pages use none, so the whole page): send the headers, then
    //    pipe into the response (through the page cache's tee when it keeps
    //    the page), where compression flushes as React writes. A shell that
    //    throws gets the static error page; errors after it can only be logged.
    const stream = renderToPipeableStream(view ? view.wrap(tree, view.slot) : tree, {
      // The static sections' Suspense boundaries (see StaticSection) are always complete in the first
      // pass; React would still move a large one to the end of the stream, behind an inline script the
      // CSP forbids. No size limit keeps every boundary in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        res.status(status);
        for (const [name, value] of headers(styleHash, given !== undefined)) res.setHeader(name, value);
        stream.pipe(hooks.onShellReady?.(status, styleHash) ?? res);
      },
      onShellError(error) {
        logger.error({ err: error, url: req.originalUrl }, 'render failed');
        res
          .status(500)
          .type('html')
          .set('Cache-Control', 'no-store')
          .send(errorDocument(build.stylesheet, localeOf(url.pathname)));
      },
      onError(error) {
        hooks.onError?.();
        if (!controller.signal.aborted) logger.error({ err: error, url: req.originalUrl }, 'render error');
      },
    });

    // 7. Cut off a render still going after the time limit.
    const timer = setTimeout(() => stream.abort(), RENDER_TIMEOUT_MS);
    res.on('close', () => clearTimeout(timer));
  };
}
