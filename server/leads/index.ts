/** The contact form end to end: its route, the leads' console section, and the e-mail and webhook it queues. */
import type { Conversions } from '../analytics';
import type { FormGuarding } from '../formGuard';
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { leadSection } from './consoleRoutes';
import { leadKinds, leadMessages } from './messages';
import type { HeldLead } from './routes';
import { contactRoutes } from './routes';
import { createLeadStore } from './store';

/** Its command for the staff (`npm run leads`), loaded only when it runs: server/commands.ts. */
export const commands = { leads: () => import('./command') };
export function leads(site: Site, { conversions, guard }: { conversions: Conversions; guard: FormGuarding }): Feature {
  const { db, config, metrics, logger, counters, renderPage } = site;
  const store = createLeadStore(
    db,
    {
      outbox: site.outbox,
      messagesFor: leadMessages(config.mail, config.siteUrl),
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
    console: [leadSection(db)],
    outbox: { kinds: leadKinds },
  };
}
