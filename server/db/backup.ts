import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import { BackupKeyError, decryptFile, encryptFile, isEncrypted } from './backupCipher';
import { DATABASE_FILE } from './sqlite';
import type { Database, Queryable } from './types';

/** Where back-ups go, how many are kept, and their key (config.backup). */
export interface BackupSettings {
  dir: string;
  keep: number;
  key?: string;
  keyRequired: boolean;
}

/**
 * What no back-up holds (decision 062): the day's analytics salt and visitor hashes, which go when their day is
 * over, and the rate limits' counts, which go when their window is. A restore starts them empty.
 */
export const EPHEMERAL_TABLES = ['analytics_salts', 'analytics_visitors', 'rate_limit_hits'];

/**
 * A back-up's name: `site-20260314T090000Z.db` (SQLite) or `.dump` (PostgreSQL), so names sort by time, then
 * `.enc` when encrypted; or `before-restore-…`, the database a restore replaced, kept and rotated with them.
 */
const BACKUP_NAME = /^(site|before-restore)-(\d{8}T\d{6}(\d{3})?Z)\.(db|dump)(\.enc)?$/;

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.(\d{3})Z$/, '$1Z');

/** The file a back-up of this kind and format, made now with this key, is written to in `dir`. */
export const backupFile = (
  dir: string,
  {
    kind,
    format,
    key,
    now = new Date(),
  }: { kind: 'site' | 'before-restore'; format: 'db' | 'dump'; key?: string; now?: Date },
) => path.join(dir, `${kind}-${stamp(now)}.${format}${key ? '.enc' : ''}`);

/**
 * The key back-ups are written with. Production writes none without one (a back-up holds every lead and address);
 * development and tests write them in clear, to be read and restored with nothing to set up.
 */
export function backupKey({ key, keyRequired }: Pick<BackupSettings, 'key' | 'keyRequired'>): string | undefined {
  if (!key && keyRequired)
    throw new BackupKeyError(
      'BACKUP_KEY is not set: back-ups hold personal data, so in production (NODE_ENV=production) they are written ' +
        'only encrypted. Set it to 32 random bytes or more (for example: openssl rand -hex 32).',
    );
  return key;
}

/** The back-ups in `dir`, newest first. */
function listBackups(dir: string): { file: string; at: Date; scheduled: boolean }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((name) => {
      const match = BACKUP_NAME.exec(name);
      return match ? [{ name, time: match[2]!, scheduled: match[1] === 'site' }] : [];
    })
    .sort((a, b) => b.time.localeCompare(a.time))
    .map(({ name, scheduled }) => ({
      file: path.join(dir, name),
      at: fs.statSync(path.join(dir, name)).mtime,
      scheduled,
    }));
}

/**
 * An online back-up of the SQLite database with VACUUM INTO: a consistent copy (the WAL included) taken while
 * the site runs, compacted, then encrypted with `key` (or copied as it is) into `file`, written whole (see
 * writeWhole). The plain copy is made in DATA_DIR beside the database it copies, never in BACKUP_DIR, and
 * removed. Runs through the Database interface, so in the server it waits its turn on the one connection.
 */
export async function writeSqliteBackup(
  db: Database,
  file: string,
  { dataDir, key }: { dataDir: string; key: string | undefined },
): Promise<void> {
  if (db.engine !== 'sqlite') throw new Error('VACUUM INTO backs up SQLite only');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const plain = path.join(dataDir, `.${path.basename(file)}.${process.pid}.plain`);
  // VACUUM INTO writes into an existing file only when it is empty; made so, it is mode 600 from the start.
  fs.closeSync(fs.openSync(plain, 'wx', 0o600));
  try {
    await db.run('VACUUM INTO ?', plain);
    leaveOutEphemeral(plain);
    await writeWhole(file, (temporary) =>
      key ? encryptFile(plain, temporary, key) : fs.promises.copyFile(plain, temporary),
    );
  } finally {
    fs.rmSync(plain, { force: true });
  }
}

/** Empties the ephemeral tables of a copy, then compacts it, so not even its free pages hold their rows. */
function leaveOutEphemeral(file: string): void {
  const copy = new DatabaseSync(file);
  try {
    // The rollback journal in memory: no other file ever holds the rows.
    copy.exec(
      `PRAGMA journal_mode = MEMORY; ${EPHEMERAL_TABLES.map((table) => `DELETE FROM ${table};`).join(' ')} VACUUM;`,
    );
  } finally {
    copy.close();
  }
}

/** Empties the ephemeral tables of a restored database: a back-up made before they were left out holds them. */
export async function startEphemeralFresh(db: Queryable): Promise<void> {
  for (const table of EPHEMERAL_TABLES) await db.run(`DELETE FROM ${table}`);
}

/** A back-up of the SQLite database (site-<time>.db[.enc]), keeping the newest `keep`. Returns the file. */
export async function backupSqlite(db: Database, settings: BackupSettings, dataDir: string): Promise<string> {
  const key = backupKey(settings);
  const file = backupFile(settings.dir, { kind: 'site', format: 'db', key });
  await writeSqliteBackup(db, file, { dataDir, key });
  keepNewest(settings.dir, settings.keep);
  return file;
}

/**
 * Has `write` fill a file that appears under `file`'s name only whole: an empty temporary beside it, mode
 * 600 from its creation (a back-up holds personal data), synced, then renamed; removed if anything fails.
 */
export async function writeWhole(file: string, write: (temporary: string) => Promise<unknown>): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.closeSync(fs.openSync(temporary, 'wx', 0o600));
  try {
    await write(temporary);
    const handle = fs.openSync(temporary, 'r+');
    fs.fsyncSync(handle);
    fs.closeSync(handle);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** Removes all but the newest `keep` back-ups in `dir`, the copies restores kept among them. */
export function keepNewest(dir: string, keep: number): void {
  for (const old of listBackups(dir).slice(keep)) fs.rmSync(old.file);
}

/**
 * What a back-up file holds, checked before it replaces anything: a whole SQLite database of the site. `name`
 * is the back-up the staff named, of which `file` may be the decrypted copy.
 */
export function checkBackup(file: string, name = file): { leads: number; schemaVersion: number } {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { readOnly: true });
  } catch (error) {
    throw new Error(`${name} is not a readable SQLite database: ${(error as Error).message}`, { cause: error });
  }
  try {
    const integrity = db.prepare('PRAGMA integrity_check').get() as { integrity_check: string } | undefined;
    if (integrity?.integrity_check !== 'ok') throw new Error(`${name} is damaged (integrity_check failed)`);
    const { user_version: schemaVersion } = db.prepare('PRAGMA user_version').get() as { user_version: number };
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'leads'").get();
    if (schemaVersion < 1 || !table) throw new Error(`${name} is not a back-up of this site's database`);
    const { n } = db.prepare('SELECT count(*) AS n FROM leads').get() as { n: number };
    return { leads: n, schemaVersion };
  } catch (error) {
    if (error instanceof Error && error.message.startsWith(name)) throw error;
    throw new Error(`${name} is not a back-up of this site's database: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    db.close();
  }
}

/**
 * A back-up, decrypted with `key` when it is encrypted, in a new folder beside DATA_DIR's database (same disk, so
 * it can be renamed over it), mode 600: the restore checks it there, brings its schema up to date and applies
 * the privacy journal to it before anything else can open it. Returns the folder; whoever made it removes it.
 */
export async function stageSqlite(file: string, dataDir: string, key: string | undefined): Promise<string> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  const staged = path.join(staging, DATABASE_FILE);
  try {
    if (isEncrypted(file)) await decryptFile(file, staged, key);
    else fs.copyFileSync(file, staged, fs.constants.COPYFILE_EXCL);
    fs.chmodSync(staged, 0o600);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return staging;
}

/**
 * Puts the staged database in place of DATA_DIR's: synced, the old database's -wal and -shm removed (SQLite
 * would otherwise replay the old journal onto the new file), then renamed over site.db. The server must be
 * stopped (see the serving mark below).
 */
export function putInPlace(staging: string, dataDir: string): void {
  const staged = path.join(staging, DATABASE_FILE);
  const target = path.join(dataDir, DATABASE_FILE);
  const handle = fs.openSync(staged, 'r+');
  fs.fsyncSync(handle);
  fs.closeSync(handle);
  for (const journal of [`${target}-wal`, `${target}-shm`]) fs.rmSync(journal, { force: true });
  fs.renameSync(staged, target);
}

/** The file a running server keeps fresh in DATA_DIR: how a restore knows the database is in use. */
const SERVING_MARK = 'server.alive';
const MARK_REFRESH_MS = 10_000;
/** Older than this, the mark is a crashed server's: three refreshes missed. */
const MARK_STALE_MS = 3 * MARK_REFRESH_MS;

/**
 * Marks DATA_DIR as in use by this server: a small file (pid, host, start) whose time is refreshed every
 * 10 s and which is removed at a clean stop. Unlike a pid alone, it tells a command in another container
 * (another pid namespace) sharing the volume, and a crash leaves it stale within 30 s.
 */
export function markServing(dataDir: string): { stop(): void } {
  const file = path.join(dataDir, SERVING_MARK);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() })}\n`,
    { mode: 0o600 },
  );
  const timer = setInterval(() => {
    const now = new Date();
    try {
      fs.utimesSync(file, now, now);
    } catch {
      // Removed by hand: the next restore simply finds no server.
    }
  }, MARK_REFRESH_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      fs.rmSync(file, { force: true });
    },
  };
}

/** The server using DATA_DIR now, if any: its mark, refreshed within the last 30 s. */
export function servingNow(dataDir: string): { pid: number; host: string; since: string } | undefined {
  const file = path.join(dataDir, SERVING_MARK);
  try {
    if (Date.now() - fs.statSync(file).mtimeMs > MARK_STALE_MS) return undefined;
    return JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number; host: string; since: string };
  } catch {
    return undefined;
  }
}

/**
 * Backs up every `intervalMs`, the first one when the newest back-up in `dir` is that old (at once when there
 * is none), so restarts do not put the next one off. `report` is told of each back-up or failure (production
 * without BACKUP_KEY is one, each time: the server runs on, and its log says why there is no back-up).
 */
export function scheduleBackups(
  db: Database,
  settings: BackupSettings & { intervalMs: number; dataDir: string },
  report: { written(file: string, ms: number): void; failed(error: unknown): void },
): { stop(): void } {
  const { dir, intervalMs, dataDir } = settings;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    const start = Date.now();
    try {
      report.written(await backupSqlite(db, settings, dataDir), Date.now() - start);
    } catch (error) {
      report.failed(error);
    }
    if (!stopped) timer = setTimeout(() => void run(), intervalMs).unref();
  };
  // A copy a restore kept holds the state before it, not the one to back up now.
  const newest = listBackups(dir).find((backup) => backup.scheduled);
  const due = newest ? Math.max(0, intervalMs - (Date.now() - newest.at.getTime())) : 0;
  timer = setTimeout(() => void run(), due).unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
