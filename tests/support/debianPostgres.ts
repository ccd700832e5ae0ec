import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { postgresUser } from './postgresServer';
import { freePort } from './serverProcess';

/**
 * Debian's PostgreSQL 15 (the postgresql-15 package): its server and its pg_dump, pg_restore and psql are
 * one major version, as a real deployment's are. The embedded test server (a newer major) ships no client
 * tools, and Debian's pg_dump refuses a server newer than itself.
 */
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

export interface DebianPostgres {
  /** postgres://site:…@127.0.0.1:port/site, an empty database owned by the user the URL names. */
  url: string;
  stop(): Promise<void>;
}

/** A fresh cluster in a temporary folder on a free loopback port, as the user postgres when run as root (initdb refuses root). */
export async function startDebianPostgres(): Promise<DebianPostgres> {
  if (!fs.existsSync(path.join(POSTGRES_BIN, 'pg_ctl')))
    throw new Error(`No PostgreSQL 15 in ${POSTGRES_BIN}: apt-get install postgresql-15 (the CI script does).`);
  const port = await freePort();
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-pg15-'));
  const user = process.getuid?.() === 0 ? postgresUser() : undefined;
  if (user) fs.chownSync(parent, user.uid, user.gid);
  const password = 'drill-only-password';
  const passwordFile = path.join(parent, 'password');
  fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  if (user) fs.chownSync(passwordFile, user.uid, user.gid);
  const data = path.join(parent, 'data');
  const run = (tool: string, args: string[]) =>
    execFileSync(path.join(POSTGRES_BIN, tool), args, { ...user, cwd: parent, stdio: ['ignore', 'pipe', 'pipe'] });
  run('initdb', [
    '-D',
    data,
    '-U',
    'site',
    `--pwfile=${passwordFile}`,
    '--auth=scram-sha-256',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  fs.rmSync(passwordFile);
  // Tests need no crash safety: fsync off. Loopback only, the socket in the temporary folder.
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${parent} -c fsync=off`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(parent, 'log'), '-w', 'start']);
  const server = `postgres://site:${password}@127.0.0.1:${port}`;
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  await client.query('CREATE DATABASE site');
  await client.end();
  return {
    url: `${server}/site`,
    async stop() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      fs.rmSync(parent, { recursive: true, force: true });
    },
  };
}
