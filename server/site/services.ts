import type { AppConfig } from '../config';
import type { Database } from '../db';
import type { AfterAnswer } from '../http/afterAnswer';
import type { Logger } from '../http/logger';
import type { AssetSource } from '../http/manifest';
import type { Metrics } from '../http/metrics';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import type { OutboxStore } from '../outbox/store';
import type { RenderPage, StreamPage } from '../pages/render';

/** What every feature is built from: the site's settings and the services app.ts makes once for all of them. */
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
}
