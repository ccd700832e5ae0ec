/**
 * The plans of what the console's pages run on the large lab (decision 091): every statement a page sends while it
 * is asked for is recorded, then explained on the same database (EXPLAIN on PostgreSQL, EXPLAIN QUERY PLAN on
 * SQLite). A full read of a big table is what a hot path must not do: such lines are picked out.
 */
import type { Database, SqlValue } from '../../../server/db';

/** The tables that grow with the lab: a scan of one of them costs the lab's size. */
const BIG = [
  'leads',
  'lead_notes',
  'lead_events',
  'lead_note_edits',
  'subscribers',
  'daily_counts',
  'weekly_counts',
  'articles',
  'article_revisions',
  'outbox',
  'consents',
  'audit_log',
];
const FULL_SCAN = {
  postgres: new RegExp(`Seq Scan on (${BIG.join('|')})\\b`),
  // SQLite's "SCAN t" reads the table; "SCAN t USING (COVERING) INDEX" reads an index in its order.
  sqlite: new RegExp(`SCAN (${BIG.join('|')})\\b(?! USING)`),
};

interface Statement {
  sql: string;
  params: SqlValue[];
}

/** The database as the app sees it, with a switch that records each statement sent outside a transaction. */
export function recordingDatabase(db: Database): {
  db: Database;
  record: <T>(work: () => Promise<T>) => Promise<Statement[]>;
} {
  let recording: Statement[] | null = null;
  const note = (sql: string, params: SqlValue[]) => {
    if (recording && /^\s*(SELECT|WITH)\b/i.test(sql) && !recording.some((seen) => seen.sql === sql))
      recording.push({ sql, params });
  };
  const recorded: Database = {
    ...db,
    engine: db.engine,
    all: (sql, ...params) => (note(sql, params), db.all(sql, ...params)),
    get: (sql, ...params) => (note(sql, params), db.get(sql, ...params)),
    run: (sql, ...params) => db.run(sql, ...params),
    transaction: (work) => db.transaction(work),
    ready: () => db.ready(),
    close: () => db.close(),
  };
  return {
    db: recorded,
    async record(work) {
      recording = [];
      try {
        await work();
        return recording;
      } finally {
        recording = null;
      }
    },
  };
}

export interface PagePlans {
  page: string;
  /** Each statement with its plan's lines. */
  plans: { sql: string; plan: string[] }[];
  /** The plan lines that read a big table whole. */
  fullScans: string[];
}

/** Each statement's plan on `db`. */
export async function explain(db: Database, page: string, statements: Statement[]): Promise<PagePlans> {
  const plans: PagePlans['plans'] = [];
  for (const { sql, params } of statements) {
    const rows =
      db.engine === 'postgres'
        ? (await db.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, ...params)).map((row) => row['QUERY PLAN'])
        : (await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, ...params)).map((row) => row.detail);
    plans.push({ sql: sql.replace(/\s+/g, ' ').trim(), plan: rows });
  }
  const scan = FULL_SCAN[db.engine];
  return { page, plans, fullScans: plans.flatMap(({ plan }) => plan.filter((line) => scan.test(line))) };
}
