// The site's app as the scale bench runs it, in its own process (measure.ts) or the export server's
// (exportServer.ts): silent, on a lab's data (DATA_DIR, DATABASE_URL in `env`), listening on a free loopback port.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Database } from '../../../server/db';
import { createLogger } from '../../../server/http/logger';
import { TEST_IDENTITY } from '../../support/serverCommand';

export const benchConfig = (env: NodeJS.ProcessEnv) =>
  loadConfig({ ...env, LOG_LEVEL: 'silent', SITE_URL: 'http://127.0.0.1', ...TEST_IDENTITY });

/** The app on `db`, listening; resolves once it does, with its port. */
export async function listenApp(config: ReturnType<typeof benchConfig>, db: Database) {
  const server = http.createServer(createApp(config, { db, logger: createLogger({ logLevel: 'silent' }) }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
