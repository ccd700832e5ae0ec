import path from 'node:path';

import compression from 'compression';
import express from 'express';
import type { ComponentType } from 'react';

import type { LoadedPage } from '../shared/pageShell';
import { PageDocument } from '../shared/pageShell';
import { alerts } from './alerts';
import { analytics } from './analytics';
import { articles } from './articles';
import type { ArticleContent } from './articles/content';
import { booking } from './booking';
import type { AppConfig } from './config';
import type { ConsoleRouteRoles } from './console/console';
import { staffConsole } from './console/console';
import { crm } from './crm';
import type { Database } from './db';
import { formGuard } from './formGuard';
import type { MailDomainCheck } from './formGuard/mailDomain';
import type { AfterAnswer } from './http/afterAnswer';
import { createAfterAnswer } from './http/afterAnswer';
import { STREAM_COMPRESSION } from './http/contentEncoding';
import type { Drain } from './http/drain';
import { createDrain } from './http/drain';
import { errorHandler, notFound } from './http/errors';
import { healthRoutes } from './http/health';
import type { Logger } from './http/logger';
import type { Metrics } from './http/metrics';
import { createMetrics, metricsRoute } from './http/metrics';
import { requestStart } from './http/requestStart';
import { hashedAssets, publicFiles } from './http/static';
import { canonicalPath } from './http/trailingSlash';
import { identity } from './identity';
import { leads, returningOwnerOf } from './leads';
import { newsletter } from './newsletter';
import type { SiteApp as Listener } from './pages/cache/early';
import { PAGE_CATCH_ALL, withEarlyAnswers } from './pages/cache/early';
import { crawlerRoutes } from './pages/crawlers';
import { feedRoutes } from './pages/feeds';
import { privacy } from './privacy';
import type { Job, OutboxSending } from './site/feature';
import { outboxHandlers, outboxOf } from './site/feature';
import { createSite } from './site/services';
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
  /** Looks up whether an e-mail's domain receives mail (a test's resolver); the DNS's by default. */
  mailDomain?: MailDomainCheck;
  /** Tests only: calendar feeds served on this machine are read (decision 088); never in production. */
  feedsAllowPrivate?: boolean;
}

/** The site's Node listener, with what main.ts runs beside it: the features' jobs and what the outbox sends for them. */
export type SiteApp = Listener & {
  jobs: readonly Job[];
  outbox: OutboxSending;
  /** The roles each console path admits (decision 069), for the test that walks the routes. */
  consoleRoles: readonly ConsoleRouteRoles[];
};

/**
 * Builds the site without listening: its shared services, then the features, each from its front door, then
 * the middleware and the features' routes in the order written here. Kept pages are answered before it all.
 */
export function createApp(config: AppConfig, options: AppOptions): SiteApp {
  const { db, logger, afterAnswer = createAfterAnswer(logger), drain = createDrain() } = options;
  const metrics = options.metrics ?? createMetrics();
  const wakeOutbox = options.wakeOutbox ?? (() => {});
  const { site, security, cache } = createSite(config, {
    ...{ db, logger, metrics, afterAnswer, wakeOutbox },
    App: options.App ?? PageDocument,
  });

  // The features, in the console header's order. Analytics counts the conversions of the forms before it.
  const counted = analytics(site);
  const published = articles(site, { content: options.articles });
  const lab = alerts(site);
  const legal = identity(site); // the lab's legal identity, from its settings
  const guard = formGuard(site, { mailDomain: options.mailDomain }); // the public forms' checks and quarantine
  const handOff = crm(site); // the lab's CRM: the leads' events, signed (decision 081)
  const pipeline = leads(site, { conversions: counted.conversions, guard, crm: handOff.events });
  const calls = booking(site, {
    ...{ leads: { ...pipeline.booked, returningOwner: returningOwnerOf }, guard },
    feedsAllowPrivate: options.feedsAllowPrivate,
  });
  const features = [
    pipeline,
    calls,
    newsletter(site, { conversions: counted.conversions, wakeCampaigns: options.wakeCampaigns, guard }),
    guard,
    vitals(site),
    counted,
    published,
    lab,
    privacy(site),
    legal,
    handOff,
  ];
  // The articles live in the database (decision 052): every kept page is forgotten when what is published changes.
  if (cache) published.content.onChange(() => cache.invalidate());

  const start = requestStart(config.trustProxy, logger, metrics);
  const clientDir = path.join(config.rootDir, 'dist', 'client');
  const app = express();
  app.disable('x-powered-by'); // says nothing about the stack to a scanner
  app.set('trust proxy', config.trustProxy); // req.ip is the client's, not the proxy's: the rate limits key on it
  // First: every answer carries X-Request-Id, every log line of the request its id; each answer is logged
  // with its status and time, and counted and timed by its route pattern.
  app.use(start.handler);
  app.use(security); // before anything answers, so every answer carries them
  app.use(drain.handler); // after SIGTERM: 503 for /readyz and every new request, while those under way finish
  app.use(metricsRoute(metrics, config.metricsToken)); // Prometheus, with METRICS_TOKEN only; else no such path
  app.use(compression(STREAM_COMPRESSION)); // wraps res before any body is written; React's stream calls its flush()
  app.use(healthRoutes(db, published.content.loaded)); // probes answer early and cheaply, and are never cached
  app.use('/static', ...hashedAssets(path.join(clientDir, 'static'))); // hashed build output: immutable, precompressed, a plain 404
  app.use(published.loaded); // what follows shows the articles: it waits for their first load, for a few seconds at most
  app.use(crawlerRoutes(config.siteUrl)); // robots.txt and sitemap.xml, from the route table
  app.use(feedRoutes(config.siteUrl)); // the blog's RSS and Atom feeds
  for (const feature of features) if (feature.routes) app.use(feature.routes); // each feature's API, links and form posts
  // The staff console: before the page catch-all, since /staff is no public page (never in the page cache).
  const staff = staffConsole({
    ...{ db, logger, siteUrl: config.siteUrl, assets: site.assets, counters: site.counters },
    ...{ outbox: site.outbox, wakeOutbox, afterAnswer },
    locked: lab.checkNow, // a sign-in lock is told to the lab at once, as an alert
    alerts: async () => [...legal.alerts, ...(await lab.alerts.active())],
    // a lead's owner: their next steps due; a person whose calendar feed closed their booking times
    personalAlerts: async (email) => [...(await pipeline.alertsFor(email)), ...(await calls.alertsFor(email))],
    // The outbox's failed messages last: each is for the owner and the roles of the feature that sent it.
    sections: [...features.flatMap((feature) => feature.console ?? []), lab.outboxSection(outboxHandlers(features))],
    secretKey: config.analytics.keySet ? config.analytics.key : undefined,
  });
  app.use(staff);
  app.use(publicFiles(path.join(config.rootDir, 'public'))); // icons, images, video: only paths with an extension
  app.use(canonicalPath); // one URL per page: "/services/", "/%73ervices" → 301 "/services", never to another host
  app.get(PAGE_CATCH_ALL, (req, res) => site.renderPage(req, res)); // every other GET is a page, or the 404 page
  app.use(notFound); // what no route took (another method): the site's small 404 page, never the framework's
  app.use(errorHandler(logger, () => metrics.unhandledErrors.inc({ where: 'request' }))); // last: a short JSON reason for client errors, a logged 500 for the rest

  // Kept pages go out before the app (decisions 049, 054, 056), and the kept not-found page of a plain path
  // that none of these paths names; the app refuses to start if they leave out a route above.
  const listener = withEarlyAnswers(app, {
    ...{ cache, drain, start },
    beforePages: {
      prefixes: [
        '/api',
        '/healthz',
        '/metrics',
        '/readyz',
        '/staff',
        '/static',
        ...features.flatMap((f) => f.paths ?? []),
      ],
      fileNames: true, // robots.txt, sitemap.xml, the feeds, the public files
      oldSlug: published.isOldSlug,
    },
  });
  const jobs = features.flatMap((feature) => feature.jobs ?? []);
  // The console's own e-mails (invitations, resets) go out with the features'.
  const outbox = outboxOf([...features, { outbox: { kinds: staff.outboxKinds } }], metrics);
  return Object.assign(listener, { jobs, outbox, consoleRoles: staff.routeRoles });
}
