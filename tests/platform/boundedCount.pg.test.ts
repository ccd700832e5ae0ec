/**
 * A heading's count stops past a thousand on both engines (decision 095): exact up to the cap, the cap and one past
 * it, whatever the number of matches; a filter's count is bounded alike.
 */
import { afterAll, describe, expect, it } from 'vitest';

import type { Database } from '../../server/db';
import { boundedCount, countLabel } from '../../server/db/boundedCount';
import { engines } from '../support/engines';

const opened: Database[] = [];
afterAll(() => Promise.all(opened.map((db) => db.close())));

/** `count` leads, every third of them lost. */
const addLeads = (db: Database, count: number) =>
  db.run(
    `INSERT INTO leads (received_at, name, email, message, client_hash, status)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     SELECT '2026-11-29T12:00:00.000Z', 'Ana', 'ana' || i || '@client.test', 'Hello', 'hash',
       CASE WHEN i % 3 = 0 THEN 'lost' ELSE 'new' END FROM n`,
    count,
  );

describe.each(engines)('a bounded count on $engine', ({ open }) => {
  it('is exact up to a thousand, then 1,001 read as "1,000+"', async () => {
    const db = await open();
    opened.push(db);
    await addLeads(db, 1000);
    expect(await boundedCount(db, 'leads', '', [])).toBe(1000);
    expect(countLabel(1000)).toBe('1000');
    await addLeads(db, 2000);
    expect(await boundedCount(db, 'leads', '', [])).toBe(1001);
    expect(countLabel(1001)).toBe('1,000+');
    expect(await boundedCount(db, 'leads', 'status = ? AND email LIKE ?', ['lost', 'ana3%'])).toBe(78);
  });
});
