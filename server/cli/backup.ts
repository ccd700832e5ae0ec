/** `npm run --silent data -- backup` and `… restore <file> [--force]`: SQLite's file in DATA_DIR, or PostgreSQL's database. */
import fs from 'node:fs';
import path from 'node:path';

import type { AppConfig } from '../config';
import { loadConfig } from '../config';
import type { Database } from '../db';
import { DATABASE_FILE, openDatabase, openSqliteDatabase } from '../db';
import {
  backupFile,
  backupKey,
  backupSqlite,
  checkBackup,
  putInPlace,
  servingNow,
  stageSqlite,
  startEphemeralFresh,
  writeSqliteBackup,
} from '../db/backup';
import {
  archiveSalt,
  backupPostgres,
  checkPostgresBackup,
  keepBeforeRestore,
  otherSessions,
  plainDump,
  PostgresToolError,
  restorePostgres,
} from '../db/postgresBackup';
import { readSalt } from '../db/salt';
import { openServerDatabase, SetupError, UsageError } from './run';

/**
 * The privacy requests a restore carries from the database it replaces into the back-up's, and applies there
 * before the command returns (server/privacy/journal.ts, decision 062).
 */
export interface Carried {
  /** The key of their hashes (the database's salt), none when there are none: a back-up with another cannot take them. */
  key: string | undefined;
  /** Applies them to the restored database in one transaction; how many of each the back-up did not reflect yet. */
  replay(restored: Database): Promise<Record<string, number>>;
}
export type ReadCarried = (current: Database) => Promise<Carried>;

export const BACKUP_USAGE = `       npm run --silent data -- backup
       npm run --silent data -- restore <file> [--force]

backup          writes a consistent copy of the database to BACKUP_DIR (while
                the site runs), keeping the newest BACKUP_KEEP: SQLite's file
                (.db), or with DATABASE_URL a pg_dump archive (.dump; needs
                pg_dump of the server's major version or newer), without the
                day's analytics salt and hashes or the rate limits' counts;
                encrypted with BACKUP_KEY (.enc), which production requires
restore <file>  puts a back-up in place of the database, after checking it
                (an encrypted one needs the BACKUP_KEY it was written with);
                refused while a server uses it (stop it first; --force when it
                is not running but was not stopped cleanly, or on PostgreSQL to
                restore under open sessions). The replaced database is kept
                beside the back-ups, and every erasure, unsubscribe and
                correction it recorded is applied to the back-up before the
                command returns.`;

/** A PostgreSQL tool that failed (not installed, refused the connection) is the staff's to fix: one line, no stack. */
const toolErrors = async <T>(work: () => Promise<T>, prefix = ''): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PostgresToolError) throw new SetupError(`${prefix}${error.message}`, { cause: error });
    throw error;
  }
};

/**
 * Reads the privacy requests from the database a restore replaces, and keeps a copy of it (`keep`), before
 * anything changes. A database that cannot be read stops the restore: its requests would be lost with it.
 */
async function fromCurrent(
  open: () => Promise<Database>,
  readCarried: ReadCarried,
  keep: (current: Database) => Promise<string>,
): Promise<{ carried: Carried; previous: string }> {
  let current: Database;
  let carried: Carried;
  try {
    current = await open();
  } catch (error) {
    throw unreadable(error);
  }
  try {
    try {
      carried = await readCarried(current);
    } catch (error) {
      throw unreadable(error);
    }
    return { carried, previous: await keep(current) };
  } finally {
    await current.close();
  }
}

const unreadable = (error: unknown) =>
  new SetupError(
    `Not restored: the database it would replace cannot be read (${(error as Error).message}), so the erasures, ` +
      'unsubscribes and corrections recorded in it could not be applied to the back-up. If it is lost for good, ' +
      'move it away (SQLite) or empty it (PostgreSQL), then restore again.',
    { cause: error },
  );

/** The back-up is of another database: the hashes of the requests cannot be matched in it. */
function checkKey(carried: Carried, backupSalt: string | undefined): void {
  if (carried.key !== undefined && carried.key !== backupSalt)
    throw new SetupError(
      'Not restored: the back-up is of another database (its hash key differs), so the erasures and unsubscribes ' +
        'recorded in the current one could not be applied to it.',
    );
}

/** Readies a restored database: the privacy requests applied, what no back-up holds started empty. */
async function settle(restored: Database, carried: Carried | undefined) {
  const reapplied = await carried?.replay(restored);
  await startEphemeralFresh(restored);
  return reapplied;
}

/** A back-up the command cannot use (not one of the site's, damaged, a missing or wrong key), in one line. */
const notRestored = (error: unknown) => new SetupError(`Not restored: ${(error as Error).message}.`, { cause: error });

/** PostgreSQL: pg_dump's custom format, and pg_restore into one transaction (server/db/postgresBackup.ts). */
async function postgresRestore(
  config: AppConfig & { databaseUrl: string },
  readCarried: ReadCarried,
  { file, force }: { file: string; force: boolean },
): Promise<void> {
  const { databaseUrl } = config;
  let plain;
  try {
    plain = await plainDump(file, config.backup.key);
  } catch (error) {
    throw notRestored(error);
  }
  try {
    let checked;
    try {
      checked = await checkPostgresBackup(plain.dump, file);
    } catch (error) {
      throw notRestored(error);
    }
    const sessions = await otherSessions(databaseUrl);
    if (sessions > 0 && !force)
      throw new SetupError(
        `Not restored: ${sessions} other session(s) use the database (the site's instances, a backup). ` +
          'Stop them first; use --force only if they may lose their connection.',
      );
    const { carried, previous } = await fromCurrent(
      () => openDatabase(config),
      readCarried,
      () => toolErrors(() => keepBeforeRestore(databaseUrl, config.backup), 'Not restored: '),
    );
    if (carried.key !== undefined) checkKey(carried, await toolErrors(() => archiveSalt(plain.dump), 'Not restored: '));
    await toolErrors(() => restorePostgres(plain.dump, databaseUrl), 'Not restored (the database is unchanged): ');
    // The dump's own transaction has committed: the requests follow at once, in the next, before the sites start.
    let reapplied;
    try {
      const restored = await openDatabase(config);
      try {
        reapplied = await settle(restored, carried);
      } finally {
        await restored.close();
      }
    } catch (error) {
      throw new SetupError(
        `Restored, but the erasures, unsubscribes and corrections could not be applied again (${(error as Error).message}). ` +
          `Do not start the site: restore ${previous} (which holds them), then this back-up again.`,
        { cause: error },
      );
    }
    process.stdout.write(`${JSON.stringify({ restored: file, tables: checked.tables, previous, reapplied })}\n`);
  } finally {
    plain.remove();
  }
}

/**
 * SQLite: the back-up is staged (decrypted) beside the database, checked, the requests applied to it there, then
 * renamed into place.
 */
async function sqliteRestore(config: AppConfig, readCarried: ReadCarried, file: string, force: boolean) {
  let staging;
  try {
    staging = await stageSqlite(file, config.dataDir, config.backup.key);
  } catch (error) {
    throw notRestored(error);
  }
  try {
    let checked;
    try {
      checked = checkBackup(path.join(staging, DATABASE_FILE), file);
    } catch (error) {
      throw notRestored(error);
    }
    const serving = servingNow(config.dataDir);
    if (serving && !force)
      throw new SetupError(
        `Not restored: a server (pid ${serving.pid} on ${serving.host}, since ${serving.since}) uses ${config.dataDir}. ` +
          'Stop it first; use --force only if it is not running.',
      );
    // What is replaced stays, beside the back-ups and rotated with them, in case the wrong file was chosen.
    const current = fs.existsSync(path.join(config.dataDir, DATABASE_FILE))
      ? await fromCurrent(
          async () => openSqliteDatabase(config.dataDir),
          readCarried,
          async (db) => {
            const key = config.backup.key;
            const previous = backupFile(config.backup.dir, { kind: 'before-restore', format: 'db', key });
            await writeSqliteBackup(db, previous, { dataDir: config.dataDir, key });
            return previous;
          },
        )
      : undefined;
    // Opening it brings an older back-up's schema up to date, so the requests apply to today's tables.
    const restored = openSqliteDatabase(staging);
    let reapplied;
    try {
      if (current) checkKey(current.carried, await readSalt(restored));
      reapplied = await settle(restored, current?.carried);
    } finally {
      await restored.close();
    }
    putInPlace(staging, config.dataDir);
    process.stdout.write(
      `${JSON.stringify({ restored: file, leads: checked.leads, previous: current?.previous, reapplied })}\n`,
    );
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function backup(config: AppConfig): Promise<void> {
  let file;
  if (config.databaseUrl) {
    const { databaseUrl } = config;
    file = await toolErrors(() => backupPostgres(databaseUrl, config.backup));
  } else {
    const { db } = await openServerDatabase();
    try {
      file = await backupSqlite(db, config.backup, config.dataDir);
    } finally {
      await db.close();
    }
  }
  const encrypted = config.backup.key !== undefined;
  process.stdout.write(`${JSON.stringify({ backup: file, bytes: fs.statSync(file).size, encrypted })}\n`);
}

export async function backupCommand([command, ...rest]: readonly string[], readCarried: ReadCarried): Promise<void> {
  const config = loadConfig();
  if (command === 'backup' && rest.length > 0) throw new UsageError('backup takes no arguments.');
  const force = rest.includes('--force');
  const files = rest.filter((arg) => arg !== '--force');
  if (command === 'restore' && files.length !== 1) throw new UsageError('restore needs one back-up file.');
  // Production writes no back-up without the key, nor the copy a restore keeps of the database it replaces.
  try {
    backupKey(config.backup);
  } catch (error) {
    throw new SetupError(`${command === 'restore' ? 'Not restored: ' : ''}${(error as Error).message}`, {
      cause: error,
    });
  }
  if (command === 'backup') return backup(config);
  const file = path.resolve(files[0]!);
  if (!fs.existsSync(file)) throw new SetupError(`No file at ${file}.`);
  const { databaseUrl } = config;
  if (databaseUrl) return postgresRestore({ ...config, databaseUrl }, readCarried, { file, force });
  return sqliteRestore(config, readCarried, file, force);
}
