/** The lab's CRM: each lead's events posted, signed, to CRM_WEBHOOK_URL through the outbox (decision 081). */
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import type { CrmEvents } from './events';
import { crmEvents, crmKind } from './events';

export type { CrmEvents } from './events';
export { crmEvents, envelope, externalLeadId, leadErased } from './events';

interface Crm extends Feature {
  /** What the leads and the erasure queue their events with. */
  events: CrmEvents;
}

export function crm({ outbox, config, wakeOutbox }: Site): Crm {
  return {
    // A failed post is the lab's CRM's business: the owner and the sales staff may send it again.
    outbox: { kinds: [crmKind], handledBy: ['sales'] },
    events: crmEvents(outbox, config.mail.crm, wakeOutbox),
  };
}
