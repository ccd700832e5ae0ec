import type { Logger } from '../http/logger';
import { retryDelayMs } from './backoff';
import type { Channel, OutboxKind } from './kinds';
import { keepLease } from './leaseKeeper';
import { PermanentFailure, RecipientRefused } from './mailer';
import type { LeasedMessage, OutboxStore } from './store';

/** Sends one message through a channel; rejects on failure. */
export type Sender = (message: LeasedMessage) => Promise<void>;

/** What a feature adds to the sending of one of its kinds (decision 043). */
export interface KindHooks {
  /**
   * Builds the message at its turn, from what is true then: the message to send, or the reason
   * it must not go out (it is then skipped for good), or that its address bounced before (it is then
   * bounced, not sent: decision 077). What it builds is sent, never stored.
   */
  compose?(message: LeasedMessage): Promise<LeasedMessage | { skip: string } | { bounced: string }>;
  /**
   * The mail server refused its address for good (a 5xx to RCPT TO or DATA): a kind with this hook sends to
   * addresses people typed, so the message is a bounce, not a failure (decisions 063, 077). It is marked bounced,
   * never retried, and this is told; without the hook, a 5xx fails the message at once.
   */
  refused?(message: LeasedMessage, reason: string): Promise<void>;
}

/** How an attempt ended, as the metrics count it: a bounce is an address's, an error the server's or the network's. */
export type SendOutcome = 'sent' | 'bounced' | 'error';

/** Whether a failed send is a bounce: the recipient refused for good, for a kind that takes refusals (decision 077). */
export const isBounce = (error: unknown, hooks: KindHooks | undefined) =>
  error instanceof RecipientRefused && hooks?.refused !== undefined;

export interface OutboxWorkerOptions {
  store: OutboxStore;
  /** The kinds the features registered: a message of any other kind is never claimed. */
  kinds: readonly OutboxKind[];
  /** A channel without a sender (mail before SMTP_URL is set) is left queued, untouched. */
  senders: Partial<Record<Channel, Sender>>;
  logger: Logger;
  maxAttempts: number;
  leaseMs: number;
  /** How often the queue is checked besides the wake-ups: for retries falling due and other processes' messages. */
  pollMs?: number;
  /** The first retry's wait (a minute); tests shorten the whole schedule with it. */
  firstRetryMs?: number;
  /** Messages claimed at once. */
  batchSize?: number;
  /** By kind: what its feature does before a send and after a refusal. */
  hooks?: Readonly<Record<string, KindHooks>>;
  /** By kind: the most messages per minute, over every instance (decision 043). */
  throttles?: Readonly<Record<string, number>>;
}

export interface OutboxWorker {
  start(): void;
  /** Checks the queue now: called right after a transaction that queued a message commits. */
  wake(): void;
  /** Stops polling and waits (up to `graceMs`) for the sends under way; what is left keeps its lease and is retried later. */
  stop(graceMs?: number): Promise<void>;
}

const DEFAULT_POLL_MS = 5_000;
/** How often the log gets a line with the outbox's counts (queued, sent, failed, oldest queued age). */
const STATUS_LOG_MS = 15 * 60_000;

/**
 * Sends queued messages, at least once each. It claims due rows under a lease,
 * sends them, then marks them sent; a failed attempt waits with exponential
 * backoff and jitter, and after maxAttempts the message is marked failed. A
 * crash after sending but before marking sends the message again once the
 * lease runs out: twice at worst, never zero times.
 */
export function createOutboxWorker({
  store,
  kinds,
  senders,
  logger,
  maxAttempts,
  leaseMs,
  pollMs = DEFAULT_POLL_MS,
  firstRetryMs,
  batchSize = 10,
  hooks = {},
  throttles = {},
}: OutboxWorkerOptions): OutboxWorker {
  // Each kind goes out through its channel's sender; a kind whose channel has none is not claimed.
  const sendable = new Map<string, Sender>();
  for (const { name, channel } of kinds) {
    const send = senders[channel];
    if (send) sendable.set(name, send);
  }
  const names = [...sendable.keys()].filter((name) => !throttles[name]);
  const throttled = [...sendable.keys()].flatMap((name) => (throttles[name] ? [[name, throttles[name]] as const] : []));
  let timer: NodeJS.Timeout | undefined;
  let slotTimer: NodeJS.Timeout | undefined;
  let statusTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  /** Composes and sends a message under its lease, renewed meanwhile: what the hook built, or what went wrong. */
  async function attempt(
    message: LeasedMessage,
  ): Promise<{ skip: string } | { bounced: string } | { failed: unknown } | undefined> {
    const hook = hooks[message.kind];
    const lease = keepLease(store, message, { leaseMs, logger });
    try {
      // A compose that fails (the database, say) is a failed attempt like a refused send.
      const composed = hook?.compose ? await hook.compose(message) : message;
      if ('skip' in composed || 'bounced' in composed) return composed;
      await sendable.get(message.kind)!(composed);
      return undefined;
    } catch (error) {
      return { failed: error };
    } finally {
      await lease.release();
    }
  }

  async function deliver(message: LeasedMessage): Promise<void> {
    const log = { outboxId: message.id, kind: message.kind, attempt: message.attempts + 1 };
    const hook = hooks[message.kind];
    const outcome = await attempt(message);
    if (outcome && 'skip' in outcome) {
      await store.markSkipped(message, outcome.skip);
      logger.info({ ...log, reason: outcome.skip }, 'outbox message skipped');
      return;
    }
    if (outcome && 'bounced' in outcome) {
      await store.markBounced(message, outcome.bounced);
      logger.info({ ...log, reason: outcome.bounced }, 'outbox message not sent: its address bounced before');
      return;
    }
    if (outcome) {
      const error = outcome.failed;
      const reason = error instanceof Error ? error.message : String(error);
      if (isBounce(error, hook)) {
        await store.markBounced(message, reason);
        await hook!.refused!(message, reason);
        logger.warn({ ...log, reason }, 'outbox message bounced');
        return;
      }
      const failedAttempts = message.attempts + 1;
      const permanent = error instanceof PermanentFailure;
      const retryAt =
        permanent || failedAttempts >= maxAttempts
          ? null
          : new Date(Date.now() + retryDelayMs(failedAttempts, Math.random, firstRetryMs));
      await store.markAttemptFailed(message, reason, retryAt);
      // The reason is the server's or the network's, never the message's text.
      if (retryAt)
        logger.warn({ ...log, reason, retryAt: retryAt.toISOString() }, 'outbox message not sent, will retry');
      else logger.error({ ...log, reason }, 'outbox message failed for good');
      return;
    }
    // The stored message, not the composed one: what a hook builds is not kept.
    await store.markSent(message);
    logger.info(log, 'outbox message sent');
  }

  /** A throttled kind waiting for its next slot is looked at again when it opens, not at the next poll. */
  function wakeAt(at: number): void {
    clearTimeout(slotTimer);
    slotTimer = setTimeout(wake, Math.max(1, at - Date.now()));
    slotTimer.unref();
  }

  /** The next batch: every urgent message first, then what each throttled kind's slots allow. */
  async function nextBatch(): Promise<LeasedMessage[]> {
    if (stopped) return [];
    const batch = await store.lease(names, leaseMs, batchSize);
    for (const [kind, perMinute] of throttled) {
      const { messages, nextSlotAt } = await store.leaseThrottled(kind, { perMinute, leaseMs, limit: batchSize });
      batch.push(...messages);
      // Set even when that time has passed by now (a slow transaction): the kind is looked at again at once.
      if (nextSlotAt !== null) wakeAt(nextSlotAt);
    }
    return batch;
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const batch = await nextBatch();
        if (batch.length === 0) break;
        await Promise.all(batch.map(deliver));
      }
    } while (again && !stopped);
  }

  function wake(): void {
    if (stopped || sendable.size === 0) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => logger.error({ err: error }, 'outbox worker failed'))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start() {
      if (!senders.mail) logger.warn('SMTP_URL is not set: e-mails wait in the outbox until it is');
      const logStatus = () =>
        store.stats().then(
          (outbox) => logger.info({ outbox }, 'outbox status'),
          (error: unknown) => logger.error({ err: error }, 'outbox status failed'),
        );
      void logStatus();
      statusTimer = setInterval(logStatus, STATUS_LOG_MS);
      statusTimer.unref();
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    wake,
    async stop(graceMs = 5_000) {
      stopped = true;
      clearInterval(timer);
      clearInterval(statusTimer);
      clearTimeout(slotTimer);
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    },
  };
}
