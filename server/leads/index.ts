/** The contact form end to end: its route, the leads' console section, and the e-mail and webhook it queues. */
import type { Conversions } from '../analytics';
import { createAccountStore } from '../console/accounts';
import type { ConsoleAlert } from '../console/kit/ConsoleDocument';
import type { CrmEvents } from '../crm';
import type { Queryable } from '../db';
import type { FormGuarding } from '../formGuard';
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { assignmentSection } from './assignmentRoutes';
import { leadSection } from './consoleRoutes';
import { arrivalEvents } from './crmEvents';
import { dueStepAlerts, startDueSteps } from './dueSteps';
import { leadKinds, leadMessages } from './messages';
import { assignedMail, ownerKinds } from './ownerMessages';
import { reportSection } from './reports/section';
import type { HeldLead } from './routes';
import { contactRoutes } from './routes';
import type { LeadStore } from './store';
import { createLeadStore, returningLead } from './store';
import { startUnanswered, unansweredAlerts } from './unanswered';

/** Its command for the staff (`npm run leads`), loaded only when it runs: server/commands.ts. */
export const commands = { leads: () => import('./command') };

/** The owner of the visitor's latest lead, for the booking that goes back to them (decision 082). */
export const returningOwnerOf = async (tx: Queryable, email: string) => (await returningLead(tx, email))?.owner;

interface Leads extends Feature {
  /** A booked call's lead, in the booking's transaction (decision 082). */
  booked: Pick<LeadStore, 'bookedIn' | 'committed' | 'add'>;
  /**
   * The signed-in person's own alerts for the console's top bar: their next steps now due (decision 079), their
   * leads waiting for a first answer and, for an owner, everyone's past the second threshold (decision 080).
   */
  alertsFor: (email: string) => Promise<ConsoleAlert[]>;
}

export function leads(
  site: Site,
  { conversions, guard, crm }: { conversions: Conversions; guard: FormGuarding; crm: CrmEvents },
): Leads {
  const { db, config, metrics, logger, counters, renderPage } = site;
  const notification = leadMessages(config.mail, config.siteUrl);
  const store = createLeadStore(
    db,
    {
      outbox: site.outbox,
      // The department's notification and webhook, the owner's e-mail (decision 079), the CRM's events (081).
      messagesFor: (lead) => [
        ...notification(lead),
        ...(lead.owner ? [assignedMail(config.siteUrl, lead, lead.owner)] : []),
        ...arrivalEvents(lead).flatMap((event) => crm.messages(event, new Date(lead.receivedAt), lead.id)),
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
      // A held message, once staff say it is no spam, is stored and notified as at its arrival.
      guard: guard.protect<HeldLead>('contact', async ({ lead, userAgent }) => {
        await store.add(lead, { address: '', userAgent });
      }),
      logger,
      siteUrl: config.siteUrl,
      renderPage,
      counters,
      converted: conversions.lead,
    }),
    console: [leadSection(db, crm), reportSection(db), assignmentSection(db)],
    outbox: { kinds: [...leadKinds, ...ownerKinds], handledBy: ['sales'] },
    jobs: [
      {
        what: 'leads waiting for a first answer',
        place: 'once for the site',
        start: () =>
          startUnanswered(
            { db, outbox: site.outbox, siteUrl: config.siteUrl, thresholds: config.alerts, committed: site.wakeOutbox },
            logger,
          ),
      },
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
    alertsFor: async (email) => {
      const person = await createAccountStore(db).find(email);
      return [
        ...(await dueStepAlerts(db, email)),
        ...(person ? await unansweredAlerts(db, config.alerts, person) : []),
      ];
    },
    booked: store,
  };
}
