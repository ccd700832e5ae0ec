/** `npm run --silent data -- backup` and `… restore <file> [--force]`: SQLite's file in DATA_DIR, or PostgreSQL's database. */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import { loadConfig } from '../config';
import { DATABASE_FILE } from '../db';
import { backupSqlite, checkBackup, restoreSqlite, servingNow } from '../db/backup';
import {
  backupPostgres,
  checkPostgresBackup,
  keepBeforeRestore,
  otherSessions,
  PostgresToolError,
  restorePostgres,
} from '../db/postgresBackup';
import { openServerDatabase, SetupError, UsageError } from './run';

export const BACKUP_USAGE = `       npm run --silent data -- backup
       npm run --silent data -- restore <file> [--force]

backup          writes a consistent copy of the database to BACKUP_DIR (while
                the site runs), keeping the newest BACKUP_KEEP: SQLite's file
                (.db), or with DATABASE_URL a pg_dump archive (.dump; needs
                pg_dump of the server's major version or newer)
restore <file>  puts a back-up in place of the database, after checking it;
                refused while a server uses it (stop it first; --force when it
                is not running but was not stopped cleanly, or on PostgreSQL to
                restore under open sessions). The replaced database is kept
                beside the back-ups.`;

const stampNow = () => new Date().toISOString().replace(/[-:.]/g, '');

/** A PostgreSQL tool that failed (not installed, refused the connection) is the staff's to fix: one line, no stack. */
const toolErrors = async <T>(work: () => Promise<T>, prefix = ''): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PostgresToolError) throw new SetupError(`${prefix}${error.message}`, { cause: error });
    throw error;
  }
};

/** The PostgreSQL side: pg_dump's custom format, and pg_restore into one transaction (server/db/postgresBackup.ts). */
async function postgresCommand(
  databaseUrl: string,
  { dir, keep }: { dir: string; keep: number },
  restore?: { file: string; force: boolean },
): Promise<void> {
  if (!restore) {
    const file = await toolErrors(() => backupPostgres(databaseUrl, dir, keep));
    process.stdout.write(`${JSON.stringify({ backup: file, bytes: fs.statSync(file).size })}\n`);
    return;
  }
  let checked;
  try {
    checked = await checkPostgresBackup(restore.file);
  } catch (error) {
    throw new SetupError(`Not restored: ${(error as Error).message}.`, { cause: error });
  }
  const sessions = await otherSessions(databaseUrl);
  if (sessions > 0 && !restore.force)
    throw new SetupError(
      `Not restored: ${sessions} other session(s) use the database (the site's instances, a backup). ` +
        'Stop them first; use --force only if they may lose their connection.',
    );
  const previous = await toolErrors(() => keepBeforeRestore(databaseUrl, dir), 'Not restored: ');
  await toolErrors(() => restorePostgres(restore.file, databaseUrl), 'Not restored (the database is unchanged): ');
  process.stdout.write(`${JSON.stringify({ restored: restore.file, tables: checked.tables, previous })}\n`);
}

export async function backupCommand([command, ...rest]: readonly string[]): Promise<void> {
  const config = loadConfig();
  if (command === 'backup') {
    if (rest.length > 0) throw new UsageError('backup takes no arguments.');
    if (config.databaseUrl) return postgresCommand(config.databaseUrl, config.backup);
    const { db } = await openServerDatabase();
    try {
      const file = await backupSqlite(db, config.backup.dir, config.backup.keep);
      process.stdout.write(`${JSON.stringify({ backup: file, bytes: fs.statSync(file).size })}\n`);
    } finally {
      await db.close();
    }
    return;
  }
  const force = rest.includes('--force');
  const files = rest.filter((arg) => arg !== '--force');
  if (files.length !== 1) throw new UsageError('restore needs one back-up file.');
  const file = path.resolve(files[0]!);
  if (!fs.existsSync(file)) throw new SetupError(`No file at ${file}.`);
  if (config.databaseUrl) return postgresCommand(config.databaseUrl, config.backup, { file, force });
  let checked;
  try {
    checked = checkBackup(file);
  } catch (error) {
    throw new SetupError(`Not restored: ${(error as Error).message}.`, { cause: error });
  }
  const serving = servingNow(config.dataDir);
  if (serving && !force)
    throw new SetupError(
      `Not restored: a server (pid ${serving.pid} on ${serving.host}, since ${serving.since}) uses ${config.dataDir}. ` +
        'Stop it first; use --force only if it is not running.',
    );
  // What is replaced stays, beside the back-ups (never rotated away), in case the wrong file was chosen.
  const current = path.join(config.dataDir, DATABASE_FILE);
  let previous: string | undefined;
  if (fs.existsSync(current)) {
    fs.mkdirSync(config.backup.dir, { recursive: true, mode: 0o700 });
    previous = path.join(config.backup.dir, `before-restore-${stampNow()}.db`);
    fs.closeSync(fs.openSync(previous, 'wx', 0o600));
    const db = new DatabaseSync(current);
    try {
      db.prepare('VACUUM INTO ?').run(previous);
    } catch (error) {
      fs.rmSync(previous, { force: true });
      previous = undefined;
      process.stderr.write(
        `The replaced database could not be copied (${(error as Error).message}); restoring anyway.\n`,
      );
    } finally {
      db.close();
    }
  }
  restoreSqlite(file, config.dataDir);
  process.stdout.write(`${JSON.stringify({ restored: file, leads: checked.leads, previous })}\n`);
}
