/** Personal data: the retention purge the privacy policy promises (export, erasure and correction are commands). */
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { startRetention } from './retention';

/** Its command for the staff (`npm run data`), loaded only when it runs: server/commands.ts. */
export const commands = { data: () => import('./command') };
export function privacy({ db, logger }: Site): Feature {
  return {
    // At start, then daily.
    jobs: [{ what: 'retention purge', place: 'once for the site', start: () => startRetention(db, logger) }],
  };
}
