/**
 * Polls `check` until it holds; rejects after `timeoutMs`, naming `what` it waited for. For a state another
 * process or a worker reaches in its own time: the test states the state, not how long it may take. The default
 * ends well before vitest's limit, so a failure says what never came.
 */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 20_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  // performance.now(): a test that controls Date (vi.useFakeTimers) still gets its timeout.
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** What stopWhenDone needs of an outbox worker (server/outbox/worker.ts). */
interface StoppableWorker {
  wake(): void;
  stop(graceMs?: number): Promise<void>;
}

/**
 * Proof that a worker sends nothing more, in place of a pause: waits until `done` says the queue holds nothing
 * it could still send, then stops it. stop() waits for the sends under way, so what has reached the receiver
 * then is all it will ever send. The worker cannot be asked whether it is idle (server/outbox/worker.ts keeps
 * that to itself); stop() is the nearest it tells. Woken first: one with nothing under way looks once more.
 */
export async function stopWhenDone(
  workers: StoppableWorker | StoppableWorker[],
  done: () => boolean | Promise<boolean> = () => true,
): Promise<void> {
  await until('the outbox to have nothing left to send', done);
  await Promise.all(
    [workers].flat().map((worker) => {
      worker.wake();
      return worker.stop(30_000);
    }),
  );
}
