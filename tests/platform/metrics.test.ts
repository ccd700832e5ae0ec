import { pino } from 'pino';
import { collectDefaultMetrics, Registry } from 'prom-client';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openSqliteDatabase, timedDatabase } from '../../server/db';
import { createMetrics } from '../../server/http/metrics';
import { startOutboxWorker } from '../../server/outbox/delivery';
import { posts as blogPosts } from '../../shared/generated/posts';
import { capturedLogger, unhandledSignIn } from '../support/capturedLog';
import { guardFields } from '../support/formGuard';
import { testApp, testConfig } from '../support/helpers';
import { startMailServer } from '../support/mailServer';

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The site as main.ts wires it: one metrics registry shared by the app, the timed database and the outbox worker. */
async function meteredSite() {
  const smtp = await startMailServer();
  const config = testConfig({ METRICS_TOKEN: TOKEN, SMTP_URL: smtp.url });
  const metrics = createMetrics();
  const raw = openSqliteDatabase(config.dataDir);
  const db = timedDatabase(raw, (operation, seconds) =>
    metrics.queries.observe({ engine: db.engine, operation }, seconds),
  );
  const log = capturedLogger();
  const app = createApp(config, { db, logger: log.logger, metrics, wakeOutbox: () => worker.wake() });
  const worker = startOutboxWorker({ db, config, logger: pino({ level: 'silent' }), ...app.outbox, pollMs: 50 });
  cleanups.push(
    () => smtp.stop(),
    () => raw.close(),
    () => worker.stop(),
  );
  // Up, as an instance a proxy sends visitors to: its articles are loaded (a broken store then fails requests).
  await expect.poll(async () => (await request(app).get('/readyz')).status).toBe(200);
  return { app, smtp, raw, log };
}

const scrape = (app: Parameters<typeof request>[0]) =>
  request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);

/** The value of one sample line, `name{labels} value`, or undefined when there is none. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('/metrics', () => {
  it('counts campaign and test e-mails as the newsletter’s, by kind without the prefix', async () => {
    const metrics = createMetrics();
    const { attempted } = testApp({}, { metrics }).outbox;
    attempted('newsletter-campaign', 'sent');
    attempted('newsletter-campaign', 'sent');
    attempted('newsletter-campaign', 'error');
    attempted('newsletter-test', 'sent');
    const text = await metrics.registry.metrics();
    expect(sample(text, 'newsletter_emails_sent_total', 'kind="campaign"')).toBe(2);
    expect(sample(text, 'newsletter_emails_sent_total', 'kind="test"')).toBe(1);
    expect(sample(text, 'outbox_send_attempts_total', 'kind="newsletter-campaign",outcome="error"')).toBe(1);
  });

  it('does not exist without METRICS_TOKEN: the site’s own 404', async () => {
    const app = testApp();
    cleanups.push(() => app.db.close());
    const response = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('http_requests_total');
  });

  it('takes a token of 32 visible characters or more, and never shows a wrong one', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(
      'Invalid METRICS_TOKEN=(value hidden): expected at least 32 visible characters',
    );
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });

  it('answers 401 without the token or with a wrong one', async () => {
    const { app } = await meteredSite();
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      'Basic Zm9vOmJhcg==',
    ]) {
      const asked = request(app).get('/metrics');
      const response = await (authorization ? asked.set('Authorization', authorization) : asked);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.text).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route pattern, pages, leads, the outbox, newsletter e-mails and database time', async () => {
    const { app, smtp } = await meteredSite();
    const post = blogPosts[0]!;
    // Rendered (a miss), then kept: asked again until the page cache answers (a hit, with its ETag).
    await expect
      .poll(async () => (await request(app).get(`/blog/${post.slug}`)).headers.etag, { timeout: 10_000 })
      .toBeDefined();
    // Kept by now: answered from memory (a hit).
    await request(app).get(`/blog/${post.slug}`).expect(200);
    await request(app).get('/wp-admin/setup-config.php');
    await request(app).get('/no/such/page/at-all');
    await request(app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify({
          ...(await guardFields(app, 'contact')),
          name: 'Ana',
          email: 'ana@example.com',
          service: 'all-in-one',
          message: 'A new website, please.',
        }),
      )
      .expect(201);
    await request(app)
      .post('/api/subscribe')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ...(await guardFields(app, 'newsletter')), email: 'reader@example.com' }))
      .expect(202);
    await smtp.waitFor(2);

    const response = await scrape(app);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.text;
    // By pattern, never the raw URL; unknown paths under one label.
    const pageViews = sample(text, 'http_requests_total', 'method="GET",route="/blog/:slug",status="200"')!;
    expect(pageViews).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'http_requests_total', 'method="GET",route="unmatched",status="404"')).toBe(2);
    expect(sample(text, 'http_requests_total', 'method="POST",route="/api/contact",status="201"')).toBe(1);
    expect(text).not.toContain(post.slug);
    expect(text).not.toContain('wp-admin');
    expect(sample(text, 'http_request_duration_seconds_count', 'method="GET",route="/blog/:slug"')).toBe(pageViews);
    const misses = sample(text, 'page_cache_lookups_total', 'result="miss"')!;
    const hits = sample(text, 'page_cache_lookups_total', 'result="hit"')!;
    expect(misses).toBeGreaterThanOrEqual(2);
    expect(hits).toBeGreaterThanOrEqual(1);
    // Every page view asks the cache, and so does each not-found answer (one kept page for both paths), and each
    // form page the posts took their token from (decision 073).
    const formPages = ['/contact', '/blog'].map(
      (route) => sample(text, 'http_requests_total', `method="GET",route="${route}",status="200"`) ?? 0,
    );
    expect(misses + hits).toBe(pageViews + 2 + formPages[0]! + formPages[1]!);
    expect(sample(text, 'leads_received_total')).toBe(1);
    expect(sample(text, 'outbox_send_attempts_total', 'kind="lead-notification",outcome="sent"')).toBe(1);
    expect(sample(text, 'newsletter_emails_sent_total', 'kind="confirmation"')).toBe(1);
    expect(sample(text, 'outbox_messages', 'status="queued"')).toBe(0);
    expect(sample(text, 'outbox_oldest_queued_seconds')).toBe(0);
    expect(sample(text, 'db_query_duration_seconds_count', 'engine="sqlite",operation="transaction"')).toBeGreaterThan(
      1,
    );
    expect(sample(text, 'db_query_duration_seconds_count', 'engine="sqlite",operation="run"')).toBeGreaterThan(1);
    // Node's own.
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text).toContain(`\n${name} `);
    // The Spanish pattern is its own.
    await request(app).get('/es/blog');
    expect(sample((await scrape(app)).text, 'http_requests_total', 'method="GET",route="/es/blog",status="200"')).toBe(
      1,
    );
  });

  it('counts any method but GET, HEAD, POST and OPTIONS as "other": probing a page with every method adds one label set', async () => {
    const app = testApp({ METRICS_TOKEN: TOKEN });
    cleanups.push(() => app.db.close());
    const agent = request(app) as unknown as Record<string, (path: string) => request.Test>;
    for (const method of ['get', 'head', 'post', 'options', 'put', 'delete', 'patch', 'propfind', 'mkcol', 'purge'])
      await agent[method]!('/research');
    const labelled = (await scrape(app)).text
      .split('\n')
      .filter((line) => line.startsWith('http_requests_total{') && line.includes('route="/research"'))
      .map((line) => /method="([^"]+)"/.exec(line)![1]);
    expect(new Set(labelled)).toEqual(new Set(['GET', 'HEAD', 'POST', 'OPTIONS', 'other']));
  });

  it("has Node's default metrics but the GC pause histogram, whose observer fills the old generation", () => {
    const defaults = new Registry();
    collectDefaultMetrics({ register: defaults });
    const names = (registry: Registry) => registry.getMetricsAsArray().map((metric) => metric.name);
    const ours = new Set(names(createMetrics().registry));
    expect(names(defaults).filter((name) => !ours.has(name))).toEqual(['nodejs_gc_duration_seconds']);
  });

  it('reads the outbox from the store at each scrape: queued and the oldest age while mail is down', async () => {
    const { app, smtp, raw } = await meteredSite();
    await smtp.stop();
    raw.connection
      .prepare(
        `INSERT INTO outbox (kind, payload, message_id, created_at, next_attempt_at) VALUES ('lead-notification', '{}', 'm1', ?, ?)`,
      )
      .run(new Date(Date.now() - 90_000).toISOString(), new Date(Date.now() + 3_600_000).toISOString());
    const text = (await scrape(app)).text;
    expect(sample(text, 'outbox_messages', 'status="queued"')).toBe(1);
    expect(sample(text, 'outbox_oldest_queued_seconds')).toBeGreaterThanOrEqual(90);
  });
});

describe('an unhandled error', () => {
  it('is one log line with its stack and the request id, and a count', async () => {
    const { app, raw, log } = await meteredSite();
    raw.close(); // every store fails from now on
    const response = await unhandledSignIn(app, 'application/json', 'ana@meridianlab.test', 'a-password-typed-here');
    expect(response.status).toBe(500);
    const id = response.headers['x-request-id'] as string;
    expect(response.body).toEqual({ error: 'Internal server error.', requestId: id });
    const failures = log.lines().filter((line) => line.msg === 'request failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: 50,
      requestId: id,
      path: '/staff/sign-in',
      err: { stack: expect.stringMatching(/\n\s+at /) },
    });
    expect(sample((await scrape(app)).text, 'http_unhandled_errors_total', 'where="request"')).toBe(1);
  });
});
