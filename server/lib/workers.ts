import cluster from 'node:cluster';

/** Set by the primary for each worker it starts: the worker's place, 1 to WEB_CONCURRENCY, kept by its replacement. */
export const WORKER_INDEX = 'WORKER_INDEX';

/**
 * Whether this process runs the jobs that must run once for the whole site, however many processes serve
 * it: the retention purge, SQLite's back-ups and any scheduler added later. The only process does, or
 * worker 1 of a WEB_CONCURRENCY cluster; a worker 1 that died is replaced and takes them up again
 * (decision 050).
 */
export function runsScheduledJobs(): boolean {
  return !cluster.isWorker || process.env[WORKER_INDEX] === '1';
}
