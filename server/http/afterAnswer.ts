import type { Logger } from './logger';

/**
 * Work a route does after its answer is on its way, so that how long the
 * answer takes says nothing of the work (decision 032). A failure is logged:
 * the visitor already has the answer.
 */
export interface AfterAnswer {
  /** Starts `work` at the next turn of the event loop, once the answer's bytes are written. */
  run(what: string, work: () => Promise<unknown>): void;
  /** Resolves once no work is under way: the server waits for it before it closes the database. */
  settled(): Promise<void>;
}

export function createAfterAnswer(logger: Logger): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(what, work) {
      const task: Promise<void> = new Promise((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => logger.error({ err: error }, `${what} failed after the answer`),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
