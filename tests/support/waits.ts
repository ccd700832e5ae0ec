/**
 * Polls `check` until it holds; rejects after `timeoutMs`, naming `what` it waited for. For a state another
 * process or a worker reaches in its own time: the test states the state, not how long it may take. The default
 * ends before vitest's 30 s, so a failure says what never came.
 */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 20_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
