/** Booking an intro call (decision 082): its pages, its e-mails, and the owners' settings in the console. */
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { callsSection } from './console/callsSection';
import { noShowKinds } from './console/noShow';
import { bookingSection } from './consoleRoutes';
import { bookingKinds } from './messages';
import { reminderHooks, reminderKinds } from './reminders';
import { bookingRoutes } from './routes';
import type { BookingLeads } from './service';
import { bookingService } from './service';

/** An erasure's cancel of the person's calls to come (decision 087). */
export { cancelCallsOfErased } from './erasure';

export function booking(site: Site, { leads }: { leads: BookingLeads }): Feature {
  const { db, config, counters, renderPage } = site;
  const service = bookingService({
    db,
    outbox: site.outbox,
    wakeOutbox: site.wakeOutbox,
    siteUrl: config.siteUrl,
    leads,
  });
  return {
    routes: bookingRoutes({ service, siteUrl: config.siteUrl, renderPage, counters }),
    console: [
      callsSection({ db, service, outbox: site.outbox, wakeOutbox: site.wakeOutbox, siteUrl: config.siteUrl }),
      bookingSection(db),
    ],
    outbox: {
      kinds: [...bookingKinds, ...reminderKinds, ...noShowKinds],
      hooks: reminderHooks(db, config.siteUrl),
      handledBy: ['sales'],
    },
  };
}
