import type { AfterAnswer } from '../http/afterAnswer';
import type { NewItem, QuarantineStore } from './quarantine';

/** How long held posts that arrive together (a flood) are gathered at first, to be written in one transaction. */
const HELD_BATCH_MS = 100;
/** The longest a flood's batch is gathered: each batch taken together doubles the window up to this (decision 089). */
const HELD_BATCH_MAX_MS = 1_000;

/**
 * A batch's answers go out spread over its gathering window, not all at once: each answer releases the flood's
 * next post, and a batch answered together brought them back together, a burst of posts that pages queued behind
 * (decision 089). The first is answered at once, so a post held alone waits for nothing.
 */
const inTurn = (place: number, of: number, windowMs: number) =>
  place === 0 ? undefined : new Promise<void>((resolve) => setTimeout(resolve, (place * windowMs) / of));

/**
 * Held posts written together (decisions 073, 089), each answered once it is written, as a delivered post is
 * answered once stored. A post held alone is written at the next turn of the event loop, with whatever else was
 * held in that turn. When the last batch held more than one and was taken to be written within its window, posts
 * are coming together: the next batch is gathered for a window that starts at HELD_BATCH_MS and doubles with each
 * batch taken so, up to HELD_BATCH_MAX_MS. A flood whose script waits for its answers then gets them a batch at a
 * time, which slows it to what it has under way every window, slower the longer it lasts: the pages keep the event
 * loop, and the quarantine grows by at most what a script has under way each second. A person's post, held alone,
 * waits for nothing, and a quiet moment starts the window again. The write runs through `afterAnswer`, so that
 * `settled()` (the server's stop, the tests) waits for it too.
 */
export function heldBatches(quarantine: QuarantineStore, afterAnswer: AfterAnswer) {
  let gathering: { items: NewItem[]; written: Promise<void>; windowMs: number } | undefined;
  let last = { size: 0, at: 0, windowMs: HELD_BATCH_MS, together: false };
  return {
    /** Resolves once the item is written; rejects if its batch could not be. */
    add(item: NewItem): Promise<void> {
      if (gathering) {
        const batch = gathering;
        const place = batch.items.push(item) - 1;
        return batch.written.then(() => inTurn(place, batch.items.length, batch.windowMs));
      }
      const together = last.size > 1 && Date.now() - last.at < last.windowMs;
      const windowMs = together && last.together ? Math.min(last.windowMs * 2, HELD_BATCH_MAX_MS) : HELD_BATCH_MS;
      const items = [item];
      // The failure goes to the posts' answers (their routes log it), not to afterAnswer's log.
      const written = new Promise<void>((resolve, reject) =>
        afterAnswer.run('holding form posts', async () => {
          if (together) await new Promise((wait) => setTimeout(wait, windowMs));
          gathering = undefined;
          last = { size: items.length, at: Date.now(), windowMs, together };
          await quarantine.holdAll(items).then(resolve, reject);
        }),
      );
      gathering = { items, written, windowMs };
      return written;
    },
  };
}

export type HeldBatches = ReturnType<typeof heldBatches>;
