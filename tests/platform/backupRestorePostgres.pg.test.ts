import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { otherSessions } from '../../server/db/postgresBackup';
import type { DebianPostgres } from '../support/debianPostgres';
import { POSTGRES_BIN, startDebianPostgres } from '../support/debianPostgres';
import { postLead, startDrill } from '../support/drill';
import { postgresDatabase } from '../support/engines';
import { killServers, npmRun, startServer } from '../support/serverProcess';

let postgres: DebianPostgres;
beforeAll(async () => {
  postgres = await startDebianPostgres();
});
afterAll(async () => {
  killServers();
  await postgres?.stop();
});

const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
/** The commands find PostgreSQL 15's pg_dump, pg_restore and psql first, as on a server with its client installed. */
const withTools = { PATH: `${POSTGRES_BIN}:${process.env.PATH}` };

async function sql<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

// Two server starts and three restores, each reading and re-applying the privacy journal: a minute or more on a busy machine.
describe(
  'PostgreSQL back-up and restore, on the real server, commands and PostgreSQL tools',
  { timeout: 120_000 },
  () => {
    it('restores exactly the backed-up state: the site serves the leads of the back-up, and nothing newer is left', async () => {
      const backupDir = tempDir('lab-pg-drill-backups-');
      const env = { DATABASE_URL: postgres.url, BACKUP_DIR: backupDir, ...withTools };
      const dataDir = tempDir('lab-pg-drill-');
      const drill = await startDrill(dataDir, env);
      const { port, inboxPage } = drill;
      let { server } = drill;

      // The day's analytics salt and visitor hashes and the rate limits' counts stay out of back-ups.
      await sql(
        postgres.url,
        `INSERT INTO analytics_salts (day, salt) VALUES ('2026-11-28', 'the-days-salt');
         INSERT INTO analytics_visitors (day, hash) VALUES ('2026-11-28', 'a-visitors-hash');
         INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ('subscribe:a-hashed-address', 1, 0);`,
      );

      // While the site runs.
      const backedUp = await npmRun('data', ['backup'], dataDir, env);
      expect(backedUp.stderr).toBe('');
      expect(backedUp.code).toBe(0);
      const { backup } = JSON.parse(backedUp.stdout) as { backup: string };
      expect(path.dirname(backup)).toBe(backupDir);
      expect(path.basename(backup)).toMatch(/^site-\d{8}T\d{9}Z\.dump$/);
      expect(modeOf(backup)).toBe(0o600);
      const data = execFileSync(path.join(POSTGRES_BIN, 'pg_restore'), ['--data-only', '--file=-', backup]).toString();
      expect(data).toContain('Drill One');
      for (const trace of ['the-days-salt', 'a-visitors-hash', 'a-hashed-address']) expect(data).not.toContain(trace);
      await postLead(port, 'Drill Three');
      await sql(postgres.url, 'CREATE TABLE made_later (id integer)');
      expect(await inboxPage()).toContain('Drill Three');

      // The site's sessions are open on the database: refused, and nothing changed.
      const refused = await npmRun('data', ['restore', backup], dataDir, env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^Not restored: \d+ other session\(s\) use the database/);
      expect(refused.stdout).toBe('');
      expect(await sql(postgres.url, 'SELECT count(*)::int AS n FROM leads')).toEqual([{ n: 3 }]);

      await server.stop();
      const restored = await npmRun('data', ['restore', backup], dataDir, env);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      const result = JSON.parse(restored.stdout) as { restored: string; tables: number; previous: string };
      expect(result.restored).toBe(backup);
      expect(result.tables).toBeGreaterThan(5);
      // What it replaced is kept beside the back-ups, mode 600.
      expect(path.basename(result.previous)).toMatch(/^before-restore-.*\.dump$/);
      expect(modeOf(result.previous)).toBe(0o600);
      // A table made after the back-up is gone: the database is the back-up's, whole.
      const tables = await sql<{ name: string }>(
        postgres.url,
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
      );
      expect(tables.map((table) => table.name)).not.toContain('made_later');
      for (const table of ['analytics_salts', 'analytics_visitors', 'rate_limit_hits'])
        expect(await sql(postgres.url, `SELECT * FROM ${table}`)).toEqual([]);

      server = await startServer(port, { DATA_DIR: dataDir, ...env });
      const page = await inboxPage();
      expect(page).toContain('Drill One');
      expect(page).toContain('Drill Two');
      expect(page).not.toContain('Drill Three');
      // The site writes on after the restore: the ids go on from the back-up's.
      await postLead(port, 'Drill Four');
      expect(await inboxPage()).toContain('Drill Four');
      await server.stop();

      // The back-up kept before the restore brings the third lead back: nothing was lost.
      const undone = await npmRun('data', ['restore', result.previous], dataDir, env);
      expect(undone.code).toBe(0);
      const names = await sql<{ name: string }>(postgres.url, 'SELECT name FROM leads ORDER BY id');
      expect(names.map((row) => row.name)).toEqual(['Drill One', 'Drill Two', 'Drill Three']);
    });

    it('refuses what is no back-up of the site without touching the database, and says why a tool fails', async () => {
      const dataDir = tempDir('lab-pg-drill-bad-');
      const env = { DATABASE_URL: postgres.url, BACKUP_DIR: tempDir('lab-pg-drill-bad-backups-'), ...withTools };
      const junk = path.join(dataDir, 'junk.dump');
      fs.writeFileSync(junk, 'not a dump at all');
      const bad = await npmRun('data', ['restore', junk], dataDir, env);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/^Not restored: .*junk\.dump is not a pg_dump archive/);
      expect(fs.readdirSync(env.BACKUP_DIR)).toEqual([]);

      // The tests' own PostgreSQL is a newer major than this pg_dump: it refuses, and the command says so
      // in one line, without the password.
      const newer = await postgresDatabase();
      const mismatch = await npmRun('data', ['backup'], dataDir, { ...env, DATABASE_URL: newer });
      expect(mismatch.code).toBe(1);
      expect(mismatch.stderr).toMatch(/^pg_dump failed: .*server version mismatch/);
      expect(mismatch.stderr).not.toContain(new URL(newer).password);
      expect(fs.readdirSync(env.BACKUP_DIR)).toEqual([]);
    });
    it('counts the sessions of people and programs, not the workers PostgreSQL runs by itself (autovacuum)', async () => {
      // A table with many dead rows, vacuumed as slowly as PostgreSQL allows, and autovacuum looking every second:
      // a worker stays on the database until the table is dropped.
      await sql(
        postgres.url,
        `CREATE TABLE dead_rows (id integer) WITH (autovacuum_vacuum_threshold = 0, autovacuum_vacuum_scale_factor = 0,
           autovacuum_vacuum_cost_delay = 100, autovacuum_vacuum_cost_limit = 1);
         INSERT INTO dead_rows SELECT generate_series(1, 200000);
         DELETE FROM dead_rows;`,
      );
      // ALTER SYSTEM runs outside a transaction: a statement of its own.
      await sql(postgres.url, 'ALTER SYSTEM SET autovacuum_naptime = 1');
      await sql(postgres.url, 'SELECT pg_reload_conf()');
      try {
        const workers = async () =>
          (
            await sql<{ n: number }>(
              postgres.url,
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'site' AND backend_type = 'autovacuum worker'",
            )
          )[0]!.n;
        await expect.poll(workers, { timeout: 60_000, interval: 250 }).toBeGreaterThan(0);
        expect(await otherSessions(postgres.url)).toBe(0);
        // A person's session still counts.
        const held = new pg.Client({ connectionString: postgres.url });
        await held.connect();
        try {
          expect(await otherSessions(postgres.url)).toBe(1);
        } finally {
          await held.end();
        }
      } finally {
        await sql(postgres.url, 'DROP TABLE dead_rows');
        await sql(postgres.url, 'ALTER SYSTEM RESET autovacuum_naptime');
        await sql(postgres.url, 'SELECT pg_reload_conf()');
      }
    });
  },
);
