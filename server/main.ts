import cluster from 'node:cluster';

import { reportMissingAnalyticsKey } from './analytics';
import { createApp } from './app';
import type { AppConfig } from './config';
import { ConfigError, loadConfig, serverConfigError } from './config';
import { openDatabase, timedDatabase } from './db';
import { markServing, scheduleBackups } from './db/backup';
import { MigrationError } from './db/types';
import { createAfterAnswer } from './http/afterAnswer';
import { createDrain } from './http/drain';
import { createHttpServer } from './http/httpServer';
import type { Logger } from './http/logger';
import { createLogger } from './http/logger';
import { createMetrics } from './http/metrics';
import { watchProcessErrors } from './http/processErrors';
import { reportMissingIdentity } from './identity';
import { startJob, WORKER_INDEX } from './lib/workers';
import { startOutboxWorker } from './outbox/delivery';

/** How long in-flight requests may take to finish after SIGTERM before the process exits anyway. */
const DRAIN_TIMEOUT_MS = 10_000;

/** A worker that died is replaced after this pause, so one that cannot start does not spin. */
const REPLACE_AFTER_MS = 1_000;

/** The configuration, or one line naming the bad variable and exit 1. */
function configOrExit(): AppConfig {
  try {
    const config = loadConfig();
    const refused = serverConfigError(config);
    if (refused) throw new ConfigError(refused);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The database, brought up to date; a schema step that failed stops the start with one line. */
async function databaseOrExit(config: AppConfig): ReturnType<typeof openDatabase> {
  try {
    return await openDatabase(config);
  } catch (error) {
    // The database is left as it was before that step.
    if (error instanceof MigrationError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * WEB_CONCURRENCY above 1: this process serves nothing itself. It brings the schema up to date once, marks
 * DATA_DIR in use for as long as the site runs, starts the workers (each a whole server sharing the port
 * through node:cluster), replaces one that dies under its index, and on SIGTERM passes the signal on and
 * exits once every worker has drained (decision 050).
 */
async function runPrimary(config: AppConfig, logger: Logger): Promise<void> {
  const db = await databaseOrExit(config);
  await db.close();
  const serving = db.engine === 'sqlite' ? markServing(config.dataDir) : undefined;
  const workers = new Map<number, ReturnType<typeof cluster.fork>>();
  let stopping = false;
  const start = (index: number) => {
    // Without ANALYTICS_KEY, the workers count under their primary's key for the run, so a visitor is one visitor.
    const worker = cluster.fork({ [WORKER_INDEX]: String(index), ANALYTICS_KEY: config.analytics.key });
    workers.set(index, worker);
    worker.on('exit', (code, signal) => {
      workers.delete(index);
      if (stopping) {
        if (workers.size === 0) {
          serving?.stop();
          logger.info('stopped');
          process.exit(0);
        }
        return;
      }
      logger.error({ worker: index, code, signal }, 'worker exited; starting another');
      setTimeout(() => start(index), REPLACE_AFTER_MS);
    });
  };
  for (let index = 1; index <= config.webConcurrency; index += 1) start(index);
  logger.info({ workers: config.webConcurrency }, 'workers started');
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping workers');
    for (const worker of workers.values()) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function start(): Promise<void> {
  const config = configOrExit();
  // Whatever the server writes (the database, its journal) is for its own user only.
  process.umask(0o077);
  const logger = createLogger(config);
  // Once per start: the workers of a cluster leave it to their primary.
  if (cluster.isPrimary) {
    reportMissingIdentity(config, logger);
    reportMissingAnalyticsKey(config, logger);
  }
  if (cluster.isPrimary && config.webConcurrency > 1) {
    watchProcessErrors(logger, () => {});
    return runPrimary(config, logger);
  }
  const metrics = createMetrics();
  watchProcessErrors(logger, () => metrics.unhandledErrors.inc({ where: 'process' }));
  // Every statement timed, on either engine, for the metrics (db_query_duration_seconds).
  const opened = await databaseOrExit(config);
  const db = timedDatabase(opened, (operation, seconds) =>
    metrics.queries.observe({ engine: opened.engine, operation }, seconds),
  );
  // SQLite: DATA_DIR is marked in use (a restore refuses to replace it; a cluster's primary marks it), and
  // backed up on schedule.
  const sqlite = db.engine === 'sqlite';
  const serving = sqlite && cluster.isPrimary ? markServing(config.dataDir) : undefined;
  const { backup } = config;
  // Work routes do after answering (newsletter sign-ups): the drain waits for it.
  const afterAnswer = createAfterAnswer(logger);
  const drain = createDrain();
  // The site and its features; main.ts runs what they need beside the requests.
  // A commit wakes the outbox worker, which starts once the app has said what it sends.
  const wake = { outbox: () => {} };
  const app = createApp(config, { db, logger, wakeOutbox: () => wake.outbox(), afterAnswer, drain, metrics });

  // Every scheduled job, started here. 'once for the site': in this process, or in worker 1 of a
  // WEB_CONCURRENCY cluster (decision 050); 'every process': the processes meet in the database.
  // The outbox sends what the features queue (lead notifications, webhooks, newsletter e-mails, alerts) when a
  // commit wakes it, else every 5 s; a message's lease keeps two processes from sending it twice.
  const outbox = startJob('every process', () => startOutboxWorker({ db, config, logger, ...app.outbox }));
  wake.outbox = outbox.wake;
  // The features' own: the campaign runner, the articles follower, the retention purge, the alert checks.
  const jobs = app.jobs.map((job) => startJob(job.place, job.start));
  // SQLite's back-ups: every BACKUP_INTERVAL_HOURS (0: none), the first when the newest is that old.
  const backups = startJob('once for the site', () =>
    sqlite && backup.intervalHours > 0
      ? scheduleBackups(
          db,
          { ...backup, intervalMs: backup.intervalHours * 3_600_000, dataDir: config.dataDir },
          {
            written: (file, ms) => logger.info({ file, ms }, 'backup written'),
            failed: (error) => logger.error({ err: error }, 'backup failed'),
          },
        )
      : undefined,
  );

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
        backups?.stop();
        for (const job of jobs) await job?.stop();
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
