/** Page views, visitors and conversions: the beacon, the count of each conversion, and the console's report. */
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { analyticsSection } from './consoleRoutes';
import { conversionCounts } from './conversions';
import { analyticsRoutes } from './routes';
import { createAnalyticsStore } from './store';
import { createDailyVisitors } from './visitors';

/** What the features whose forms convert (leads, the newsletter) call to count a conversion. */
export type Conversions = ReturnType<typeof conversionCounts>;

export function analytics({ db, config, afterAnswer, counters }: Site): Feature & { conversions: Conversions } {
  const store = createAnalyticsStore(db, createDailyVisitors(db, new URL(config.siteUrl).host, config.analytics.key));
  return {
    conversions: conversionCounts(store, afterAnswer),
    routes: analyticsRoutes({ store, siteUrl: config.siteUrl, afterAnswer, counters }),
    console: [analyticsSection(db)],
  };
}
