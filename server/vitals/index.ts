/** Field speed: the web-vitals beacon and the console's section that reads it. */
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { speedSection } from './consoleRoutes';
import { vitalsRoutes } from './routes';

export function vitals({ db, config, logger, counters }: Site): Feature {
  return {
    routes: vitalsRoutes({ db, siteUrl: config.siteUrl, logger, counters }),
    console: [speedSection(db)],
  };
}
