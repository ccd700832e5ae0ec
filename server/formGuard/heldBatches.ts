import type { AfterAnswer } from '../http/afterAnswer';
import type { NewItem, QuarantineStore } from './quarantine';

/** How long held posts that arrive together (a flood) are gathered, to be written in one transaction. */
const HELD_BATCH_MS = 100;

/**
 * Held posts written together (decisions 073, 089), each answered once it is written, as a delivered post is
 * answered once stored. A post held alone is written at the next turn of the event loop, with whatever else was
 * held in that turn. When the last batch held more than one and was taken to be written less than HELD_BATCH_MS ago, posts are
 * coming together: the next batch is gathered for HELD_BATCH_MS. A flood whose script waits for its answers then
 * gets them a batch at a time, which slows it to what it has under way every HELD_BATCH_MS, and the pages keep the
 * event loop; a person's post, held alone, waits for nothing. The write runs through `afterAnswer`, so that
 * `settled()` (the server's stop, the tests) waits for it too.
 */
/**
 * A batch's answers go out spread over the next gathering window, not all at once: each answer releases the
 * flood's next post, and a batch answered together brought them back together, a burst of posts that pages
 * queued behind (decision 089). The first is answered at once, so a post held alone waits for nothing.
 */
const inTurn = (place: number, of: number) =>
  place === 0 ? undefined : new Promise<void>((resolve) => setTimeout(resolve, (place * HELD_BATCH_MS) / of));

export function heldBatches(quarantine: QuarantineStore, afterAnswer: AfterAnswer) {
  let gathering: { items: NewItem[]; written: Promise<void> } | undefined;
  let last = { size: 0, at: 0 };
  return {
    /** Resolves once the item is written; rejects if its batch could not be. */
    add(item: NewItem): Promise<void> {
      if (gathering) {
        const batch = gathering;
        const place = batch.items.push(item) - 1;
        return batch.written.then(() => inTurn(place, batch.items.length));
      }
      const together = last.size > 1 && Date.now() - last.at < HELD_BATCH_MS;
      const items = [item];
      // The failure goes to the posts' answers (their routes log it), not to afterAnswer's log.
      const written = new Promise<void>((resolve, reject) =>
        afterAnswer.run('holding form posts', async () => {
          if (together) await new Promise((wait) => setTimeout(wait, HELD_BATCH_MS));
          gathering = undefined;
          last = { size: items.length, at: Date.now() };
          await quarantine.holdAll(items).then(resolve, reject);
        }),
      );
      gathering = { items, written };
      return written;
    },
  };
}

export type HeldBatches = ReturnType<typeof heldBatches>;
