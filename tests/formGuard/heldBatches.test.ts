import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import type { Database } from '../../server/db';
import { heldBatches } from '../../server/formGuard/heldBatches';
import type { NewItem } from '../../server/formGuard/quarantine';
import { quarantineStore } from '../../server/formGuard/quarantine';
import { testApp } from '../support/helpers';

const app = testApp();
afterAll(() => app.db.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The site's database, its transactions counted, and those that do not wait for the disk. */
function countingTransactions(db: Database) {
  const counted = { transactions: 0, notDurable: 0 };
  const wrapped = new Proxy(db, {
    get(target, name) {
      if (name === 'transaction')
        return (...args: Parameters<Database['transaction']>) => {
          counted.transactions++;
          if (args[1]?.durable === false) counted.notDurable++;
          return target.transaction(...args);
        };
      const value = Reflect.get(target, name, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: wrapped, counted };
}

const item = (i: number): NewItem => ({
  form: 'contact',
  receivedAt: new Date().toISOString(),
  email: `bot${i}@example.com`,
  summary: `Bot ${i}`,
  payload: { i },
  reasons: [{ reason: 'page token missing', score: 100 }],
  score: 100,
});
const rows = () => (app.db.connection.prepare('SELECT COUNT(*) AS n FROM form_quarantine').get() as { n: number }).n;

/** The next turn of the event loop: what a post held in it joins. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('held posts', () => {
  it('are written together: the posts held meanwhile in one transaction, a later one in its own', async () => {
    const { db, counted } = countingTransactions(app.db);
    const batches = heldBatches(quarantineStore(db), app.afterAnswer);
    const before = rows();
    await Promise.all(Array.from({ length: 50 }, (_, i) => batches.add(item(i))));
    expect(counted.transactions).toBe(1);
    // A batch's commit does not wait for the disk: a flood's never holds the event loop (decision 089).
    expect(counted.notDurable).toBe(1);
    expect(rows()).toBe(before + 50);
    await batches.add(item(50));
    expect(counted.transactions).toBe(2);
    expect(rows()).toBe(before + 51);
  });

  it('are each answered once written: a post held alone waits for no other, posts coming together are gathered', async () => {
    const { db, counted } = countingTransactions(app.db);
    const batches = heldBatches(quarantineStore(db), app.afterAnswer);
    const before = rows();
    // Alone: written at the next turn, so a post a turn later is a batch of its own.
    const first = batches.add(item(1));
    await nextTurn();
    const second = batches.add(item(2));
    await first; // resolved once written: no settling needed to find it
    expect(rows()).toBe(before + 1);
    await second;
    expect(counted.transactions).toBe(2);
    // Together (the last batch held more than one, a moment ago): the next posts are gathered, turns apart.
    await Promise.all([batches.add(item(3)), batches.add(item(4))]);
    const later = [batches.add(item(5))];
    await nextTurn();
    later.push(batches.add(item(6)));
    await Promise.all(later);
    expect(counted.transactions).toBe(4);
    expect(rows()).toBe(before + 6);
  });

  it('answer a batch one by one over the next gathering window, not all at once, in the order they came', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const batches = heldBatches(quarantineStore(app.db), app.afterAnswer);
    const answered: number[] = [];
    const all = Array.from({ length: 20 }, (_, i) => batches.add(item(i)).then(() => answered.push(i)));
    await all[0];
    await nextTurn();
    // Written together, the first answered at once; the others wait their turn, a twentieth of the window apart.
    expect(answered).toEqual([0]);
    await vi.advanceTimersByTimeAsync(50);
    expect(answered).toEqual(Array.from({ length: 11 }, (_, i) => i));
    await vi.advanceTimersByTimeAsync(50);
    await Promise.all(all);
    expect(answered).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('gather a flood that lasts longer and longer, up to a second, and start again after a quiet moment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'Date'] });
    const TURN = 1;
    const quarantine = quarantineStore(app.db);
    const writtenAt: number[] = [];
    const batches = heldBatches(
      { ...quarantine, holdAll: (items) => (writtenAt.push(Date.now()), quarantine.holdAll(items)) },
      app.afterAnswer,
    );
    // A script with 10 posts under way, each sending its next post once answered, 80 in all.
    let sent = 0;
    const lane = async () => {
      while (sent < 80) await batches.add(item(sent++));
    };
    const lanes = Promise.all(Array.from({ length: 10 }, lane));
    await vi.advanceTimersByTimeAsync(10_000);
    await lanes;
    const start = writtenAt[0]!;
    // The first batch at once; then each gathered twice as long as the last, from 100 ms up to a second, and
    // written at the turn after (setImmediate, a millisecond on this clock).
    const gaps = writtenAt.slice(1).map((at, i) => at - (writtenAt[i] ?? start) - TURN);
    expect(gaps).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
    // A person's post after a quiet moment is written at the next turn, the window started again.
    await vi.advanceTimersByTimeAsync(1_001);
    const alone = Date.now();
    const written = batches.add(item(80));
    await vi.advanceTimersByTimeAsync(TURN);
    await written;
    expect(writtenAt.at(-1)! - alone).toBeLessThanOrEqual(TURN);
  });
});
