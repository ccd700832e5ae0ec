import path from 'node:path';

import compression from 'compression';
import express from 'express';
import type { ComponentType } from 'react';

import type { LoadedPage } from '../shared/pageShell';
import { PageDocument } from '../shared/pageShell';
import type { Alerts } from './alerts/alerts';
import { alertKinds, createAlerts } from './alerts/alerts';
import { analyticsSection } from './analytics/consoleRoutes';
import { conversionCounts } from './analytics/conversions';
import { analyticsRoutes } from './analytics/routes';
import { createAnalyticsStore } from './analytics/store';
import { createDailyVisitors } from './analytics/visitors';
import { articleSection } from './articles/consoleRoutes';
import type { ArticleContent } from './articles/content';
import { createArticleContent } from './articles/content';
import { createArticleImages } from './articles/images';
import { articlesLoaded } from './articles/loadedGate';
import { servePublishedArticles } from './articles/pages';
import { articlePreview } from './articles/preview';
import { articlePublicRoutes, isOldSlugPath } from './articles/publicRoutes';
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
import { assetSource } from './http/manifest';
import type { Metrics } from './http/metrics';
import { createMetrics, metricsRoute } from './http/metrics';
import { createRateLimitCounters } from './http/rateLimitCounters';
import { requestStart } from './http/requestStart';
import { securityHeaders } from './http/security';
import { hashedAssets, publicFiles } from './http/static';
import { canonicalPath } from './http/trailingSlash';
import { leadKinds, leadMessages } from './leads/messages';
import { contactRoutes } from './leads/routes';
import { createLeadStore } from './leads/store';
import { campaignHooks, campaignKinds, campaignThrottles } from './newsletter/campaignSending';
import { createCampaignStore } from './newsletter/campaignStore';
import { campaignSection } from './newsletter/consoleRoutes';
import { newsletterEventRoutes } from './newsletter/eventRoutes';
import { newsletterRoutes } from './newsletter/linkRoutes';
import { newsletterKinds, signUpMessages } from './newsletter/messages';
import { createSubscriberStore } from './newsletter/store';
import { subscribeRoutes } from './newsletter/subscribeRoutes';
import { createOutbox } from './outbox/delivery';
import type { OutboxKind } from './outbox/kinds';
import { createPageCache } from './pages/cache';
import type { SiteApp } from './pages/cache/early';
import { withEarlyAnswers } from './pages/cache/early';
import { crawlerRoutes } from './pages/crawlers';
import { feedRoutes } from './pages/feeds';
import { pageHeaders } from './pages/pageHeaders';
import { pageRenderer } from './pages/render';
import { staffConsole } from './staff/console';
import { leadSection } from './staff/leadRoutes';
import { speedSection } from './staff/speedRoutes';
import { subscriberSection } from './staff/subscriberRoutes';
import { vitalsRoutes } from './vitals/routes';

/** Every kind of message the app's stores queue: the outbox worker beside the app (see main.ts) sends these. */
export const outboxKinds: readonly OutboxKind[] = [...leadKinds, ...newsletterKinds, ...campaignKinds, ...alertKinds];

const newsletterKindNames = new Set([...newsletterKinds, ...campaignKinds].map((kind) => kind.name));

/** The newsletter's campaigns over the database, their recipients queued in its outbox. */
export const campaignStore = (db: Database, config: Pick<AppConfig, 'mail' | 'newsletter'>) =>
  createCampaignStore(db, createOutbox(db, config), config.newsletter.bounceLimit);

/** What the features add to the outbox worker's sending (decision 043): hooks and throttles by kind. */
export const outboxSending = (db: Database, config: Pick<AppConfig, 'mail' | 'newsletter' | 'siteUrl'>) => ({
  hooks: campaignHooks(db, campaignStore(db, config), {
    siteUrl: config.siteUrl,
    bounceLimit: config.newsletter.bounceLimit,
  }),
  throttles: campaignThrottles(config.newsletter.ratePerMinute),
});

/**
 * What the outbox worker (main.ts) reports of each attempt: counted by kind, and a newsletter e-mail sent
 * also as the newsletter's, under its kind without the prefix (confirmation, campaign, test).
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
  /** Tells the campaign runner (main.ts) that a campaign was scheduled to go now. */
  wakeCampaigns?: () => void;
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

export type { SiteApp };

/**
 * Builds the site without listening: kept pages are answered before the Express app (decision 049), which
 * handles everything else, its middleware in the order written here.
 */
export function createApp(
  config: AppConfig,
  {
    db,
    logger,
    App = PageDocument,
    wakeOutbox = () => {},
    wakeCampaigns = () => {},
    afterAnswer = createAfterAnswer(logger),
    drain = createDrain(),
    metrics = createMetrics(),
    alerts = appAlerts(db, config, metrics, wakeOutbox),
    articles,
  }: AppOptions,
): SiteApp {
  const clientDir = path.join(config.rootDir, 'dist', 'client');
  const assets = assetSource(path.join(clientDir, 'manifest.json'), config);
  const security = securityHeaders(config, assets);
  // Every page's headers, from its first render to its kept answers, come from here.
  const headers = pageHeaders(security);
  const render = pageRenderer({ App, manifest: assets, siteUrl: config.siteUrl, logger, headers });
  const lookups = {
    hit: metrics.pageCache.tally({ result: 'hit' }),
    miss: metrics.pageCache.tally({ result: 'miss' }),
  };
  // The articles live in the database (decision 052): the pages, feeds and sitemap show what is published
  // now, and every kept page is forgotten when that changes.
  const articleStore = createArticleStore(db);
  const articleImages = createArticleImages(db);
  const content = articles ?? createArticleContent(articleStore, config.rootDir, logger);
  // Finished pages are kept in memory, except in development, where every build changes them.
  const cache = config.dev
    ? undefined
    : createPageCache(render, { headers, logger, counted: (result) => lookups[result]() });
  const start = requestStart(config.trustProxy, logger, metrics);
  const renderPage = cache?.render ?? render;
  const { siteUrl } = config;
  servePublishedArticles(content);
  if (cache) content.onChange(() => cache.invalidate());
  // The stores queue what they send in their own transactions; wakeOutbox has it sent at once.
  const outbox = createOutbox(db, config);
  const analytics = createAnalyticsStore(db, createDailyVisitors(db, new URL(siteUrl).host));
  const conversions = conversionCounts(analytics, afterAnswer);
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
    { confirmationsPerHour: config.confirmationsPerHour, logger, confirmed: conversions.confirmed },
  );
  // A sign-in lock is told to the lab at once, as an alert (the console has no administrator role).
  // The lock itself is in place already: a failed check is logged, and the next scheduled one retries.
  const locked = () =>
    alerts.check().then(
      () => undefined,
      (error: unknown) => logger.error({ err: error }, 'alert check failed'),
    );
  // One limit over every process: in the database when instances share PostgreSQL or WEB_CONCURRENCY
  // workers share SQLite (decision 050); in memory for a single SQLite process.
  const shared = db.engine === 'postgres' || config.webConcurrency > 1;
  const counters = shared ? createRateLimitCounters(db) : undefined;

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
  app.use(healthRoutes(db, content.loaded)); // probes answer early and cheaply, and are never cached
  app.use('/static', ...hashedAssets(path.join(clientDir, 'static'))); // hashed build output: immutable, precompressed, a plain 404
  app.use(articlesLoaded(content)); // what follows shows the articles: it waits for their first load, for a few seconds at most
  app.use(crawlerRoutes(siteUrl)); // robots.txt and sitemap.xml, from the route table
  app.use(feedRoutes(siteUrl)); // the blog's RSS and Atom feeds
  app.use(articlePublicRoutes(content, articleImages)); // the articles' JSON, uploaded images, an old slug's 301
  app.use(vitalsRoutes(db, siteUrl, logger, counters)); // the field-speed beacon
  app.use(analyticsRoutes({ store: analytics, siteUrl, afterAnswer, counters })); // page views and conversion clicks
  app.use(subscribeRoutes({ store: subscribers, siteUrl, afterAnswer, counters, converted: conversions.signUp })); // the newsletter box
  app.use(newsletterRoutes({ store: subscribers, siteUrl, renderPage, counters })); // the newsletter e-mails' confirm and unsubscribe links
  const { eventsSecret } = config.newsletter;
  if (eventsSecret) app.use(newsletterEventRoutes({ db, siteUrl, secret: eventsSecret, counters })); // a mail provider's signed bounces and complaints
  app.use(contactRoutes({ store: leads, logger, siteUrl, renderPage, counters, converted: conversions.lead })); // the contact form; it re-renders its page on refusal
  // The staff console: before the page catch-all, since /staff is no public page (never in the page cache).
  const newsletter = {
    campaigns: campaignStore(db, config),
    wakeOutbox,
    wakeCampaigns,
    ratePerMinute: config.newsletter.ratePerMinute,
  };
  const preview = articlePreview({
    render,
    rootDir: config.rootDir,
    publishedPosts: (locale) => content.current().posts[locale],
  });
  // Each feature's section of the console, in the header's order.
  const sections = [
    leadSection(db),
    subscriberSection(db),
    campaignSection(newsletter, siteUrl),
    speedSection(db),
    analyticsSection(db),
    articleSection({
      store: articleStore,
      rootDir: config.rootDir,
      preview,
      changed: () => content.refresh(),
      images: articleImages,
    }),
  ];
  app.use(
    staffConsole({
      db,
      logger,
      siteUrl,
      assets,
      counters,
      locked,
      alerts: () => alerts.active(),
      sections,
    }),
  );
  app.use(publicFiles(path.join(config.rootDir, 'public'))); // icons, images, video: only paths with an extension
  app.use(canonicalPath); // one URL per page: "/services/" → 301 "/services", never to another host
  app.get('/{*splat}', (req, res) => renderPage(req, res)); // every other GET is a page, or the 404 page
  app.use(errorHandler(logger, () => metrics.unhandledErrors.inc({ where: 'request' }))); // last: a short JSON reason for client errors, a logged 500 for the rest
  // Kept pages go out before the app (decisions 049, 054, 056), and the kept not-found page of a plain
  // path that none of these paths names; the app refuses to start if they leave out a route above.
  return withEarlyAnswers(app, {
    cache,
    drain,
    start,
    beforePages: {
      prefixes: ['/api', '/healthz', '/media', '/metrics', '/readyz', '/staff', '/static'],
      fileNames: true, // robots.txt, sitemap.xml, the feeds, the public files
      oldSlug: isOldSlugPath(content),
    },
  });
}
