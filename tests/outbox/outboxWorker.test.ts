import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { LeasedMessage, OutboxStore } from '../../server/outbox/store';
import { createOutboxWorker } from '../../server/outbox/worker';

afterEach(() => {
  vi.useRealTimers();
});

const POLL_MS = 3_600_000;

/**
 * A worker over a store holding one message of a throttled kind whose first claim finds no slot open, the
 * next opening at `opensAt()` (read when the claim returns); every later claim gets the message. The poll is
 * an hour away, so only the worker's own slot timer can bring the next claim. Returns the ids sent.
 */
function throttledWorker(opensAt: () => number): number[] {
  const sent: number[] = [];
  const message: LeasedMessage = {
    id: 1,
    kind: 'bulk',
    payload: { body: {} },
    messageId: '<1@meridianlab.test>',
    attempts: 0,
    subscriberId: null,
    leaseUntil: new Date(Date.now() + 60_000).toISOString(),
  };
  let claims = 0;
  let left = [message];
  const store = {
    lease: async () => [],
    leaseThrottled: async () => {
      claims += 1;
      if (claims === 1) return { messages: [], nextSlotAt: opensAt() };
      const messages = left;
      left = [];
      return { messages, nextSlotAt: null };
    },
    markSent: async () => {},
    stats: async () => ({ queued: 0, sent: 0, failed: 0, skipped: 0, bounced: 0, oldestQueuedSeconds: null }),
  } as unknown as OutboxStore;
  const worker = createOutboxWorker({
    store,
    kinds: [{ name: 'bulk', channel: 'webhook' }],
    senders: { webhook: async ({ id }) => void sent.push(id) },
    logger: pino({ level: 'silent' }),
    maxAttempts: 3,
    leaseMs: 60_000,
    pollMs: POLL_MS,
    throttles: { bulk: 60 },
  });
  worker.start();
  return sent;
}

// Decision 043: a worker that missed its slot waited for the 5 s poll, and two instances sent a third of their
// rate. The rate itself is measured by `npm run bench -- --only=timings`; this is the cause, at a controlled clock.
describe('the outbox worker with a throttled kind', () => {
  it('claims again when the slot opens, not at the next poll', async () => {
    vi.useFakeTimers();
    const sent = throttledWorker(() => Date.now() + 100);
    await vi.advanceTimersByTimeAsync(99);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([1]);
  });

  it('claims again at once when the slot opened while its claim ran (a slow transaction)', async () => {
    vi.useFakeTimers();
    const sent = throttledWorker(() => Date.now() - 5);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([1]);
  });
});
