/** Page views, visitors and conversions: the beacon, the count of each conversion, and the console's report. */
import type { AppConfig } from '../config';
import type { Logger } from '../http/logger';
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { analyticsSection } from './consoleRoutes';
import { conversionCounts } from './conversions';
import { startRollUp } from './rollup';
import { analyticsRoutes } from './routes';
import { createAnalyticsStore } from './store';
import { createDailyVisitors } from './visitors';

/** What the features whose forms convert (leads, the newsletter) call to count a conversion. */
export type Conversions = ReturnType<typeof conversionCounts>;

export function analytics({ db, config, afterAnswer, counters, logger }: Site): Feature & { conversions: Conversions } {
  const store = createAnalyticsStore(db, createDailyVisitors(db, new URL(config.siteUrl).host, config.analytics.key));
  return {
    conversions: conversionCounts(store, afterAnswer),
    routes: analyticsRoutes({ store, siteUrl: config.siteUrl, afterAnswer, counters }),
    console: [analyticsSection(db)],
    // At start, then hourly: the closed weeks' sums the reports read (decision 093).
    jobs: [{ what: 'analytics weekly roll-up', place: 'once for the site', start: () => startRollUp(db, logger) }],
  };
}

/**
 * Says at start, once, that production runs without ANALYTICS_KEY: an error, but no reason to refuse every page
 * (decision 065). The run counts under a key of its own, so its figures do not join another run's or instance's.
 */
export function reportMissingAnalyticsKey(config: AppConfig, logger: Logger): void {
  if (config.analytics.keyMissing)
    logger.error(
      'ANALYTICS_KEY is not set: this run counts visitors and keys leads’ client hashes with a key of its own, so the ' +
        'day’s unique visitors start over at each restart and count twice across instances; set the same value of 32 ' +
        'bytes or more for every instance (openssl rand -hex 32, decision 065)',
    );
}
