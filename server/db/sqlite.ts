import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import type { Database, Migration, Queryable, SqlValue } from './types';
import { MigrationError, migrationFor } from './types';

export const DATABASE_FILE = 'site.db';

/** The SQLite engine, with its connection for tests and tools that read the file directly. */
export interface SqliteDatabase extends Database {
  readonly connection: DatabaseSync;
}

/**
 * Opens (and creates) the site's database under dataDir. WAL with synchronous
 * FULL: a committed lead survives a crash or a power cut. It holds personal
 * data, so only the server's own user may read it: the folder is 700 and the
 * file 600 (SQLite gives its -wal and -shm files the database file's mode).
 */
export function openSqlite(dataDir: string, migrations: readonly Migration[]): SqliteDatabase {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  const file = path.join(dataDir, DATABASE_FILE);
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  // Files an older version left readable are tightened too.
  for (const existing of [file, `${file}-wal`, `${file}-shm`])
    if (fs.existsSync(existing)) fs.chmodSync(existing, 0o600);
  const db = new DatabaseSync(file);
  // secure_delete: a deleted row's bytes are overwritten with zeros, so an erased address leaves no readable trace (033).
  // Foreign keys are off while migrating: a table rebuilt to change its definition must not take its children with it.
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = OFF; PRAGMA secure_delete = ON;',
  );
  migrate(db, migrations);
  db.exec('PRAGMA foreign_keys = ON');
  return sqliteDatabase(db);
}

function migrate(db: DatabaseSync, migrations: readonly Migration[]): void {
  const { user_version: applied } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  migrations.slice(applied).forEach((migration, index) => {
    const version = applied + index + 1;
    try {
      db.exec('BEGIN IMMEDIATE');
      db.exec(migrationFor(migration, 'sqlite'));
      // What foreign keys would have refused is checked before the step commits.
      const broken = db.prepare('PRAGMA foreign_key_check').all() as { table: string; parent: string }[];
      if (broken.length > 0)
        throw new Error(`${broken.length} row(s) of ${broken[0]!.table} lost their ${broken[0]!.parent}`);
      db.exec(`PRAGMA user_version = ${version}`);
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw new MigrationError(version, error);
    }
  });
}

function queries(db: DatabaseSync): Queryable {
  return {
    all: async <T>(sql: string, ...params: SqlValue[]) => db.prepare(sql).all(...params) as T[],
    get: async <T>(sql: string, ...params: SqlValue[]) => db.prepare(sql).get(...params) as T | undefined,
    run: async (sql: string, ...params: SqlValue[]) => Number(db.prepare(sql).run(...params).changes),
  };
}

/**
 * The one connection, behind the async interface. A transaction holds it
 * until it ends: every other statement waits in line, so nothing another
 * request runs can slip into (or be rolled back with) an open transaction.
 */
function sqliteDatabase(db: DatabaseSync): SqliteDatabase {
  const direct = queries(db);
  const inTransaction = new AsyncLocalStorage<true>();
  let line: Promise<unknown> = Promise.resolve();
  const inLine = <T>(work: () => Promise<T>): Promise<T> => {
    // Waiting in line from inside a transaction would wait for that transaction: forever.
    if (inTransaction.getStore())
      return Promise.reject(
        new Error('A statement inside a transaction must run through its handle (tx), not the database'),
      );
    const result = line.then(work);
    line = result.catch(() => undefined);
    return result;
  };
  return {
    engine: 'sqlite',
    connection: db,
    all: (sql, ...params) => inLine(() => direct.all(sql, ...params)),
    get: (sql, ...params) => inLine(() => direct.get(sql, ...params)),
    run: (sql, ...params) => inLine(() => direct.run(sql, ...params)),
    // IMMEDIATE takes the write lock at once, so another process's writer makes it wait (busy_timeout), not fail midway.
    // Not durable (decision 089): in WAL, synchronous NORMAL writes the commit to the log without waiting for the
    // disk, which the next FULL commit's wait covers. Set and put back inside the line, so no other commit is lighter.
    transaction: (work, options) =>
      inLine(async () => {
        const light = options?.durable === false;
        if (light) db.exec('PRAGMA synchronous = NORMAL');
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await inTransaction.run(true, () => work(direct));
          db.exec('COMMIT');
          return result;
        } catch (error) {
          if (db.isTransaction) db.exec('ROLLBACK');
          throw error;
        } finally {
          if (light) db.exec('PRAGMA synchronous = FULL'); // as openSqlite sets it
        }
      }),
    // TRUNCATE waits (busy_timeout) for other processes' reads, then leaves the log empty: busy is 1 when it could not.
    forgetDeleted: () =>
      inLine(async () => (db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as { busy: number }).busy === 0),
    ready: () =>
      inLine(async () => {
        try {
          return db.isOpen && db.prepare('SELECT 1 AS ok').get()?.ok === 1;
        } catch {
          return false;
        }
      }),
    close: () =>
      inLine(async () => {
        if (db.isOpen) db.close();
      }),
  };
}
