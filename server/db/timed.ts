import type { Database, Queryable } from './types';

/** What a timed database reports: each statement's (or transaction's) operation and its seconds. */
type QueryTimer = (operation: 'all' | 'get' | 'run' | 'transaction', seconds: number) => void;

async function timed<T>(report: QueryTimer, operation: Parameters<QueryTimer>[0], work: () => Promise<T>): Promise<T> {
  const start = process.hrtime.bigint();
  try {
    return await work();
  } finally {
    report(operation, Number(process.hrtime.bigint() - start) / 1e9);
  }
}

const timedQueries = (queries: Queryable, report: QueryTimer): Queryable => ({
  all: (sql, ...params) => timed(report, 'all', () => queries.all(sql, ...params)),
  get: (sql, ...params) => timed(report, 'get', () => queries.get(sql, ...params)),
  run: (sql, ...params) => timed(report, 'run', () => queries.run(sql, ...params)),
});

/**
 * The same database with every statement timed, the ones inside a transaction too (the transaction
 * is also timed whole). One wrapper for both engines: the stores see the plain Database interface.
 * A statement's time includes its wait in SQLite's line.
 */
export function timedDatabase<D extends Database>(db: D, report: QueryTimer): D {
  return {
    ...db,
    engine: db.engine,
    ...timedQueries(db, report),
    transaction: (work, options) =>
      timed(report, 'transaction', () => db.transaction((tx) => work(timedQueries(tx, report)), options)),
    ready: () => db.ready(),
    close: () => db.close(),
  };
}
