import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

import compression from 'compression';
import express from 'express';
import type { ComponentType } from 'react';

import type { LoadedPage } from '../shared/pageShell';
import { PageDocument } from '../shared/pageShell';
import { localizedRoutes } from '../shared/routes';
import { alerts } from './alerts';
import { analytics } from './analytics';
import { articles } from './articles';
import type { ArticleContent } from './articles/content';
import type { AppConfig } from './config';
import { staffConsole } from './console/console';
import type { Database } from './db';
import type { AfterAnswer } from './http/afterAnswer';
import { createAfterAnswer } from './http/afterAnswer';
import type { Drain } from './http/drain';
import { createDrain } from './http/drain';
import { errorHandler } from './http/errors';
import { healthRoutes } from './http/health';
import type { Logger } from './http/logger';
import { assetSource } from './http/manifest';
import type { Metrics } from './http/metrics';
import { createMetrics, metricsRoute } from './http/metrics';
import { createRateLimitCounters } from './http/rateLimitCounters';
import { requestStart } from './http/requestStart';
import type { AppRoute } from './http/routesAnswering';
import { appRoutes, unnamedRoutes } from './http/routesAnswering';
import { securityHeaders } from './http/security';
import { hashedAssets, publicFiles } from './http/static';
import { canonicalPath } from './http/trailingSlash';
import { identity } from './identity';
import { leads } from './leads';
import { newsletter } from './newsletter';
import { createOutbox } from './outbox/delivery';
import { crawlerRoutes } from './pages/crawlers';
import { feedRoutes } from './pages/feeds';
import { pageCache, sendKeptPage } from './pages/pageCache';
import { pageHeaders } from './pages/pageHeaders';
import { pageRenderer } from './pages/render';
import { privacy } from './privacy';
import type { Job, OutboxPart } from './site/feature';
import type { Site } from './site/services';
import { vitals } from './vitals';

export interface AppOptions {
  /** The open database; whoever opened it closes it. */
  db: Database;
  logger: Logger;
  /** The document to render for a page; the site's own by default. */
  App?: ComponentType<{ loaded: LoadedPage }>;
  /** Has the outbox worker (main.ts) send what a commit queued at once rather than at its next poll. */
  wakeOutbox?: () => void;
  /** Has the campaign runner look now; by default the one the newsletter's job starts. */
  wakeCampaigns?: () => void;
  /** Work routes do once they have answered; whoever stops the server waits for it (see main.ts). */
  afterAnswer?: AfterAnswer;
  /** The graceful stop main.ts begins on SIGTERM; never begun by default. */
  drain?: Drain;
  /** The process's metrics (main.ts shares them with the outbox worker and the database); the app's own by default. */
  metrics?: Metrics;
  /** The published articles (a test's); loaded from the database by default. */
  articles?: ArticleContent;
}

/**
 * The site as Node's request listener, for a server (main.ts) or a test (supertest); with the Express app's
 * routes (the console's authorisation test walks them), and what main.ts runs beside it: the features'
 * scheduled jobs, and what the outbox worker sends for them.
 */
export type SiteApp = ((req: IncomingMessage, res: ServerResponse) => void) & {
  routes(): AppRoute[];
  jobs: readonly Job[];
  outbox: Required<OutboxPart>;
};

/** What the app answers before its pages, besides what the features name (decision 054). */
const PLATFORM_PATHS = ['/api', '/healthz', '/metrics', '/readyz', '/staff', '/static'];

/**
 * Builds the site without listening. Kept pages are answered before the Express app (decision 049), which
 * handles everything else, its middleware and features in the order written here.
 */
export function createApp(config: AppConfig, options: AppOptions): SiteApp {
  const { db, logger, App = PageDocument, afterAnswer = createAfterAnswer(logger), drain = createDrain() } = options;
  const metrics = options.metrics ?? createMetrics();
  const clientDir = path.join(config.rootDir, 'dist', 'client');
  const assets = assetSource(path.join(clientDir, 'manifest.json'), config);
  const security = securityHeaders(config, assets);
  const headers = pageHeaders(security); // every page's headers, from its first render to its kept answers
  const render = pageRenderer({ App, manifest: assets, siteUrl: config.siteUrl, logger, headers });
  const lookups = {
    hit: metrics.pageCache.tally({ result: 'hit' }),
    miss: metrics.pageCache.tally({ result: 'miss' }),
  };
  // Finished pages are kept in memory, except in development, where every build changes them.
  const answeredBefore = { test: (_path: string) => false };
  const cache = config.dev
    ? undefined
    : pageCache(render, {
        headers,
        logger,
        counted: (result) => lookups[result](),
        answeredBeforePages: (p) => answeredBefore.test(p),
      });
  const outbox = createOutbox(db, config);
  metrics.watchOutbox(() => outbox.stats());
  // One limit over every process: in the database when instances share PostgreSQL or WEB_CONCURRENCY
  // workers share SQLite (decision 050); in memory for a single SQLite process.
  const counters = db.engine === 'postgres' || config.webConcurrency > 1 ? createRateLimitCounters(db) : undefined;
  const site: Site = {
    ...{ config, db, logger, metrics, afterAnswer, outbox, counters, assets, render },
    wakeOutbox: options.wakeOutbox ?? (() => {}),
    renderPage: cache?.renderPage ?? render,
  };

  // The features, each from its front door (server/<feature>/index.ts), in the console header's order.
  const counted = analytics(site);
  const published = articles(site, { content: options.articles });
  const lab = alerts(site);
  const legal = identity(site); // the lab's legal identity, from its settings
  const features = [
    leads(site, { conversions: counted.conversions }),
    newsletter(site, { conversions: counted.conversions, wakeCampaigns: options.wakeCampaigns }),
    vitals(site),
    counted,
    published,
    lab,
    privacy(site),
    legal,
  ];
  // The articles live in the database (decision 052): every kept page is forgotten when what is published changes.
  if (cache) published.content.onChange(() => cache.invalidate());
  const beforePages = [...PLATFORM_PATHS, ...features.flatMap((feature) => feature.paths ?? [])];
  const named = new RegExp(
    `^(?:${beforePages.map((p) => p.replaceAll('/', '\\/')).join('|')})(?:\\/|$)|\\.[^/]*$`,
    'i',
  );
  answeredBefore.test = (p) => named.test(p) || published.isOldSlug(p);

  const start = requestStart(config.trustProxy, logger, metrics);
  const app = express();
  app.disable('x-powered-by'); // says nothing about the stack to a scanner
  app.set('trust proxy', config.trustProxy); // req.ip is the client's, not the proxy's: the rate limits key on it
  // First: every answer carries X-Request-Id, every log line of the request its id; each answer is logged
  // with its status and time, and counted and timed by its route pattern.
  app.use(start.handler);
  app.use(security); // before anything answers, so every answer carries them
  app.use(drain.handler); // after SIGTERM: 503 for /readyz and every new request, while those under way finish
  app.use(metricsRoute(metrics, config.metricsToken)); // Prometheus, with METRICS_TOKEN only; else no such path
  app.use(compression()); // wraps res before any body is written; React's stream calls its flush()
  app.use(healthRoutes(db, published.content.loaded)); // probes answer early and cheaply, and are never cached
  app.use('/static', ...hashedAssets(path.join(clientDir, 'static'))); // hashed build output: immutable, precompressed, a plain 404
  app.use(published.loaded); // what follows shows the articles: it waits for their first load, for a few seconds at most
  app.use(crawlerRoutes(config.siteUrl)); // robots.txt and sitemap.xml, from the route table
  app.use(feedRoutes(config.siteUrl)); // the blog's RSS and Atom feeds
  for (const feature of features) if (feature.routes) app.use(feature.routes); // each feature's API and links
  app.use(
    staffConsole({
      ...{ db, logger, siteUrl: config.siteUrl, assets, counters },
      // A sign-in lock is told to the lab at once, as an alert; a failed check is logged, the next one retries.
      locked: () =>
        lab.alerts.check().then(
          () => undefined,
          (error: unknown) => logger.error({ err: error }, 'alert check failed'),
        ),
      alerts: async () => [...legal.alerts, ...(await lab.alerts.active())],
      sections: features.flatMap((feature) => feature.console ?? []),
    }),
  ); // before the page catch-all: /staff is no public page (never in the page cache)
  app.use(publicFiles(path.join(config.rootDir, 'public'))); // icons, images, video: only paths with an extension
  app.use(canonicalPath); // one URL per page: "/services/" → 301 "/services", never to another host
  app.get('/{*splat}', (req, res) => site.renderPage(req, res)); // every other GET is a page, or the 404 page
  app.use(errorHandler(logger, () => metrics.unhandledErrors.inc({ where: 'request' }))); // last: a short JSON reason for client errors, a logged 500 for the rest
  // The early not-found answer must hide none of the routes above: the app refuses to start otherwise.
  const pagePaths = new Set(['/{*splat}', ...localizedRoutes().map(({ path }) => path)]);
  const hidden = unnamedRoutes(app.router, (p) => named.test(p), pagePaths);
  if (hidden.length)
    throw new Error(`Routes answered before the pages, not named in beforePages: ${hidden.join(', ')}`);

  // A kept page goes out as nginx would send a file, before Express has any work to do (decision 049).
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const kept = drain.draining ? undefined : cache?.early(req);
    if (!kept) {
      app(req, res);
      return;
    }
    start.sendNow(req, res, (requestId) => sendKeptPage(req, res, kept, requestId));
    // Bytes a slow reader has not taken yet keep the answer under way until they are sent (decision 056).
    if (res.socket?.writableLength) drain.track(res);
  };
  const parts = features.flatMap((feature) => (feature.outbox ? [feature.outbox] : []));
  return Object.assign(listener, {
    routes: () => appRoutes(app.router),
    jobs: features.flatMap((feature) => feature.jobs ?? []),
    outbox: {
      kinds: parts.flatMap((part) => part.kinds),
      hooks: Object.assign({}, ...parts.map((part) => part.hooks)),
      throttles: Object.assign({}, ...parts.map((part) => part.throttles)),
      attempted: (kind: string, outcome: 'sent' | 'error') => {
        metrics.outboxSends.inc({ kind, outcome });
        for (const part of parts) part.attempted?.(kind, outcome);
      },
    },
  });
}
