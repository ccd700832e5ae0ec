/**
 * The search's trigram indexes (decision 097) on a database whose owner is not a superuser, as a hosted
 * PostgreSQL gives: the migration makes pg_trgm (a trusted extension) and its indexes, and a back-up restored by the
 * same user makes the extension again (the restore drops the schema it lives in), so search reads the index still.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '../../server/db';
import { backupPostgres, restorePostgres } from '../../server/db/postgresBackup';
import { createInbox } from '../../server/leads/inbox';
import type { DebianPostgres } from '../support/debianPostgres';
import { POSTGRES_BIN, startDebianPostgres } from '../support/debianPostgres';

let postgres: DebianPostgres;
let ownerUrl: string;
beforeAll(async () => {
  postgres = await startDebianPostgres();
  // pg_dump, pg_restore and psql of the server's major version, as on a server with its client installed.
  process.env.PATH = `${POSTGRES_BIN}:${process.env.PATH}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query("CREATE ROLE lab LOGIN PASSWORD 'lab-only-password' NOSUPERUSER NOCREATEDB NOCREATEROLE");
  await admin.query('CREATE DATABASE lab OWNER lab');
  await admin.end();
  const url = new URL(postgres.url);
  ownerUrl = `postgres://lab:lab-only-password@${url.host}/lab`;
}, 60_000);
afterAll(() => postgres?.stop());

const NO_FILTER = { status: '', service: '', search: '', source: '', campaign: '', owner: '', due: '' } as const;

describe("the search's trigram indexes for a database owner who is not a superuser", { timeout: 120_000 }, () => {
  it('are made by the migration and made again by a restore of a back-up', async () => {
    const trigramIndexes = async (db: Awaited<ReturnType<typeof openDatabase>>) =>
      (
        await db.all<{ indexname: string }>(
          "SELECT indexname FROM pg_indexes WHERE indexname LIKE '%\\_trgm' ORDER BY indexname",
        )
      ).map((row) => row.indexname);
    const found = async (db: Awaited<ReturnType<typeof openDatabase>>, search: string) =>
      (await createInbox(db).page({ ...NO_FILTER, search }, null, 25)).leads.map((lead) => lead.name);

    let db = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: ownerUrl });
    expect(await trigramIndexes(db)).toEqual(['leads_search_trgm', 'subscribers_email_trgm']);
    await db.run(
      `INSERT INTO leads (received_at, name, email, message, client_hash)
       VALUES ('2026-11-29T12:00:00.000Z', 'Ana Gómez', 'ana@clinic.test', 'A website', 'hash')`,
    );
    await db.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-trgm-backups-'));
    const backup = await backupPostgres(ownerUrl, { dir, keep: 2, keyRequired: false });
    await restorePostgres(backup, ownerUrl);

    db = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: ownerUrl });
    try {
      expect(await trigramIndexes(db)).toEqual(['leads_search_trgm', 'subscribers_email_trgm']);
      expect(await db.all("SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'")).toHaveLength(1);
      expect(await found(db, 'gómez')).toEqual(['Ana Gómez']);
    } finally {
      await db.close();
    }
  });
});
