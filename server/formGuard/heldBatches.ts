import type { AfterAnswer } from '../http/afterAnswer';
import type { NewItem, QuarantineStore } from './quarantine';

/**
 * How long a held post waits to be written with the others that arrive meanwhile. SQLite commits are durable
 * (synchronous FULL): one per post would hold the event loop on the disk for every post of a flood.
 */
const HELD_BATCH_MS = 100;

/**
 * Held posts written together, after their answers (decision 073): the first of a batch starts a wait of
 * HELD_BATCH_MS, then every post held meanwhile is written in one transaction. The wait is work after the answer,
 * so the server writes what is queued before it closes the database, and `afterAnswer.settled()` waits for it.
 */
export function heldBatches(quarantine: QuarantineStore, afterAnswer: AfterAnswer) {
  let queued: NewItem[] = [];
  return {
    add(item: NewItem): void {
      queued.push(item);
      if (queued.length > 1) return;
      afterAnswer.run('holding form posts', async () => {
        await new Promise((resolve) => setTimeout(resolve, HELD_BATCH_MS));
        const batch = queued;
        queued = [];
        await quarantine.holdAll(batch);
      });
    },
  };
}

export type HeldBatches = ReturnType<typeof heldBatches>;
