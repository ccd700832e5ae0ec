import type { Logger } from '../http/logger';
import type { CampaignStore } from './campaignStore';

/** Recipients queued per transaction: short transactions, and a restart loses no more than one batch's work. */
export const QUEUE_BATCH = 200;
const DEFAULT_POLL_MS = 5_000;

export interface CampaignRunner {
  /** Looks now: called when the console schedules a campaign to go now. */
  wake(): void;
  stop(): Promise<void>;
}

interface CampaignRunnerOptions {
  store: CampaignStore;
  wakeOutbox: () => void;
  logger: Logger;
  pollMs?: number;
  /** Makes the drafts of new articles (NEWSLETTER_DRAFT_NEW_ARTICLES); none by default. */
  draftNew?: () => Promise<number[]>;
}

/**
 * Starts each scheduled campaign when its time comes (once over every
 * instance: see CampaignStore.startDue), then queues its recipients in the
 * outbox in batches, resuming after a restart where the last batch committed.
 * Every instance runs one: two queueing the same batch meet the outbox's unique key.
 */
export function startCampaignRunner({
  store,
  wakeOutbox,
  logger,
  pollMs = DEFAULT_POLL_MS,
  draftNew = async () => [],
}: CampaignRunnerOptions): CampaignRunner {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function run(): Promise<void> {
    do {
      again = false;
      for (const id of await draftNew()) logger.info({ campaign: id }, 'draft campaign made for a new article');
      for (const id of await store.startDue()) logger.info({ campaign: id }, 'campaign started');
      for (const id of await store.queueing()) {
        let queued = 0;
        for (let batch; !stopped && (batch = await store.queueNext(id, QUEUE_BATCH)) > 0;) {
          queued += batch;
          wakeOutbox();
        }
        if (!stopped) logger.info({ campaign: id, queued }, 'campaign recipients queued');
      }
    } while (again && !stopped);
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch((error: unknown) => logger.error({ err: error }, 'campaign runner failed'))
      .finally(() => {
        running = undefined;
      });
  }

  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
