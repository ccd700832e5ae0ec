/** A value bound to a `?` placeholder. */
export type SqlValue = string | number | null;

/**
 * What the stores run their SQL through, on either engine. Statements are
 * written once, with `?` placeholders (PostgreSQL gets them as $1, $2, …);
 * rows come back as plain objects named by their columns.
 */
export interface Queryable {
  all<T>(sql: string, ...params: SqlValue[]): Promise<T[]>;
  get<T>(sql: string, ...params: SqlValue[]): Promise<T | undefined>;
  /** Runs a statement and returns how many rows it changed. */
  run(sql: string, ...params: SqlValue[]): Promise<number>;
}

export type Engine = 'sqlite' | 'postgres';

export interface TransactionOptions {
  /**
   * False: the commit does not wait for the disk (decision 089). It is whole or absent, never half, and the next
   * durable commit on the database makes it durable too; until then a power cut (SQLite) or a crash of the
   * database server (PostgreSQL) may lose it, a crash of the site's process never does. For what may be lost
   * that way and must not hold the event loop (held form posts), never for what a person is told is kept.
   */
  durable?: boolean;
}

export interface Database extends Queryable {
  readonly engine: Engine;
  /**
   * Runs `work` in one transaction: all of it is committed (and durable, unless
   * `options.durable` is false) when the promise resolves, or none of it when it rejects.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * After personal data is deleted, leaves no copy of it for a reader of the
   * files: SQLite zeroes deleted content as it goes (secure_delete), and this
   * copies the write-ahead log into the file and empties it. False when another
   * process's open read kept the log from being emptied (try again). PostgreSQL
   * has nothing to do here: its dead rows and back-ups are in docs/operations.md.
   */
  forgetDeleted(): Promise<boolean>;
  /** True when the database answers a query now. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/** One schema step: the same SQL on both engines, or each engine's own. */
export type Migration = string | { sqlite: string; postgres: string };

export const migrationFor = (migration: Migration, engine: Engine): string =>
  typeof migration === 'string' ? migration : migration[engine];

/** Where the data lives: DATABASE_URL when set, else the SQLite file in DATA_DIR. */
export interface DatabaseConfig {
  dataDir: string;
  databaseUrl?: string;
}

/** A schema step that failed: the start stops with this one line. */
export class MigrationError extends Error {
  constructor(version: number, cause: unknown) {
    super(`Database migration ${version} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}
