import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { inject } from 'vitest';

import type { Database } from '../../server/db';
import { openDatabase } from '../../server/db';
import { createDatabase } from './postgresServer';

/** Both engines, each opening a fresh, migrated database: the store tests run once per engine. */
export const engines: { engine: Database['engine']; open: () => Promise<Database> }[] = [
  { engine: 'sqlite', open: () => openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-store-')) }) },
  {
    engine: 'postgres',
    open: async () => openDatabase({ dataDir: os.tmpdir(), databaseUrl: await createDatabase(inject('postgresUrl')) }),
  },
];
