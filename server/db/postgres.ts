import pg from 'pg';

import { POSTGRES_BASELINE, POSTGRES_BASELINE_VERSION } from './postgresSchema';
import type { Database, Migration, Queryable, SqlValue, TransactionOptions } from './types';
import { MigrationError, migrationFor } from './types';

/** Any number: the key of the advisory lock the instances take in turn to migrate. */
const MIGRATION_LOCK = 7_270_917;

/** `?` → `$1`, `$2`, …: the stores write their SQL once, for both engines. */
const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

// count(*) and other bigints come back as numbers, as they do from SQLite (the counts here are far below 2^53).
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

function queries(client: pg.Pool | pg.PoolClient): Queryable {
  const query = <T>(sql: string, params: SqlValue[]) =>
    client.query(numbered(sql), params) as unknown as Promise<pg.QueryResult & { rows: T[] }>;
  return {
    all: async <T>(sql: string, ...params: SqlValue[]) => (await query<T>(sql, params)).rows,
    get: async <T>(sql: string, ...params: SqlValue[]) => (await query<T>(sql, params)).rows[0],
    run: async (sql: string, ...params: SqlValue[]) => (await query(sql, params)).rowCount ?? 0,
  };
}

async function inTransaction<T>(
  pool: pg.Pool,
  work: (tx: Queryable, client: pg.PoolClient) => Promise<T>,
  options?: TransactionOptions,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Not durable (decision 089): the commit returns before its WAL record is flushed, for this transaction only.
    if (options?.durable === false) await client.query('SET LOCAL synchronous_commit = off');
    const result = await work(queries(client), client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Brings the schema up to date under an advisory lock: two instances starting
 * together take turns, and the second finds the work done. A database made
 * before this engine existed starts from the baseline (SQLite's first steps at once).
 */
async function migrate(pool: pg.Pool, migrations: readonly Migration[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const row = (await client.query<{ version: number }>('SELECT max(version) AS version FROM schema_version')).rows[0];
    let applied = row?.version ?? 0;
    const steps: [number, string][] = [];
    if (applied < POSTGRES_BASELINE_VERSION) {
      steps.push([POSTGRES_BASELINE_VERSION, POSTGRES_BASELINE]);
      applied = POSTGRES_BASELINE_VERSION;
    }
    migrations
      .slice(applied)
      .forEach((migration, index) => steps.push([applied + index + 1, migrationFor(migration, 'postgres')]));
    for (const [version, sql] of steps) {
      try {
        await client.query('BEGIN');
        await client.query(sql);
        await client.query('DELETE FROM schema_version');
        await client.query('INSERT INTO schema_version (version) VALUES ($1)', [version]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new MigrationError(version, error);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** PostgreSQL through a pool (DATABASE_URL), migrated before the first request. */
export async function openPostgres(url: string, migrations: readonly Migration[], poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  // An idle client that loses its server is dropped from the pool; the next query gets a fresh one.
  pool.on('error', () => undefined);
  try {
    await migrate(pool, migrations);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    engine: 'postgres',
    ...queries(pool),
    transaction: (work, options) => inTransaction(pool, work, options),
    forgetDeleted: async () => true,
    async ready() {
      try {
        return (await pool.query<{ ok: number }>('SELECT 1 AS ok')).rows[0]?.ok === 1;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}
