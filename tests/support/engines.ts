import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { expect, inject } from 'vitest';

import type { Database } from '../../server/db';
import { openDatabase } from '../../server/db';
import { openPostgres } from '../../server/db/postgres';
import { openSqlite } from '../../server/db/sqlite';
import type { DatabaseConfig, Migration } from '../../server/db/types';
import { createDatabase } from './postgresServer';

// The run starts PostgreSQL only for the files named *.pg.test.ts (vitest.config.ts). A file that imports this
// module needs it: named otherwise, it fails here, whole, rather than run without its PostgreSQL half.
const postgresUrl = inject('postgresUrl');
if (!postgresUrl)
  throw new Error(
    `${path.basename(expect.getState().testPath ?? 'This file')} needs PostgreSQL: name it *.pg.test.ts ` +
      '(vitest.config.ts starts PostgreSQL for those files only).',
  );

/** A new, empty database on the run's PostgreSQL server: its URL. */
export const postgresDatabase = () => createDatabase(postgresUrl);

/** A fresh database's place on an engine: a new folder, or a new PostgreSQL database. */
const places = {
  sqlite: async (): Promise<DatabaseConfig> => ({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-store-')) }),
  postgres: async (): Promise<DatabaseConfig> => ({ dataDir: os.tmpdir(), databaseUrl: await postgresDatabase() }),
};

/**
 * Both engines, each opening a fresh, migrated database: the store tests run once per engine.
 * `older` opens one at an earlier schema (the first migrations only); its `current()` then migrates it.
 */
export const engines = (['sqlite', 'postgres'] as const).map((engine) => ({
  engine,
  open: async (): Promise<Database> => openDatabase(await places[engine]()),
  older: async (migrations: readonly Migration[]) => {
    const config = await places[engine]();
    const db = config.databaseUrl
      ? await openPostgres(config.databaseUrl, migrations)
      : openSqlite(config.dataDir, migrations);
    return { db, current: () => openDatabase(config) };
  },
}));
