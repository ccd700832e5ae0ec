/**
 * A thread that counts the read times of many bodies and ends (decision 099): the garbage of rendering them is its
 * heap's, which goes with it, not the serving process's, which V8 keeps (decision 094).
 */
import { parentPort, workerData } from 'node:worker_threads';

import { articleReadTime } from './markdown';
import type { ReadTimeJob } from './readTimes';

const { bodies, rootDir } = workerData as ReadTimeJob;
parentPort!.postMessage(bodies.map(({ body, locale }) => articleReadTime(body, locale, rootDir)));
