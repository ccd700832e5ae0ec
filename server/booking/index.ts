/** Booking an intro call (decision 082): its pages, its e-mails, and the owners' settings in the console. */
import { Router } from 'express';

import type { FormGuarding } from '../formGuard';
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { bookingApiRoutes } from './api/routes';
import { bookingSection } from './consoleRoutes';
import type { HeldBooking } from './guarded';
import { heldBookingDelivery } from './guarded';
import { bookingKinds } from './messages';
import { bookingRoutes } from './routes';
import type { BookingLeads } from './service';
import { bookingService } from './service';

export function booking(site: Site, { leads, guard }: { leads: BookingLeads; guard: FormGuarding }): Feature {
  const { db, config, counters, renderPage } = site;
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
  routes.use(bookingApiRoutes({ service, siteUrl: config.siteUrl, token: config.bookingApiToken, counters }));
  return {
    routes,
    console: [bookingSection(db)],
    outbox: { kinds: bookingKinds, handledBy: ['sales'] },
  };
}
