/**
 * The newsletter: the sign-up box, the e-mails' confirm and unsubscribe links, a provider's bounces, the
 * campaigns and the subscribers in the console, and the runner that starts each campaign on time.
 */
import { Router } from 'express';

import type { Conversions } from '../analytics';
import { campaignClicks } from '../analytics/campaignClicks';
import type { AppConfig } from '../config';
import { completeIdentity, missingIdentity } from '../config';
import type { Database } from '../db';
import type { FormGuarding } from '../formGuard';
import { createOutbox } from '../outbox/delivery';
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { draftNewArticles } from './articleDrafts';
import type { CampaignRunner } from './campaignRunner';
import { startCampaignRunner } from './campaignRunner';
import { campaignHooks, campaignKind, campaignTestKind, campaignThrottles } from './campaignSending';
import { createCampaignStore } from './campaignStore';
import { campaignTagPrefix } from './campaignTag';
import { campaignSection } from './consoleRoutes';
import { newsletterEventRoutes } from './eventRoutes';
import { newsletterRoutes } from './linkRoutes';
import { confirmationHooks, newsletterKinds, signUpMessages } from './messages';
import { createSubscriberStore } from './store';
import type { HeldSignUp } from './subscribeRoutes';
import { deliverSignUp, subscribeRoutes } from './subscribeRoutes';
import { subscriberSection } from './subscriberRoutes';

/** The campaigns over the database, their recipients queued in its outbox (the commands and tests use it too). */
export const campaignStore = (db: Database, config: Pick<AppConfig, 'mail' | 'newsletter'>) =>
  createCampaignStore(db, createOutbox(db, config), config.newsletter.bounceLimit);

/** Its command for the staff (`npm run newsletter`), loaded only when it runs: server/commands.ts. */
export const commands = { newsletter: () => import('./command') };

/** What goes to readers: each e-mail names the lab by its legal name and postal address (CASL, CAN-SPAM). */
const readerKinds = [...newsletterKinds, campaignKind];
const newsletterKindNames = new Set([...readerKinds, campaignTestKind].map((kind) => kind.name));

interface NewsletterOptions {
  conversions: Conversions;
  /** Has the campaign runner look now; by default the one this feature's job starts. */
  wakeCampaigns?: () => void;
  /** The public forms' guard (decision 073). */
  guard: FormGuarding;
}

export function newsletter(site: Site, { conversions, wakeCampaigns, guard }: NewsletterOptions): Feature {
  const { db, config, logger, counters, afterAnswer, renderPage, wakeOutbox } = site;
  const { siteUrl } = config;
  const { bounceLimit, ratePerMinute, eventsSecret, draftNewArticles: draftNew } = config.newsletter;
  const campaigns = createCampaignStore(db, site.outbox, bounceLimit);
  const subscribers = createSubscriberStore(
    db,
    { outbox: site.outbox, messagesFor: signUpMessages(siteUrl), committed: wakeOutbox },
    { confirmationsPerHour: config.confirmationsPerHour, logger, confirmed: conversions.confirmed },
  );
  let runner: CampaignRunner | undefined;
  // Until every fact of the lab's identity is set, the readers' kinds are not registered: the worker leaves them
  // queued, and a start with the settings sends them.
  const lab = completeIdentity(config.identity);
  const held = lab
    ? undefined
    : { missing: missingIdentity(config.identity), waiting: () => campaigns.queued(readerKinds) };

  const routes = Router();
  const signUps = guard.protect<HeldSignUp>('newsletter', deliverSignUp(subscribers));
  routes.use(
    subscribeRoutes({
      ...{ store: subscribers, guard: signUps, siteUrl, afterAnswer, counters },
      ...{ converted: conversions.signUp, held: !lab },
    }),
  ); // the newsletter box
  routes.use(newsletterRoutes({ store: subscribers, siteUrl, renderPage, counters })); // the e-mails' confirm and unsubscribe links
  if (eventsSecret) routes.use(newsletterEventRoutes({ db, siteUrl, secret: eventsSecret, counters })); // a mail provider's signed bounces and complaints

  return {
    routes,
    console: [
      subscriberSection(db),
      campaignSection(
        {
          campaigns,
          wakeOutbox,
          wakeCampaigns: wakeCampaigns ?? (() => runner?.wake()),
          clicks: (id) => campaignClicks(db, campaignTagPrefix(id)),
          ratePerMinute,
          lab: config.identity,
          held,
        },
        siteUrl,
      ),
    ],
    outbox: {
      kinds: lab ? [...readerKinds, campaignTestKind] : [campaignTestKind],
      hooks: lab
        ? { ...confirmationHooks(db, lab), ...campaignHooks(db, campaigns, { siteUrl, bounceLimit, lab }) }
        : {},
      throttles: campaignThrottles(ratePerMinute),
      handledBy: ['editor'], // the roles of its console sections
      // An e-mail sent is counted as the newsletter's too, under its kind without the prefix.
      attempted: (kind, outcome) => {
        if (outcome === 'sent' && newsletterKindNames.has(kind))
          site.metrics.newsletterEmails.inc({ kind: kind.replace(/^newsletter-/, '') });
      },
    },
    jobs: [
      {
        // Starts the scheduled campaigns and queues their recipients (decision 044) when the console wakes it,
        // else every 5 s; a campaign starts once over every process.
        what: 'campaign runner',
        place: 'every process',
        start: () =>
          (runner = startCampaignRunner({
            store: campaigns,
            wakeOutbox,
            logger,
            draftNew: draftNew ? () => draftNewArticles(db, campaigns, siteUrl) : undefined,
          })),
      },
    ],
  };
}
