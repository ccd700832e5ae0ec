import type { ServerResponse } from 'node:http';

import type { RequestHandler } from 'express';

/**
 * The graceful stop's state (see main.ts). Once `begin()` is called, /readyz
 * answers 503, so the proxy's health check takes the instance out of rotation,
 * and every new request is refused with 503 and `Connection: close`, so the
 * proxy opens no more requests on its kept connections; the requests already
 * under way run to their end, and `idle()` resolves when the last one has.
 */
export interface Drain {
  /** Requests under way now (not counting the refused ones). */
  readonly inFlight: number;
  /** Begun: new requests are refused. */
  readonly draining: boolean;
  /** Counts a request under way until its answer closes (the handler does it; so do the kept pages before the app). */
  track(res: ServerResponse): void;
  begin(): void;
  /** Resolves once draining and no request is under way. */
  idle(): Promise<void>;
  /** First in the app (after the request id and log), so a refusal costs nothing else. */
  handler: RequestHandler;
}

export function createDrain(): Drain {
  let draining = false;
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const track = (res: ServerResponse) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      settle();
    });
  };
  const settle = () => {
    if (!draining || inFlight > 0) return;
    const done = waiters;
    waiters = [];
    done.forEach((resolve) => resolve());
  };
  return {
    get inFlight() {
      return inFlight;
    },
    get draining() {
      return draining;
    },
    track,
    begin() {
      draining = true;
      settle();
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      });
    },
    handler(req, res, next) {
      if (draining) {
        // Retry-After: the proxy's other instance, or this one after its restart, answers in a second.
        res.status(503).set({ Connection: 'close', 'Cache-Control': 'no-store', 'Retry-After': '1' });
        if (req.path === '/readyz') res.json({ status: 'draining' });
        else res.type('text/plain').send('The server is restarting. Please try again in a moment.\n');
        return;
      }
      track(res);
      next();
    },
  };
}
