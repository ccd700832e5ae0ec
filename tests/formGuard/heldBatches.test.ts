import { afterAll, describe, expect, it } from 'vitest';

import type { Database } from '../../server/db';
import { heldBatches } from '../../server/formGuard/heldBatches';
import type { NewItem } from '../../server/formGuard/quarantine';
import { quarantineStore } from '../../server/formGuard/quarantine';
import { testApp } from '../support/helpers';

const app = testApp();
afterAll(() => app.db.close());

/** The site's database, its transactions counted: each is one commit to the disk. */
function countingTransactions(db: Database) {
  const counted = { transactions: 0 };
  const wrapped = new Proxy(db, {
    get(target, name) {
      if (name === 'transaction')
        return (work: Parameters<Database['transaction']>[0]) => {
          counted.transactions++;
          return target.transaction(work);
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

describe('held posts', () => {
  it('are written together: the posts held meanwhile in one transaction, a later one in its own', async () => {
    const { db, counted } = countingTransactions(app.db);
    const batches = heldBatches(quarantineStore(db), app.afterAnswer);
    for (let i = 0; i < 50; i++) batches.add(item(i));
    await app.afterAnswer.settled();
    expect(counted.transactions).toBe(1);
    expect(rows()).toBe(50);
    batches.add(item(50));
    await app.afterAnswer.settled();
    expect(counted.transactions).toBe(2);
    expect(rows()).toBe(51);
  });
});
