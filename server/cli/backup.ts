/** `npm run --silent data -- backup` and `… restore <file> [--force]`: the SQLite database in DATA_DIR. */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import { loadConfig } from '../config';
import { DATABASE_FILE } from '../db';
import { backupSqlite, checkBackup, restoreSqlite, servingNow } from '../db/backup';
import { openServerDatabase, SetupError, UsageError } from './run';

export const BACKUP_USAGE = `       npm run --silent data -- backup
       npm run --silent data -- restore <file> [--force]

backup          writes a consistent copy of the SQLite database to BACKUP_DIR
                (while the site runs), keeping the newest BACKUP_KEEP
restore <file>  puts a back-up in place of the database in DATA_DIR, after
                checking it; refused while a server uses DATA_DIR (stop it
                first; --force when it is not running but was not stopped
                cleanly). The replaced database is kept beside the back-ups.`;

const POSTGRES_BACKUP = `DATABASE_URL is PostgreSQL: these commands back up SQLite only. Use pg_dump instead
(compose.yaml's db-backup service runs it daily):
  docker compose exec db pg_dump -U site -Fc site > site.dump`;
const POSTGRES_RESTORE = `DATABASE_URL is PostgreSQL: these commands restore SQLite only. Stop the sites, then use pg_restore:
  docker compose stop site-1 site-2
  docker compose exec -T db pg_restore -U site -d site --clean --if-exists --single-transaction < site.dump
  docker compose start site-1 site-2`;

const stampNow = () => new Date().toISOString().replace(/[-:.]/g, '');

export async function backupCommand([command, ...rest]: readonly string[]): Promise<void> {
  const config = loadConfig();
  if (command === 'backup') {
    if (rest.length > 0) throw new UsageError('backup takes no arguments.');
    if (config.databaseUrl) throw new SetupError(POSTGRES_BACKUP);
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
  if (config.databaseUrl) throw new SetupError(POSTGRES_RESTORE);
  const file = path.resolve(files[0]!);
  if (!fs.existsSync(file)) throw new SetupError(`No file at ${file}.`);
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
