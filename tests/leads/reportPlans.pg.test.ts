/**
 * The funnel report reads a period's leads and, for each lead still new, its history by the lead's index: never the
 * whole history of every lead (decision 095). PostgreSQL's plan shows it on a few thousand leads, its statistics
 * taken; SQLite plans the same statement by the lead's index whatever the data.
 */
import { afterAll, describe, expect, it } from 'vitest';

import type { Database, SqlValue } from '../../server/db';
import { funnelReport } from '../../server/leads/reports/funnel';
import { engines } from '../support/engines';

const postgres = engines.find(({ engine }) => engine === 'postgres')!;
const opened: Database[] = [];
afterAll(() => Promise.all(opened.map((db) => db.close())));

describe('the funnel report on PostgreSQL', () => {
  it("reads a new lead's history through lead_events_lead, not every lead's history", async () => {
    const db = await postgres.open();
    opened.push(db);
    // Three thousand leads over December 2026, each with a status move: a history a report must not read whole.
    await db.run(
      `INSERT INTO leads (received_at, name, email, message, client_hash, status)
       SELECT to_char(timestamp '2026-12-02' + n * interval '10 minutes', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'),
         'Ana', 'ana' || n || '@client.test', 'Hello', 'hash', CASE WHEN n % 3 = 0 THEN 'new' ELSE 'lost' END
       FROM generate_series(1, 3000) AS n`,
    );
    await db.run(
      `INSERT INTO lead_events (lead_id, staff_email, at, from_status, to_status)
       SELECT id, 'diego@lab.test', received_at, 'new', 'contacted' FROM leads`,
    );
    await db.run('ANALYZE leads');
    await db.run('ANALYZE lead_events');
    const statements: { sql: string; params: SqlValue[] }[] = [];
    const recorded: Database = {
      ...db,
      engine: db.engine,
      all: (sql, ...params) => (statements.push({ sql, params }), db.all(sql, ...params)),
    };
    const rows = await funnelReport(recorded, { from: '2026-12-01', to: '2026-12-31' }, 'first');
    expect(rows.reduce((sum, row) => sum + row.contacted, 0)).toBe(3000);
    const [read] = statements;
    const plan = (await db.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${read!.sql}`, ...read!.params))
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/Index[\w ]* Scan using lead_events_lead on lead_events/);
    expect(plan).not.toMatch(/hashed SubPlan|Seq Scan on lead_events/);
  });
});
