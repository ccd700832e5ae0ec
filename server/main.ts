import { appAlerts, countOutboxAttempt, createApp, outboxKinds } from './app';
import { createArticleContent, followArticles } from './articles/content';
import { createArticleStore } from './articles/store';
import { ConfigError, loadConfig } from './config';
import { openDatabase, timedDatabase } from './db';
import { markServing, scheduleBackups } from './db/backup';
import { MigrationError } from './db/types';
import { createAfterAnswer } from './http/afterAnswer';
import { createDrain } from './http/drain';
import { createHttpServer } from './http/httpServer';
import { createLogger } from './http/logger';
import { createMetrics } from './http/metrics';
import { watchProcessErrors } from './http/processErrors';
import { startOutboxWorker } from './outbox/delivery';
import { startRetention } from './privacy/retention';

/** How long in-flight requests may take to finish after SIGTERM before the process exits anyway. */
const DRAIN_TIMEOUT_MS = 10_000;

async function start(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Whatever the server writes (the database, its journal) is for its own user only.
  process.umask(0o077);
  const logger = createLogger(config);
  const metrics = createMetrics();
  watchProcessErrors(logger, () => metrics.unhandledErrors.inc({ where: 'process' }));
  let db;
  try {
    // Every statement timed, on either engine, for the metrics (db_query_duration_seconds).
    const opened = await openDatabase(config);
    db = timedDatabase(opened, (operation, seconds) =>
      metrics.queries.observe({ engine: opened.engine, operation }, seconds),
    );
  } catch (error) {
    // A schema step that failed stops the start with one line; the database is left as it was before that step.
    if (error instanceof MigrationError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // SQLite: DATA_DIR is marked in use (a restore refuses to replace it), and backed up on schedule.
  const sqlite = db.engine === 'sqlite';
  const serving = sqlite ? markServing(config.dataDir) : undefined;
  const { backup } = config;
  const backups =
    sqlite && backup.intervalHours > 0
      ? scheduleBackups(
          db,
          { dir: backup.dir, intervalMs: backup.intervalHours * 3_600_000, keep: backup.keep },
          {
            written: (file, ms) => logger.info({ file, ms }, 'backup written'),
            failed: (error) => logger.error({ err: error }, 'backup failed'),
          },
        )
      : undefined;
  // Sends what the site queues (lead notifications, webhooks, newsletter confirmations), in this process.
  const outbox = startOutboxWorker(db, config, logger, outboxKinds, {}, countOutboxAttempt(metrics));
  // Deletes what is past its retention period, now and daily (the privacy policy's promise).
  const retention = startRetention(db, logger);
  // Work routes do after answering (newsletter sign-ups): the drain waits for it.
  const afterAnswer = createAfterAnswer(logger);
  // The lab's alerts, checked every minute; a sign-in lock checks them at once.
  const alerts = appAlerts(db, config, metrics, outbox.wake);
  const alertChecks = alerts.start(logger);
  const drain = createDrain();
  // The published articles, reloaded within a second of a change on any instance, and the schedule run here.
  const articles = createArticleContent(createArticleStore(db), config.rootDir, logger);
  const following = followArticles(articles, logger);
  const app = createApp(config, {
    db,
    logger,
    wakeOutbox: outbox.wake,
    afterAnswer,
    drain,
    metrics,
    alerts,
    articles,
  });
  const server = createHttpServer(app);
  server.listen(config.port, config.host, () => {
    logger.info({ url: `http://localhost:${config.port}`, siteUrl: config.siteUrl, database: db.engine }, 'listening');
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'server failed');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, inFlight: drain.inFlight }, 'draining');
    // From now on /readyz answers 503 (the proxy's health check takes this instance out) and new requests
    // get 503 with Connection: close, while the requests under way finish.
    drain.begin();
    const force = setTimeout(() => {
      logger.warn({ inFlight: drain.inFlight }, 'drain timed out, closing remaining connections');
      server.closeAllConnections();
    }, DRAIN_TIMEOUT_MS);
    force.unref();
    // Then stop accepting, let the work after the answers finish and the sends under way end, and release the database.
    void drain.idle().then(() => {
      server.close(async () => {
        retention.stop();
        following.stop();
        backups?.stop();
        await alertChecks.stop();
        await afterAnswer.settled();
        await outbox.stop();
        await db.close();
        serving?.stop();
        logger.info('stopped');
        process.exit(0);
      });
      server.closeIdleConnections();
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

await start();
