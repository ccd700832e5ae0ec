/**
 * A job of one process: `task` runs now and then every `everyMs`; a failed run goes to `failed` and the next one
 * tries again. The timer keeps no process alive; stop() ends it and waits for a run under way (on drain).
 */
export function runEvery(
  everyMs: number,
  task: () => Promise<unknown>,
  failed: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => (running = task().catch(failed));
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
