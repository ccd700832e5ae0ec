import { afterAll, describe, expect, it } from 'vitest';

import type { Database } from '../../server/db';
import type { NewOutboxMessage } from '../../server/outbox/store';
import { createOutboxStore } from '../../server/outbox/store';
import { engines } from '../support/engines';

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

const at = (ms: number) => new Date(Date.UTC(2025, 0, 1) + ms);
const message = (kind: string, extra: Partial<NewOutboxMessage> = {}): NewOutboxMessage =>
  ({ kind, body: { n: 1 }, ...extra }) as NewOutboxMessage;
const queue = (db: Database, messages: NewOutboxMessage[], now = at(0)) =>
  db.transaction(async (tx) => {
    const outbox = createOutboxStore(db, 'meridianlab.test');
    const queued = [];
    for (const next of messages) queued.push(await outbox.enqueue(next, now, tx));
    return queued;
  });

describe.each(engines)('the outbox for bulk mail on $engine (decision 043)', ({ open }) => {
  const fresh = async () => {
    const db = await open();
    opened.push(db);
    return { db, outbox: createOutboxStore(db, 'meridianlab.test') };
  };

  it('leases every urgent message before any bulk one queued earlier', async () => {
    const { db, outbox } = await fresh();
    await queue(db, [message('bulk', { bulk: true }), message('bulk', { bulk: true }), message('urgent')], at(0));
    expect((await outbox.lease(['bulk', 'urgent'], 60_000, 1, at(1000))).map((leased) => leased.kind)).toEqual([
      'urgent',
    ]);
    expect((await outbox.lease(['bulk', 'urgent'], 60_000, 5, at(1000))).map((leased) => leased.kind)).toEqual([
      'bulk',
      'bulk',
    ]);
  });

  it('queues a message with a once-only key once, however often it is queued', async () => {
    const { db } = await fresh();
    expect(
      await queue(db, [message('k', { dedupeKey: 'campaign:1:7' }), message('k', { dedupeKey: 'campaign:1:7' })]),
    ).toEqual([true, false]);
    expect(await queue(db, [message('k', { dedupeKey: 'campaign:1:7' }), message('k'), message('k')])).toEqual([
      false,
      true,
      true,
    ]);
    expect(await db.get('SELECT count(*) AS n FROM outbox')).toEqual({ n: 3 });
  });

  it('queues many messages in one statement, each once-only key once, counting those queued', async () => {
    const { db, outbox } = await fresh();
    await queue(db, [message('k', { dedupeKey: 'campaign:2:1' })]);
    const batch = [1, 2, 3].map((n) => message('k', { dedupeKey: `campaign:2:${n}`, bulk: true }));
    expect(await db.transaction((tx) => outbox.enqueueAll(batch, at(0), tx))).toBe(2);
    expect(await db.transaction((tx) => outbox.enqueueAll(batch, at(0), tx))).toBe(0);
    expect(await db.transaction((tx) => outbox.enqueueAll([], at(0), tx))).toBe(0);
    expect(
      (
        await db.all<{ dedupe_key: string; priority: number }>('SELECT dedupe_key, priority FROM outbox ORDER BY id')
      ).map((row) => [row.dedupe_key, Number(row.priority)]),
    ).toEqual([
      ['campaign:2:1', 0],
      ['campaign:2:2', 1],
      ['campaign:2:3', 1],
    ]);
  });

  it('gives a throttled kind one slot per 60 000 / rate ms, shared by every store on the database, banking at most a burst', async () => {
    const { db, outbox } = await fresh();
    // Another instance's store: the slots are the database's, not a process's.
    const other = createOutboxStore(db, 'meridianlab.test');
    await queue(
      db,
      Array.from({ length: 30 }, () => message('bulk', { bulk: true })),
    );
    // 60 a minute: one a second, no burst.
    const first = await outbox.leaseThrottled('bulk', { perMinute: 60, leaseMs: 60_000, limit: 10, now: at(5_000) });
    expect(first.messages).toHaveLength(1);
    const second = await other.leaseThrottled('bulk', { perMinute: 60, leaseMs: 60_000, limit: 10, now: at(5_500) });
    expect(second).toEqual({ messages: [], nextSlotAt: at(6_000).getTime() });
    expect(
      (await other.leaseThrottled('bulk', { perMinute: 60, leaseMs: 60_000, limit: 10, now: at(6_000) })).messages,
    ).toHaveLength(1);
    // 600 a minute banks 10 at most, however long the pause.
    expect(
      (await outbox.leaseThrottled('bulk', { perMinute: 600, leaseMs: 60_000, limit: 50, now: at(600_000) })).messages,
    ).toHaveLength(10);
    expect(
      (await other.leaseThrottled('bulk', { perMinute: 600, leaseMs: 60_000, limit: 50, now: at(600_000) })).messages,
    ).toHaveLength(0);
    expect(
      (await other.leaseThrottled('bulk', { perMinute: 600, leaseMs: 60_000, limit: 50, now: at(600_100) })).messages,
    ).toHaveLength(1);
  });

  it('marks a skipped message done: no retry brings it back', async () => {
    const { db, outbox } = await fresh();
    await queue(db, [message('k')]);
    const [leased] = await outbox.lease(['k'], 60_000, 1, at(1000));
    await outbox.markSkipped(leased!, 'unsubscribed', at(2000));
    expect(await outbox.stats(at(3000))).toMatchObject({ queued: 0, skipped: 1 });
    expect(await outbox.retry(leased!.id)).toBe('sent');
    expect(await outbox.retryFailed()).toBe(0);
    expect(await outbox.pending()).toEqual([]);
  });
});
