import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import compression from 'compression';
import express from 'express';
import type { RouteObject } from 'react-router';
import { createRoutes } from '../shared/routeTree';
import type { AppConfig } from './config';
import { openDatabase } from './db';
import { errorHandler } from './http';
import { createLogger } from './logger';
import type { Logger } from './logger';
import { readManifest } from './manifest';
import { withPageCache } from './pageCache';
import { pageRenderer } from './render';
import { contactRoutes } from './routes/contact';
import { crawlerRoutes } from './routes/crawlers';
import { healthRoutes } from './routes/health';
import { subscribeRoutes } from './routes/subscribe';
import { vitalsRoutes } from './routes/vitals';
import { securityHeaders } from './security';
import { hashedAssets, publicFiles } from './static';

declare module 'express-serve-static-core' {
  interface Locals {
    db: DatabaseSync;
    logger: Logger;
  }
}

export interface AppOptions {
  /** The React Router tree to render; the site's own by default. */
  routes?: RouteObject[];
  logger?: Logger;
}

/** One structured line per request, written when the response is done. */
function requestLog(logger: Logger): express.RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      logger.info(
        {
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - start) / 1000n) / 1000,
          bytes: Number(res.getHeader('Content-Length') ?? 0) || undefined,
        },
        'request',
      );
    });
    next();
  };
}

/** Builds the site's Express app without listening; the caller owns app.locals.db and closes it. */
export function createApp(config: AppConfig, options: AppOptions = {}): express.Express {
  const logger = options.logger ?? createLogger(config);
  const db = openDatabase(config.dataDir);
  const clientDir = path.join(config.rootDir, 'dist', 'client');
  const manifestFile = path.join(clientDir, 'manifest.json');
  const built = config.dev ? null : readManifest(manifestFile);

  const render = pageRenderer({
    routes: options.routes ?? createRoutes(),
    manifest: () => built ?? readManifest(manifestFile),
    siteUrl: config.siteUrl,
    logger,
  });
  // Finished pages are kept in memory, except in development, where every build changes them.
  const renderPage = config.dev ? render : withPageCache(render);

  const app = express();
  app.locals.db = db;
  app.locals.logger = logger;
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(requestLog(logger));
  app.use(securityHeaders(config));
  app.use(compression());
  app.use(healthRoutes(db));
  app.use('/static', ...hashedAssets(path.join(clientDir, 'static')));
  app.use(crawlerRoutes(config.siteUrl));
  app.use(vitalsRoutes(logger));
  app.use(subscribeRoutes(db));
  app.use(contactRoutes({ db, logger, renderPage }));
  app.use(publicFiles(path.join(config.rootDir, 'public')));

  // One URL per page: "/services/" answers with a permanent redirect to "/services".
  app.use((req, res, next) => {
    if (req.path.length > 1 && req.path.endsWith('/')) {
      const query = req.originalUrl.slice(req.path.length);
      res.redirect(301, req.path.replace(/\/+$/, '') + query);
      return;
    }
    next();
  });
  app.get('/{*splat}', (req, res) => renderPage(req, res));
  app.use(errorHandler(logger));
  return app;
}
