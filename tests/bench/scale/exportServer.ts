// The site's app alone on a lab's database (DATA_DIR, DATABASE_URL), in a process of its own, for the exports'
// memory (decision 107). measure.ts starts it with production's V8 flags and allocator setting, and without the
// jobs main.ts runs beside the app: a purge on start would change the lab, and a back-up would share the process
// while it is measured. Writes its port on a line of its own once it listens.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db';
import { createLogger } from '../../../server/http/logger';
import { TEST_IDENTITY } from '../../support/serverCommand';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SITE_URL: 'http://127.0.0.1', ...TEST_IDENTITY });
const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const server = http.createServer(createApp(config, { db, logger: createLogger({ logLevel: 'silent' }) }));
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => void db.close().then(() => process.exit(0))));
