import cluster from 'node:cluster';

/** Set by the primary for each worker it starts: the worker's place, 1 to WEB_CONCURRENCY, kept by its replacement. */
export const WORKER_INDEX = 'WORKER_INDEX';

/**
 * Whether this process runs the jobs that must run once for the whole site, however many processes serve
 * it: the only process does, or worker 1 of a WEB_CONCURRENCY cluster; a worker 1 that died is replaced and
 * takes them up again (decision 050).
 */
function runsScheduledJobs(): boolean {
  return !cluster.isWorker || process.env[WORKER_INDEX] === '1';
}

/**
 * Where a scheduled job runs: in every process (the processes meet in the database, as two outbox workers
 * meet at a message's lease), or once for the whole site (the retention purge, back-ups, alert checks).
 */
export type JobPlace = 'every process' | 'once for the site';

/** Starts a scheduled job where it belongs; a job for the whole site is not started (undefined) in any other process. */
export function startJob<T>(place: 'every process', start: () => T): T;
export function startJob<T>(place: JobPlace, start: () => T): T | undefined;
export function startJob<T>(place: JobPlace, start: () => T): T | undefined {
  return place === 'every process' || runsScheduledJobs() ? start() : undefined;
}
