import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

import pg from 'pg';

import type { BackupSettings } from './backup';
import { backupFile, backupKey, EPHEMERAL_TABLES, keepNewest, writeWhole } from './backup';
import { decryptFile, encryptStream, isEncrypted } from './backupCipher';

/**
 * libpq's environment for a postgres:// URL: the tools read the password from PGPASSWORD, never from their
 * command line (which any user on the machine sees in `ps`).
 */
function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: url.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost',
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
  };
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** A PostgreSQL tool's failure, with what it said. */
export class PostgresToolError extends Error {}

/**
 * Runs a PostgreSQL client tool; resolves with its output, rejects with its error text. With `output`, the
 * output goes there as it comes instead (`output` says when all of it is written).
 */
function runTool(
  tool: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  output?: (stdout: Readable) => Promise<void>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const written = output?.(child.stdout);
    // Its failure is told at the close, before the tool's own (which is then only a broken pipe).
    written?.catch(() => {});
    if (!written) child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new PostgresToolError(
          error.code === 'ENOENT'
            ? `${tool} is not installed here: install the PostgreSQL client of the server's major version (or newer)`
            : error.message,
        ),
      ),
    );
    child.on('close', (code) => {
      void (written ?? Promise.resolve()).then(
        () =>
          code === 0
            ? resolve(stdout)
            : reject(new PostgresToolError(`${tool} failed: ${stderr.trim() || `exit ${code}`}`)),
        reject,
      );
    });
  });
}

/**
 * pg_dump's custom format (compressed; pg_restore reads it) of the database, written whole to `file`: every
 * table, without the ephemeral tables' rows; with `key`, encrypted as it comes out of pg_dump, so no plain
 * copy of it is ever on disk.
 */
async function dumpTo(databaseUrl: string, file: string, key: string | undefined): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const args = [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    ...EPHEMERAL_TABLES.map((table) => `--exclude-table-data=${table}`),
  ];
  await writeWhole(file, (temporary) =>
    key
      ? runTool('pg_dump', args, libpqEnv(databaseUrl), (dump) => encryptStream(dump, temporary, key))
      : runTool('pg_dump', [...args, `--file=${temporary}`], libpqEnv(databaseUrl)),
  );
}

/** A back-up of the PostgreSQL database (site-<time>.dump[.enc]), keeping the newest `keep`. Returns the file. */
export async function backupPostgres(databaseUrl: string, settings: BackupSettings): Promise<string> {
  const key = backupKey(settings);
  const file = backupFile(settings.dir, { kind: 'site', format: 'dump', key });
  await dumpTo(databaseUrl, file, key);
  keepNewest(settings.dir, settings.keep);
  return file;
}

/** The database's current state, kept before a restore replaces it, then rotated with the back-ups. */
export async function keepBeforeRestore(databaseUrl: string, settings: BackupSettings): Promise<string> {
  const key = backupKey(settings);
  const file = backupFile(settings.dir, { kind: 'before-restore', format: 'dump', key });
  await dumpTo(databaseUrl, file, key);
  return file;
}

/**
 * The plain dump of a back-up for pg_restore: the file itself, or its copy decrypted with `key` into a private
 * temporary folder, which `remove` deletes.
 */
export async function plainDump(file: string, key: string | undefined): Promise<{ dump: string; remove(): void }> {
  if (!isEncrypted(file)) return { dump: file, remove: () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-restore-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  const dump = path.join(dir, 'site.dump');
  try {
    await decryptFile(file, dump, key);
  } catch (error) {
    remove();
    throw error;
  }
  return { dump, remove };
}

/**
 * What a dump holds, checked before anything is replaced: a pg_dump archive with the site's tables. `name` is the
 * back-up the staff named, of which `file` may be the decrypted copy.
 */
export async function checkPostgresBackup(file: string, name = file): Promise<{ tables: number }> {
  let list: string;
  try {
    list = await runTool('pg_restore', ['--list', file], process.env);
  } catch (error) {
    throw new Error(`${name} is not a pg_dump archive: ${(error as Error).message}`, { cause: error });
  }
  const tables = [...list.matchAll(/^\d+; \d+ \d+ TABLE \S+ (\S+) /gm)].map((match) => match[1]);
  if (!tables.includes('leads')) throw new Error(`${name} is not a back-up of this site's database`);
  return { tables: tables.length };
}

/** The hash key a dump's database was made with (settings.client_hash_salt), read from the archive without restoring it. */
export async function archiveSalt(file: string): Promise<string | undefined> {
  const data = await runTool('pg_restore', ['--data-only', '--table=settings', '--file=-', file], process.env);
  return /^client_hash_salt\t(\S+)$/m.exec(data)?.[1];
}

/**
 * Other sessions on the database now (the site's instances hold theirs open): a restore under them is refused.
 * Only client sessions count: an autovacuum worker on a big table is PostgreSQL's own, and the restore's lock ends it.
 */
export async function otherSessions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/**
 * Replaces the whole database with a dump, in one transaction (decision 042): the public schema is dropped and made anew
 * (so nothing newer than the dump is left, such as a table a later migration made), then the dump's SQL
 * (pg_restore's, written out whole first, so a damaged dump never half-applies) runs through psql. Any
 * error rolls all of it back: the database is then as it was.
 */
export async function restorePostgres(file: string, databaseUrl: string): Promise<void> {
  const env = libpqEnv(databaseUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-restore-'));
  const script = path.join(dir, 'restore.sql');
  try {
    await runTool('pg_restore', ['--no-owner', '--no-privileges', `--file=${script}`, file], env);
    await runTool(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        '--command=DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;',
        `--file=${script}`,
      ],
      env,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
