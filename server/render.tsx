import type { RequestHandler } from 'express';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { RouteObject } from 'react-router';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { AssetsContext } from '../shared/lib/assets';
import { RuntimeContext } from '../shared/lib/runtime';
import { pageOf } from '../shared/routes';
import { errorDocument } from './errorDocument';
import type { Logger } from './logger';
import type { BuildManifest } from './manifest';
import { pageAssets } from './manifest';
import { PageCache, recordBody } from './pageCache';

/** A render still streaming after this long is cut off, so a stuck page cannot hold a connection. */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * A page shown in answer to a request for another URL: a form posted without
 * JavaScript and shown again with what the visitor sent. Set on
 * res.locals.pageView before calling the renderer.
 */
export interface PageView {
  /** The page's own path. */
  path: string;
  status: number;
  /** Wraps the page in the providers that carry the request's values. */
  wrap: (page: ReactElement) => ReactElement;
}

declare module 'express-serve-static-core' {
  interface Locals {
    pageView?: PageView;
  }
}

interface RendererOptions {
  routes: RouteObject[];
  manifest: () => BuildManifest;
  siteUrl: string;
  logger: Logger;
  /** Keep finished pages in memory (off in development, where every build changes them). */
  cache: boolean;
}

function htmlHeaders(res: Parameters<RequestHandler>[1], status: number): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
}

/**
 * Streams every page: the static handler matches the URL and loads the
 * route's lazy module, then React streams the whole document into the
 * response as soon as the shell is ready (the status is decided before).
 */
export function pageRenderer({ routes, manifest, siteUrl, logger, cache }: RendererOptions): RequestHandler {
  const handler = createStaticHandler(routes);
  const runtime = { siteUrl };
  const pages = new PageCache();

  return async (req, res, next) => {
    const cached = cache && req.method === 'GET' ? pages.get(req.originalUrl) : undefined;
    if (cached) {
      htmlHeaders(res, cached.status);
      res.send(cached.html);
      return;
    }

    const controller = new AbortController();
    // A visitor who leaves mid-render stops the work; a normal close has nothing to abort.
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const view = res.locals.pageView;
    const request = new Request(new URL(view?.path ?? req.originalUrl, 'http://localhost'), { signal: controller.signal });

    let context: Awaited<ReturnType<typeof handler.query>>;
    try {
      context = await handler.query(request);
    } catch (error) {
      next(error);
      return;
    }
    if (context instanceof Response) {
      res.redirect(context.status, context.headers.get('Location') ?? '/');
      return;
    }

    const page = pageOf(context.matches.map((match) => match.route));
    const status = context.errors ? 500 : (view?.status ?? page.status ?? context.statusCode);
    if (context.errors) logger.error({ err: Object.values(context.errors)[0], url: req.originalUrl }, 'route failed');
    const build = manifest();
    const router = createStaticRouter(handler.dataRoutes, context);

    // A page answering another URL ships no script: the browser would hydrate its URL's route, not this page.
    const assets = pageAssets(build, page.chunk);
    const tree = (
      <RuntimeContext value={runtime}>
        <AssetsContext value={view ? { ...assets, modulePreloads: [] } : assets}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AssetsContext>
      </RuntimeContext>
    );
    let failed = false;
    const stream = renderToPipeableStream(
      view ? view.wrap(tree) : tree,
      {
        bootstrapModules: view ? [] : [build.entry],
        onShellReady() {
          htmlHeaders(res, status);
          // Only whole, successful pages of a URL are kept; a HEAD request carries no body to keep.
          if (cache && !view && status === 200 && req.method === 'GET') {
            recordBody(res, (html) => {
              if (!failed) pages.set(req.originalUrl, { status, html });
            });
          }
          stream.pipe(res);
        },
        onShellError(error) {
          logger.error({ err: error, url: req.originalUrl }, 'render failed');
          res.status(500).type('html').set('Cache-Control', 'no-store').send(errorDocument(build.stylesheet));
        },
        onError(error) {
          failed = true;
          if (!controller.signal.aborted) logger.error({ err: error, url: req.originalUrl }, 'render error');
        },
      },
    );
    const timer = setTimeout(() => stream.abort(), RENDER_TIMEOUT_MS);
    res.on('close', () => clearTimeout(timer));
  };
}
