/**
 * The read times a load counts for the bodies it has none for (decision 094): in the process for a few (a body just
 * made live), in a thread of its own for many (the first start after their migration, a restored back-up), so the
 * serving process's heap does not keep the garbage of rendering them all (decision 099).
 */
import { Worker } from 'node:worker_threads';

import type { Locale } from '../../shared/lib/locale';
import { articleReadTime } from './markdown';

export interface ReadTimeJob {
  bodies: { body: string; locale: Locale }[];
  /** Where public/ is, for the images' sizes. */
  rootDir: string;
}

export type ReadTimeCount = ReturnType<typeof articleReadTime>;

/** Past this many bodies the count runs in a thread: below it, starting one costs more than the garbage it saves. */
export const THREAD_BODIES = 100;

/**
 * The thread's module beside this one: the build's file next to the bundle (build.mjs), or, where the tests import
 * the server's source, that source, which the thread runs through tsx.
 */
const fromSource = import.meta.url.endsWith('.ts');
const WORKER = new URL(fromSource ? './readTimesWorker.ts' : './readTimesWorker.js', import.meta.url);

/** Each body's read time, or the reason the rules refuse it, in the order given. */
export function countReadTimes(job: ReadTimeJob): Promise<ReadTimeCount[]> {
  if (job.bodies.length <= THREAD_BODIES)
    return Promise.resolve(job.bodies.map(({ body, locale }) => articleReadTime(body, locale, job.rootDir)));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: job, execArgv: fromSource ? ['--import', 'tsx'] : [] });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The read times' thread ended with code ${code}`)));
  });
}
