/** The contact form end to end: its route, the leads' console section, and the e-mail and webhook it queues. */
import type { Conversions } from '../analytics';
import type { ConsoleAlert } from '../console/kit/ConsoleDocument';
import type { Queryable } from '../db';
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { leadSection } from './consoleRoutes';
import { dueStepAlerts, startDueSteps } from './dueSteps';
import { leadKinds, leadMessages } from './messages';
import { assignedMail, ownerKinds } from './ownerMessages';
import { contactRoutes } from './routes';
import type { LeadStore } from './store';
import { createLeadStore, returningLead } from './store';

/** Its command for the staff (`npm run leads`), loaded only when it runs: server/commands.ts. */
export const commands = { leads: () => import('./command') };

/** The owner of the visitor's latest lead, for the booking that goes back to them (decision 082). */
export const returningOwnerOf = async (tx: Queryable, email: string) => (await returningLead(tx, email))?.owner;

interface Leads extends Feature {
  /** A booked call's lead, in the booking's transaction (decision 082). */
  booked: Pick<LeadStore, 'bookedIn' | 'committed'>;
  /** The signed-in person's own alerts for the console's top bar: their next steps now due (decision 079). */
  alertsFor: (email: string) => Promise<ConsoleAlert[]>;
}

export function leads(site: Site, { conversions }: { conversions: Conversions }): Leads {
  const { db, config, metrics, logger, counters, renderPage } = site;
  const notification = leadMessages(config.mail, config.siteUrl);
  const store = createLeadStore(
    db,
    {
      outbox: site.outbox,
      // The department's notification and webhook, and the owner's e-mail (decision 079).
      messagesFor: (lead) => [
        ...notification(lead),
        ...(lead.owner ? [assignedMail(config.siteUrl, lead, lead.owner)] : []),
      ],
      committed: () => {
        metrics.leadsReceived.inc();
        site.wakeOutbox();
      },
    },
    config.analytics.key,
  );
  return {
    // The form re-renders its page when it refuses a post without script.
    routes: contactRoutes({
      store,
      logger,
      siteUrl: config.siteUrl,
      renderPage,
      counters,
      converted: conversions.lead,
    }),
    console: [leadSection(db)],
    outbox: { kinds: [...leadKinds, ...ownerKinds], handledBy: ['sales'] },
    jobs: [
      {
        what: 'next steps due',
        place: 'once for the site',
        start: () =>
          startDueSteps(
            { db, outbox: site.outbox, siteUrl: config.siteUrl, committed: () => site.wakeOutbox() },
            logger,
          ),
      },
    ],
    alertsFor: (email) => dueStepAlerts(db, email),
    booked: store,
  };
}
