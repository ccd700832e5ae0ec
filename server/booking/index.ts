/**
 * Booking an intro call (decision 082): its pages, its e-mails, and the owners' settings in the console; the API
 * for machines, the forms' guard, and each person's calendar feed (decision 088); reminders, the console's calls and
 * erasure's cancels (decision 087).
 */
import { Router } from 'express';

import { createAccountStore } from '../console/accounts';
import type { ConsoleAlert } from '../console/kit/ConsoleDocument';
import type { FormGuarding } from '../formGuard';
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { bookingApiRoutes } from './api/routes';
import { callsSection } from './console/callsSection';
import { noShowKinds } from './console/noShow';
import { bookingSection } from './consoleRoutes';
import { calendarFeedSection } from './feeds/consoleRoutes';
import { feedAlerts, feedKinds, startFeedReader } from './feeds/reader';
import type { HeldBooking } from './guarded';
import { heldBookingDelivery } from './guarded';
import { holdRoutes } from './holdRoutes';
import { bookingKinds } from './messages';
import { reminderHooks, reminderKinds } from './reminders';
import { bookingRoutes } from './routes';
import type { BookingLeads } from './service';
import { bookingService } from './service';

/** An erasure's cancel of the person's calls to come (decision 087). */
export { cancelCallsOfErased } from './erasure';

interface BookingParts {
  leads: BookingLeads;
  guard: FormGuarding;
  /** Tests only: calendar feeds may be served from this machine (decision 088). */
  feedsAllowPrivate?: boolean;
}

interface Booking extends Feature {
  /** The signed-in person's own alerts: their calendar feed closing their times (decision 088). */
  alertsFor: (email: string) => Promise<ConsoleAlert[]>;
}

export function booking(site: Site, { leads, guard, feedsAllowPrivate = false }: BookingParts): Booking {
  const { db, config, counters, renderPage, logger } = site;
  const service = bookingService({
    db,
    outbox: site.outbox,
    wakeOutbox: site.wakeOutbox,
    siteUrl: config.siteUrl,
    leads,
  });
  const routes = Router();
  // A held booking holds no time and mails nobody; "not spam" books it as if it had just arrived (decision 088).
  const guarded = guard.protect<HeldBooking>('booking', heldBookingDelivery(db, service, leads));
  routes.use(bookingRoutes({ service, guard: guarded, siteUrl: config.siteUrl, renderPage, counters }));
  routes.use(holdRoutes({ db, service, siteUrl: config.siteUrl, counters }));
  routes.use(bookingApiRoutes({ service, siteUrl: config.siteUrl, token: config.bookingApiToken, counters }));
  return {
    routes,
    console: [
      callsSection({ db, service, outbox: site.outbox, wakeOutbox: site.wakeOutbox, siteUrl: config.siteUrl }),
      bookingSection(db),
      calendarFeedSection(db),
    ],
    outbox: {
      kinds: [...bookingKinds, ...reminderKinds, ...noShowKinds, ...feedKinds],
      hooks: reminderHooks(db, config.siteUrl),
      handledBy: ['sales'],
    },
    jobs: [
      {
        what: 'calendar feeds read',
        place: 'once for the site',
        start: () =>
          startFeedReader({
            ...{ db, outbox: site.outbox, committed: site.wakeOutbox, siteUrl: config.siteUrl, logger },
            ...{ people: service.people, allowPrivate: feedsAllowPrivate },
          }),
      },
    ],
    alertsFor: async (email) => feedAlerts(db, (await createAccountStore(db).find(email))?.id),
  };
}
