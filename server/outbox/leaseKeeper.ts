import type { Logger } from '../http/logger';
import type { LeasedMessage, OutboxStore } from './store';

/** How many renewals fit in one lease: a renewal late by two thirds of a lease still comes in time. */
const RENEWALS_PER_LEASE = 3;

/**
 * Holds a message's lease for as long as it is being composed and sent (decision 077): renewed every third of
 * the lease, so a slow batch (a busy SMTP pool, a slow webhook) never lets it run out and another worker send it
 * again. release() stops renewing and waits for a renewal under way, so the mark that follows names the lease
 * the row holds.
 */
export function keepLease(
  store: OutboxStore,
  message: LeasedMessage,
  { leaseMs, logger }: { leaseMs: number; logger: Logger },
): { release(): Promise<void> } {
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewing
      .then(() => store.renew(message, leaseMs))
      .then(
        (held) => held || logger.warn({ outboxId: message.id }, 'outbox lease lost while sending'),
        (error: unknown) => logger.error({ err: error, outboxId: message.id }, 'outbox lease renewal failed'),
      );
  }, leaseMs / RENEWALS_PER_LEASE);
  timer.unref();
  return {
    async release() {
      clearInterval(timer);
      await renewing;
    },
  };
}
