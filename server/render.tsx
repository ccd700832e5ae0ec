import type { RequestHandler } from 'express';
import { renderToPipeableStream } from 'react-dom/server';
import type { RouteObject } from 'react-router';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { AssetsContext } from '../shared/lib/assets';
import { RuntimeContext } from '../shared/lib/runtime';
import type { PageRoute } from '../shared/routes';
import { notFoundPage } from '../shared/routes';
import { errorDocument } from './errorDocument';
import type { Logger } from './logger';
import type { BuildManifest } from './manifest';
import { pageAssets } from './manifest';
import { PageCache, recordBody } from './pageCache';

/** A render still streaming after this long is cut off, so a stuck page cannot hold a connection. */
const RENDER_TIMEOUT_MS = 10_000;

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
    const request = new Request(new URL(req.originalUrl, 'http://localhost'), { signal: controller.signal });

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

    const page = (context.matches.at(-1)?.route.handle as PageRoute | undefined) ?? notFoundPage;
    const status = context.errors ? 500 : (page.status ?? context.statusCode);
    if (context.errors) logger.error({ err: Object.values(context.errors)[0], url: req.originalUrl }, 'route failed');
    const build = manifest();
    const router = createStaticRouter(handler.dataRoutes, context);

    let failed = false;
    const stream = renderToPipeableStream(
      <RuntimeContext value={runtime}>
        <AssetsContext value={pageAssets(build, page.chunk)}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AssetsContext>
      </RuntimeContext>,
      {
        bootstrapModules: [build.entry],
        onShellReady() {
          htmlHeaders(res, status);
          // Only whole, successful pages are kept; a HEAD request carries no body to keep.
          if (cache && status === 200 && req.method === 'GET') {
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
