/**
 * The kept pages' compressions, one page at a time, with a bound on the pages waiting for theirs (decision
 * 092). Brotli at quality 11 takes longer than a render, so pages asked for faster than they compress
 * (each page of a large blog in turn, as a crawler asks) waited in memory, each with its compressors, with
 * no bound: 2,000 article pages asked for without compression took the resident memory from 360 MB to
 * 830 MB. Past the bound a page is not kept: its next visitor renders it again.
 */

/** The bytes of the pages waiting (the one compressing among them), unless a test says otherwise. */
const DEFAULT_WAITING_BYTES = 2 * 2 ** 20;

export interface Compressions {
  /**
   * Runs `work` for a page of `bytes` once the pages before it are done: undefined, and `work` never run,
   * when the pages waiting pass the bound with it. A page larger than the bound runs when none waits.
   */
  run<T>(bytes: number, work: () => Promise<T>): Promise<T> | undefined;
  /** The bytes of the pages waiting, the one compressing among them. */
  readonly waiting: number;
}

export function createCompressions(maxWaiting = DEFAULT_WAITING_BYTES): Compressions {
  let waiting = 0;
  let last: Promise<unknown> = Promise.resolve();
  return {
    run(bytes, work) {
      if (waiting > 0 && waiting + bytes > maxWaiting) return undefined;
      waiting += bytes;
      const turn = last.then(work).finally(() => {
        waiting -= bytes;
      });
      // The next page waits for this one whether it failed or not.
      last = turn.catch(() => undefined);
      return turn;
    },
    get waiting() {
      return waiting;
    },
  };
}
