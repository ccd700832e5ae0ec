import path from 'node:path';

import type { ComponentType } from 'react';

import type { LoadedPage } from '../../shared/pageShell';
import type { AppConfig } from '../config';
import type { Database } from '../db';
import type { AfterAnswer } from '../http/afterAnswer';
import type { FormTokens } from '../http/formToken';
import { createFormTokens } from '../http/formToken';
import type { Logger } from '../http/logger';
import type { AssetSource } from '../http/manifest';
import { assetSource } from '../http/manifest';
import type { Metrics } from '../http/metrics';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import { createRateLimitCounters } from '../http/rateLimitCounters';
import type { SecurityHeaders } from '../http/security';
import { securityHeaders } from '../http/security';
import { createOutbox } from '../outbox/delivery';
import type { OutboxStore } from '../outbox/store';
import type { PageCaching } from '../pages/cache';
import { createPageCache, PageCache } from '../pages/cache';
import { pageHeaders } from '../pages/pageHeaders';
import type { RenderPage, StreamPage } from '../pages/render';
import { pageRenderer } from '../pages/render';

/** What every feature is built from: the site's settings and the services made once for all of them. */
export interface Site {
  config: AppConfig;
  db: Database;
  logger: Logger;
  metrics: Metrics;
  /** Work routes do once they have answered; whoever stops the server waits for it. */
  afterAnswer: AfterAnswer;
  /** The one outbox store: features queue what they send in their own transactions. */
  outbox: OutboxStore;
  /** Has what a commit queued sent at once rather than at the worker's next poll. */
  wakeOutbox: () => void;
  /** Shared rate-limit counters when several processes serve the site (decision 050); in memory otherwise. */
  counters?: RateLimitCounters;
  /** The build's manifest. */
  assets: AssetSource;
  /** Renders a page afresh (a preview). */
  render: StreamPage;
  /** Renders a page, kept in the page cache where it may be. */
  renderPage: RenderPage;
  /** The signed, timed tokens of the pages with a public form (decision 073). */
  formTokens: FormTokens;
}

interface SiteOptions {
  db: Database;
  logger: Logger;
  metrics: Metrics;
  afterAnswer: AfterAnswer;
  wakeOutbox: () => void;
  /** The document to render for a page. */
  App: ComponentType<{ loaded: LoadedPage }>;
}

/** The site's shared services, with the security headers and the page cache the app itself uses. */
export function createSite(
  config: AppConfig,
  { db, logger, metrics, afterAnswer, wakeOutbox, App }: SiteOptions,
): { site: Site; security: SecurityHeaders; cache: PageCaching | undefined } {
  const assets = assetSource(path.join(config.rootDir, 'dist', 'client', 'manifest.json'), config);
  const security = securityHeaders(config, assets);
  const headers = pageHeaders(security); // every page's headers, from its first render to its kept answers
  const formTokens = createFormTokens(db);
  const formToken = () => formTokens.kept();
  const render = pageRenderer({ App, manifest: assets, siteUrl: config.siteUrl, logger, headers, formToken });
  const lookups = {
    hit: metrics.pageCache.tally({ result: 'hit' }),
    miss: metrics.pageCache.tally({ result: 'miss' }),
  };
  // Finished pages are kept in memory, except in development, where every build changes them.
  const cache = config.dev
    ? undefined
    : createPageCache(render, {
        headers,
        logger,
        pages: new PageCache(config.pageCacheBytes),
        counted: (result) => lookups[result](),
      });
  const outbox = createOutbox(db, config);
  metrics.watchOutbox(() => outbox.stats());
  // One limit over every process: in the database when instances share PostgreSQL or WEB_CONCURRENCY
  // workers share SQLite (decision 050); in memory for a single SQLite process.
  const shared = db.engine === 'postgres' || config.webConcurrency > 1;
  const counters = shared ? createRateLimitCounters(db) : undefined;
  const renderPage = cache?.render ?? render;
  const site = {
    ...{ config, db, logger, metrics, afterAnswer, outbox, wakeOutbox, counters, assets, render, renderPage },
    formTokens,
  };
  return { site, security, cache };
}
