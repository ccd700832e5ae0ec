import { describe, expect, it } from 'vitest';

import { migrations } from '../../server/db';
import { engines } from '../support/engines';

/** The step that keys visitors' and leads' client hashes (decision 065), and the schema just before it. */
const step = migrations.findIndex((migration) => typeof migration === 'string' && migration.includes('decision 065'));

describe.each(engines)('$engine: a database from before keyed visitor hashes', { timeout: 30_000 }, ({ older }) => {
  it('loses the day’s unkeyed visitor hashes and the leads’ salted client hashes, and keeps the leads', async () => {
    expect(step).toBeGreaterThan(0);
    const { db: old, current } = await older(migrations.slice(0, step));
    await old.run("INSERT INTO analytics_salts (day, salt) VALUES ('2026-11-28', 'salt')");
    await old.run(
      "INSERT INTO analytics_visitors (day, hash) VALUES ('2026-11-28', 'visitor'), ('2026-11-28', 'page')",
    );
    await old.run(
      `INSERT INTO leads (received_at, name, email, message, client_hash) VALUES (?, 'Ana', 'ana@example.com', 'Hi', ?)`,
      '2026-11-28T10:00:00.000Z',
      'a'.repeat(64),
    );
    await old.close();
    const db = await current();
    expect(await db.all('SELECT * FROM analytics_visitors')).toEqual([]);
    expect(await db.all('SELECT name, client_hash FROM leads')).toEqual([{ name: 'Ana', client_hash: '' }]);
    await db.close();
  });
});
