/** The first retry comes about a minute after a failed attempt. */
export const FIRST_RETRY_MS = 60_000;
/** Retries never wait longer than this. */
export const MAX_RETRY_MS = 4 * 60 * 60_000;
/** Each wait is stretched or shrunk at random by up to this share, so messages that failed together spread out. */
const JITTER = 0.2;

/**
 * How long to wait after the `failedAttempts`-th failed attempt: 1, 2, 4, 8 …
 * minutes, capped at 4 hours, with jitter. With the default 16 attempts the
 * retries cover more than a day even when every wait is drawn shortest.
 */
export function retryDelayMs(
  failedAttempts: number,
  random: () => number = Math.random,
  firstRetryMs = FIRST_RETRY_MS,
): number {
  const exponential = Math.min(
    firstRetryMs * 2 ** Math.max(0, failedAttempts - 1),
    MAX_RETRY_MS * (firstRetryMs / FIRST_RETRY_MS),
  );
  return Math.round(exponential * (1 - JITTER + 2 * JITTER * random()));
}
