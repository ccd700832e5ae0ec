/** Personal data: the retention purge the privacy policy promises (export, erasure and correction are commands). */
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { startRetention } from './retention';

export function privacy({ db, logger }: Site): Feature {
  return {
    // At start, then daily.
    jobs: [{ what: 'retention purge', place: 'once for the site', start: () => startRetention(db, logger) }],
  };
}
