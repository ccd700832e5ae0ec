import path from 'node:path';

import compression from 'compression';
import express from 'express';
import type { ComponentType } from 'react';

import type { LoadedPage } from '../shared/pageShell';
import { PageDocument } from '../shared/pageShell';
import type { Alerts } from './alerts/alerts';
import { alertKinds, createAlerts } from './alerts/alerts';
import { articleRoutes } from './articles/consoleRoutes';
import type { ArticleContent } from './articles/content';
import { createArticleContent } from './articles/content';
import { createArticleImages } from './articles/images';
import { servePublishedArticles } from './articles/pages';
import { articlePreview } from './articles/preview';
import { articlePublicRoutes } from './articles/publicRoutes';
import { createArticleStore } from './articles/store';
import type { AppConfig } from './config';
import type { Database } from './db';
import type { AfterAnswer } from './http/afterAnswer';
import { createAfterAnswer } from './http/afterAnswer';
import type { Drain } from './http/drain';
import { createDrain } from './http/drain';
import { errorHandler } from './http/errors';
import { healthRoutes } from './http/health';
import type { Logger } from './http/logger';
import { requestLog } from './http/logger';
import { assetSource } from './http/manifest';
import type { Metrics } from './http/metrics';
import { createMetrics, metricsRoute, requestMetrics } from './http/metrics';
import { createRateLimitCounters } from './http/rateLimitCounters';
import { requestId } from './http/requestId';
import { securityHeaders } from './http/security';
import { hashedAssets, publicFiles } from './http/static';
import { canonicalPath } from './http/trailingSlash';
import { leadKinds, leadMessages } from './leads/messages';
import { contactRoutes } from './leads/routes';
import { createLeadStore } from './leads/store';
import { newsletterRoutes } from './newsletter/linkRoutes';
import { newsletterKinds, signUpMessages } from './newsletter/messages';
import { createSubscriberStore } from './newsletter/store';
import { subscribeRoutes } from './newsletter/subscribeRoutes';
import { createOutbox } from './outbox/delivery';
import type { OutboxKind } from './outbox/kinds';
import { crawlerRoutes } from './pages/crawlers';
import { feedRoutes } from './pages/feeds';
import { pageCache } from './pages/pageCache';
import { pageRenderer } from './pages/render';
import { staffConsole } from './staff/console';
import { vitalsRoutes } from './vitals/routes';

/** Every kind of message the app's stores queue: the outbox worker beside the app (see main.ts) sends these. */
export const outboxKinds: readonly OutboxKind[] = [...leadKinds, ...newsletterKinds, ...alertKinds];

const newsletterKindNames = new Set(newsletterKinds.map((kind) => kind.name));

/**
 * What the outbox worker (main.ts) reports of each attempt: counted by kind, and a newsletter e-mail sent
 * also as the newsletter's, under its kind without the prefix (confirmation; a campaign's later).
 */
export const countOutboxAttempt =
  (metrics: Metrics) =>
  (kind: string, outcome: 'sent' | 'error'): void => {
    metrics.outboxSends.inc({ kind, outcome });
    if (outcome === 'sent' && newsletterKindNames.has(kind))
      metrics.newsletterEmails.inc({ kind: kind.replace(/^newsletter-/, '') });
  };

/** The lab's alerts, e-mailed through the outbox and counted; main.ts also runs their scheduled check. */
export function appAlerts(db: Database, config: AppConfig, metrics: Metrics, wakeOutbox: () => void): Alerts {
  return createAlerts(
    db,
    { ...config.alerts, dataDir: config.dataDir, siteUrl: config.siteUrl },
    { outbox: createOutbox(db, config), committed: wakeOutbox, fired: (alert) => metrics.alertsFired.inc({ alert }) },
  );
}

export interface AppOptions {
  /** The open database; whoever opened it closes it. */
  db: Database;
  logger: Logger;
  /** The document to render for a page; the site's own by default. */
  App?: ComponentType<{ loaded: LoadedPage }>;
  /**
   * Tells the outbox worker (which runs beside the app, see main.ts) that a
   * commit queued messages, so they go out at once rather than at its next poll.
   */
  wakeOutbox?: () => void;
  /** Work routes do once they have answered; whoever stops the server waits for it (see main.ts). */
  afterAnswer?: AfterAnswer;
  /** The graceful stop main.ts begins on SIGTERM; never begun by default. */
  drain?: Drain;
  /** The process's metrics (main.ts shares them with the outbox worker and the database); the app's own by default. */
  metrics?: Metrics;
  /** The alerts (appAlerts): the console shows the active ones, and a sign-in lock checks them at once. */
  alerts?: Alerts;
  /** The published articles, which main.ts keeps following; loaded once from the database by default. */
  articles?: ArticleContent;
}

/** Builds the site's Express app without listening. Middleware runs in the order written here. */
export function createApp(
  config: AppConfig,
  {
    db,
    logger,
    App = PageDocument,
    wakeOutbox = () => {},
    afterAnswer = createAfterAnswer(logger),
    drain = createDrain(),
    metrics = createMetrics(),
    alerts = appAlerts(db, config, metrics, wakeOutbox),
    articles,
  }: AppOptions,
): express.Express {
  const clientDir = path.join(config.rootDir, 'dist', 'client');
  const assets = assetSource(path.join(clientDir, 'manifest.json'), config);
  const render = pageRenderer({
    App,
    manifest: assets,
    siteUrl: config.siteUrl,
    logger,
  });
  // Finished pages are kept in memory, except in development, where every build changes them.
  const cache = config.dev
    ? undefined
    : pageCache(render, logger, undefined, (result) => metrics.pageCache.inc({ result }));
  const renderPage = cache?.renderPage ?? render;
  const { siteUrl } = config;
  // The articles live in the database (decision 052): the pages, feeds and sitemap show what is published
  // now, and every kept page is forgotten when that changes.
  const articleStore = createArticleStore(db);
  const articleImages = createArticleImages(db);
  const content = articles ?? createArticleContent(articleStore, config.rootDir, logger);
  servePublishedArticles(content);
  if (cache) content.onChange(() => cache.invalidate());
  // The stores queue what they send in their own transactions; wakeOutbox has it sent at once.
  const outbox = createOutbox(db, config);
  const leadCommitted = () => {
    metrics.leadsReceived.inc();
    wakeOutbox();
  };
  const leads = createLeadStore(db, {
    outbox,
    messagesFor: leadMessages(config.mail, siteUrl),
    committed: leadCommitted,
  });
  metrics.watchOutbox(() => outbox.stats());
  const subscribers = createSubscriberStore(
    db,
    { outbox, messagesFor: signUpMessages(siteUrl), committed: wakeOutbox },
    { confirmationsPerHour: config.confirmationsPerHour, logger },
  );
  // A sign-in lock is told to the lab at once, as an alert (the console has no administrator role).
  // The lock itself is in place already: a failed check is logged, and the next scheduled one retries.
  const locked = () =>
    alerts.check().then(
      () => undefined,
      (error: unknown) => logger.error({ err: error }, 'alert check failed'),
    );
  // One limit over every instance when they share PostgreSQL; in memory for the single SQLite process.
  const counters = db.engine === 'postgres' ? createRateLimitCounters(db) : undefined;

  const app = express();
  app.disable('x-powered-by'); // says nothing about the stack to a scanner
  app.set('trust proxy', config.trustProxy); // req.ip is the client's, not the proxy's: the rate limits key on it

  app.use(requestId(config.trustProxy)); // first: every answer carries X-Request-Id, every log line of the request its id
  app.use(requestLog(logger)); // so every answer below is logged with its status and time
  app.use(requestMetrics(metrics)); // and counted and timed by its route pattern
  app.use(...securityHeaders(config, assets)); // before anything answers, so every answer carries them
  app.use(drain.handler); // after SIGTERM: 503 for /readyz and every new request, while those under way finish
  app.use(metricsRoute(metrics, config.metricsToken)); // Prometheus, with METRICS_TOKEN only; else no such path
  if (cache) app.use(cache.keptPages); // a kept page goes out as nginx would send a file, before the rest has work to do
  app.use(compression()); // wraps res before any body is written; React's stream calls its flush()
  app.use(healthRoutes(db)); // probes answer early and cheaply, and are never cached
  app.use('/static', ...hashedAssets(path.join(clientDir, 'static'))); // hashed build output: immutable, precompressed, a plain 404
  app.use((_req, _res, next) => void content.ready.then(() => next(), next)); // what follows shows the articles: once they are loaded
  app.use(crawlerRoutes(siteUrl)); // robots.txt and sitemap.xml, from the route table
  app.use(feedRoutes(siteUrl)); // the blog's RSS and Atom feeds
  app.use(articlePublicRoutes(content, articleStore, articleImages)); // the articles' JSON, uploaded images, an old slug's 301
  app.use(vitalsRoutes(db, siteUrl, logger, counters)); // the field-speed beacon
  app.use(subscribeRoutes({ store: subscribers, siteUrl, afterAnswer, counters })); // the newsletter box
  app.use(newsletterRoutes({ store: subscribers, siteUrl, renderPage, counters })); // the newsletter e-mails' confirm and unsubscribe links
  app.use(contactRoutes({ store: leads, logger, siteUrl, renderPage, counters })); // the contact form; it re-renders its page on refusal
  // The staff console: before the page catch-all, since /staff is no public page (never in the page cache).
  const preview = articlePreview({
    render,
    rootDir: config.rootDir,
    publishedPosts: (locale) => content.current().posts[locale],
  });
  const sections = [
    articleRoutes({
      store: articleStore,
      rootDir: config.rootDir,
      preview,
      changed: () => content.refresh(),
      images: articleImages,
    }),
  ];
  app.use(staffConsole({ db, logger, siteUrl, assets, counters, locked, alerts: () => alerts.active(), sections }));
  app.use(publicFiles(path.join(config.rootDir, 'public'))); // icons, images, video: only paths with an extension
  app.use(canonicalPath); // one URL per page: "/services/" → 301 "/services", never to another host
  app.get('/{*splat}', (req, res) => renderPage(req, res)); // every other GET is a page, or the 404 page
  app.use(errorHandler(logger, () => metrics.unhandledErrors.inc({ where: 'request' }))); // last: a short JSON reason for client errors, a logged 500 for the rest
  return app;
}
