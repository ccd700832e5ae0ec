import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';

import type { Database } from '../../server/db';
import { createFailedMessages } from '../../server/outbox/failed';
import type { LeasedMessage } from '../../server/outbox/store';
import { createOutboxStore } from '../../server/outbox/store';
import { createOutboxWorker } from '../../server/outbox/worker';
import { engines } from '../support/engines';
import { until } from '../support/waits';

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

/** A lease short enough that a send held by the test outlives several of them. */
const LEASE_MS = 300;

describe.each(engines)('the outbox lease and failed messages on $engine (decision 077)', ({ open }) => {
  it('is held while a message is being sent: a second worker never takes it, however long the send takes', async () => {
    const db = await open();
    opened.push(db);
    const outbox = createOutboxStore(db, 'meridianlab.test');
    await db.transaction((tx) => outbox.enqueue({ kind: 'hook', body: { n: 1 } }, new Date(), tx));
    const leaseOf = async () =>
      (await db.get<{ lease: string | null }>('SELECT lease_until AS lease FROM outbox'))!.lease;

    // A sender that holds each message until the test lets it go.
    let letGo = () => {};
    const sent: LeasedMessage[] = [];
    const worker = createOutboxWorker({
      store: outbox,
      kinds: [{ name: 'hook', channel: 'webhook' }],
      senders: {
        webhook: (message) =>
          new Promise((resolve) => {
            sent.push(message);
            letGo = () => resolve();
          }),
      },
      logger: pino({ level: 'silent' }),
      maxAttempts: 3,
      leaseMs: LEASE_MS,
      pollMs: 3_600_000,
    });
    worker.start();
    await until('the first worker to send the message', () => sent.length === 1);
    const first = sent[0]!.leaseUntil;

    // The send outlives the lease the worker took at first, which is renewed: the row holds a later one, and a
    // second worker looking once that first lease ran out finds nothing to take.
    await until('the lease to be renewed', async () => (await leaseOf())! > first);
    const second = createOutboxStore(db, 'meridianlab.test');
    expect(await second.lease(['hook'], LEASE_MS, 10, new Date(Date.parse(first) + 1))).toEqual([]);

    letGo();
    await until('the message marked sent', async () => (await outbox.stats()).sent === 1);
    await worker.stop();
    expect(sent).toHaveLength(1);
    expect(await db.get('SELECT status, attempts, lease_until FROM outbox')).toEqual({
      status: 'sent',
      attempts: 1,
      lease_until: null,
    });
  });

  it('is renewed only by the worker that holds it: once another took the message, renewal says so', async () => {
    const db = await open();
    opened.push(db);
    const outbox = createOutboxStore(db, 'meridianlab.test');
    await db.transaction((tx) => outbox.enqueue({ kind: 'hook', body: {} }, new Date('2025-01-01T00:00:00Z'), tx));
    const t0 = Date.parse('2025-01-01T00:00:01Z');
    const [mine] = await outbox.lease(['hook'], 60_000, 1, new Date(t0));
    expect(await outbox.renew(mine!, 60_000, new Date(t0 + 30_000))).toBe(true);
    expect(mine!.leaseUntil).toBe(new Date(t0 + 90_000).toISOString());
    // Past the renewed lease another worker takes it over; the first one's renewal no longer holds anything.
    const [theirs] = await outbox.lease(['hook'], 60_000, 1, new Date(t0 + 90_001));
    expect(theirs?.id).toBe(mine!.id);
    expect(await outbox.renew(mine!, 60_000, new Date(t0 + 90_002))).toBe(false);
    expect(await outbox.renew(theirs!, 60_000, new Date(t0 + 90_002))).toBe(true);
  });

  it('lists failed messages for the console with their recipient, and drops one for good (decision 077)', async () => {
    const db = await open();
    opened.push(db);
    const outbox = createOutboxStore(db, 'meridianlab.test');
    const mail = { to: 'sales@meridianlab.test', subject: 'New lead', text: 'A body' };
    await db.transaction(async (tx) => {
      await outbox.enqueue({ kind: 'mail', mail }, new Date('2025-01-01T00:00:00Z'), tx);
      await outbox.enqueue({ kind: 'hook', body: { n: 1 } }, new Date('2025-01-01T00:00:00Z'), tx);
    });
    const leased = await outbox.lease(['mail', 'hook'], 60_000, 10, new Date('2025-01-01T00:00:01Z'));
    for (const message of leased)
      await outbox.markAttemptFailed(message, '421 try later', null, new Date('2025-01-01T00:00:02Z'));
    const failed = createFailedMessages(db);
    expect((await failed.kinds()).sort()).toEqual(['hook', 'mail']);
    const { total, messages } = await failed.list(['mail', 'hook']);
    expect(total).toBe(2);
    expect(
      messages.map(({ kind, recipient, attempts, lastError, attemptedAt }) => [
        kind,
        recipient,
        attempts,
        lastError,
        attemptedAt,
      ]),
    ).toEqual([
      ['hook', null, 1, '421 try later', '2025-01-01T00:00:02.000Z'],
      ['mail', 'sales@meridianlab.test', 1, '421 try later', '2025-01-01T00:00:02.000Z'],
    ]);
    expect((await failed.list(['mail'])).total).toBe(1);
    const [hook, sent] = messages;
    expect(await outbox.drop(hook!.id, 'dropped from the console')).toBe(true);
    expect(await outbox.drop(hook!.id, 'dropped from the console')).toBe(false);
    expect(await failed.find(hook!.id)).toBeUndefined();
    expect(await db.get('SELECT status, payload, last_error FROM outbox WHERE id = ?', hook!.id)).toEqual({
      status: 'skipped',
      payload: '{"body":null}',
      last_error: 'dropped from the console',
    });
    expect(await outbox.retry(sent!.id)).toBe('queued');
    expect(await failed.find(sent!.id)).toBeUndefined();
  });
});
