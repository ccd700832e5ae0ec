/**
 * The inbox asks only for the filters chosen (decision 091), so SQLite plans each query with the index they allow:
 * a status's leads through leads_status in the list's order, no read of the whole table and no sort of its rows.
 */
import { afterAll, describe, expect, it } from 'vitest';

import type { Database, SqlValue } from '../../server/db';
import { createInbox } from '../../server/leads/inbox';
import { testApp } from '../support/helpers';

const app = testApp();
afterAll(() => app.db.close());

/** The statements an inbox sends, each with its plan. */
const statements: { sql: string; params: SqlValue[] }[] = [];
const recorded: Database = {
  ...app.db,
  engine: app.db.engine,
  all: (sql, ...params) => (statements.push({ sql, params }), app.db.all(sql, ...params)),
  get: (sql, ...params) => (statements.push({ sql, params }), app.db.get(sql, ...params)),
};
const plan = ({ sql, params }: (typeof statements)[number]) =>
  app.db.connection
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...(params as (string | number | null)[]))
    .map((row) => String((row as { detail: string }).detail))
    .join('\n');

describe('the inbox on SQLite', () => {
  it("reads a status's page and its count through the status's index, from a cursor too", async () => {
    const inbox = createInbox(recorded);
    const filter = { status: 'lost', service: '', search: '', source: '', campaign: '', owner: '', due: '' } as const;
    const cursor = { key: '2026-01-01T00:00:00.000Z', id: 5, direction: 'after' } as const;
    await inbox.page(filter, null, 25);
    await inbox.page(filter, cursor, 25);
    const plans = statements.map(plan);
    expect(plans).toHaveLength(4);
    for (const lines of plans) {
      expect(lines).toMatch(/SEARCH leads USING (COVERING )?INDEX leads_status \(status=\?/);
      expect(lines).not.toMatch(/TEMP B-TREE|SCAN leads/);
    }
  });
});

describe("the inbox's outbox summary on SQLite (decision 095)", () => {
  it("counts the messages by status through outbox_due's entries, never reading the outbox's rows whole", async () => {
    statements.length = 0;
    await createInbox(recorded).outbox();
    await app.db.run(
      "INSERT INTO outbox (kind, payload, message_id, created_at, next_attempt_at) VALUES ('x', '{}', 'm1', ?, ?)",
      '2026-11-29T00:00:00.000Z',
      '2026-11-29T00:00:00.000Z',
    );
    expect(await createInbox(recorded).outbox()).toMatchObject({
      queued: 1,
      oldestQueuedAt: '2026-11-29T00:00:00.000Z',
    });
    const plans = statements.map(plan);
    expect(plans.join('\n')).toMatch(/SEARCH outbox USING COVERING INDEX outbox_due \(status=\?\)/);
    for (const lines of plans) expect(lines).not.toMatch(/SCAN outbox/);
  });
});
