import type { IncomingMessage } from 'node:http';

import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

import { routePatternOf } from '../../shared/routes';
import { bearerCheck } from './bearer';
import { collectNodeMetrics } from './nodeMetrics';
import { TalliedCounter, TalliedHistogram } from './tallies';

/** What the outbox store reports at a scrape (server/outbox/store.ts's stats()). */
interface OutboxCounts {
  queued: number;
  sent: number;
  failed: number;
  bounced: number;
  oldestQueuedSeconds: number | null;
}

/** Seconds: from a cached page (a millisecond) to a slow render or a database wait. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The methods counted under their own name; the parser accepts some thirty more, each of which would add its own
 * label sets for good: those are counted as "other" (decision 064).
 */
const COUNTED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);

/** What routing leaves on a request that Express handled: the route that answered, and its mount point. */
type Routed = IncomingMessage & { route?: { path: unknown }; baseUrl?: string };

/**
 * The route a request is counted under: a pattern, never the raw URL, so the label's values stay few
 * whatever the URLs asked for. A page's pattern from the route table as published now (an article published
 * after the start too); an Express route's own pattern; /static/*; and every other path (unknown pages,
 * scanners' probes, public files) as one of two labels.
 */
function routeLabel(req: Routed, path: string, status: number): string {
  const pattern = routePatternOf(path);
  if (pattern) return pattern;
  const route = req.route ? String(req.route.path) : undefined;
  // The renderer's catch-all ("/{*splat}") answers every path that is no page: those are not one route.
  if (route !== undefined && !route.includes('*')) return `${req.baseUrl ?? ''}${route}`;
  if (path.startsWith('/static/')) return '/static/*';
  return status === 404 ? 'unmatched' : 'other';
}

/**
 * The site's Prometheus metrics, on a registry of their own (never prom-client's global one): one per
 * process, made in main.ts and handed to the app, the outbox worker and the database wrapper.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  collectNodeMetrics(registry);
  let outboxCounts: (() => Promise<OutboxCounts>) | undefined;
  /** A counter or a histogram on this registry, labelled by `labels`. */
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers });
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Histogram<L>({ name, help, labelNames, buckets: DURATION_BUCKETS, registers });
  /** A counter or a histogram bumped on every request: tallied (tallies.ts). */
  const talliedCounter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new TalliedCounter<L>({ name, help, labelNames, registers });
  const talliedHistogram = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new TalliedHistogram<L>({ name, help, labelNames, buckets: DURATION_BUCKETS, registers });
  const metrics = {
    registry,
    requests: talliedCounter('http_requests_total', 'Answered requests, by method, route pattern and status', [
      'method',
      'route',
      'status',
    ]),
    duration: talliedHistogram(
      'http_request_duration_seconds',
      'Time from the request to the end of its answer, by method and route pattern',
      ['method', 'route'],
    ),
    unhandledErrors: counter(
      'http_unhandled_errors_total',
      'Errors no route handled (answered 500 by the error handler)',
      ['where'],
    ),
    pageCache: talliedCounter(
      'page_cache_lookups_total',
      'Page requests answered from the page cache (hit) or rendered (miss)',
      ['result'],
    ),
    outboxSends: counter(
      'outbox_send_attempts_total',
      'Attempts to send an outbox message, by kind and outcome (sent, bounced: the address refused for good, or error)',
      ['kind', 'outcome'],
    ),
    leadsReceived: counter('leads_received_total', 'Contact-form leads stored'),
    newsletterEmails: counter(
      'newsletter_emails_sent_total',
      'E-mails the newsletter sent, by kind (confirmation, campaign, test)',
      ['kind'],
    ),
    alertsFired: counter(
      'alerts_fired_total',
      'Alert e-mails queued to ALERT_TO, by alert (outbox-failing, outbox-bouncing, staff-locked, disk-full)',
      ['alert'],
    ),
    queries: histogram(
      'db_query_duration_seconds',
      'Time of each database statement (all, get, run) and transaction, by engine and operation',
      ['engine', 'operation'],
    ),
    /** Where the outbox gauges read their counts at each scrape. */
    watchOutbox(counts: () => Promise<OutboxCounts>) {
      outboxCounts = counts;
    },
  };
  // Read from the store at scrape time: every instance reports the shared queue as it is now. A registry
  // collects its metrics side by side, so both gauges share one read per scrape.
  let reading: Promise<OutboxCounts | undefined> | undefined;
  const readOutbox = () =>
    (reading ??= (outboxCounts?.() ?? Promise.resolve(undefined))
      // The database is away: the scrape still answers (the gauges keep their last values), and /readyz says why.
      .catch(() => undefined)
      .finally(() => (reading = undefined)));
  new Gauge({
    name: 'outbox_messages',
    help: 'Outbox messages by status (queued, sent, failed, bounced), read from the store at each scrape',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const counts = await readOutbox();
      if (counts)
        for (const status of ['queued', 'sent', 'failed', 'bounced'] as const) this.set({ status }, counts[status]);
    },
  });
  new Gauge({
    name: 'outbox_oldest_queued_seconds',
    help: 'Age of the oldest queued outbox message (0 with none queued), read from the store at each scrape',
    registers,
    async collect() {
      const counts = await readOutbox();
      if (counts) this.set(counts.oldestQueuedSeconds ?? 0);
    },
  });
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Counts an answer by route pattern and records its time (from requestStart.ts, for the app and the kept
 * pages alike). Each label set's tally and histogram are made once and found by route, then method, then
 * status: keys that exist already (the route table's pattern, the parser's method, a number), so an answer
 * builds no text to hash (decision 056). The sets are few. Both stay plain numbers until a scrape.
 */
export function answerCounter(metrics: Metrics) {
  const series = new Map<string, Map<string, Map<number, { count: () => void; observe: (seconds: number) => void }>>>();
  return (req: IncomingMessage, path: string, status: number, seconds: number): void => {
    const method = COUNTED_METHODS.has(req.method!) ? req.method! : 'other';
    const route = routeLabel(req, path, status);
    let byMethod = series.get(route);
    if (!byMethod) series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let one = byStatus.get(status);
    if (!one) {
      one = {
        count: metrics.requests.tally({ method, route, status: String(status) }),
        observe: metrics.duration.tally({ method, route }),
      };
      byStatus.set(status, one);
    }
    one.count();
    one.observe(seconds);
  };
}

/**
 * GET /metrics for Prometheus, only with `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time).
 * Without a token configured it does not exist: the site's 404, as for any unknown path.
 */
export function metricsRoute(metrics: Metrics, token: string | undefined): RequestHandler {
  const authorized = token === undefined ? undefined : bearerCheck(token);
  return (req, res, next) => {
    if (req.path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD') || !authorized) {
      next();
      return;
    }
    res.set('Cache-Control', 'no-store');
    if (!authorized(req.get('authorization'))) {
      res.status(401).set('WWW-Authenticate', 'Bearer').type('text/plain').send('Unauthorized\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.type(metrics.registry.contentType).send(text),
      (error: unknown) => next(error),
    );
  };
}
