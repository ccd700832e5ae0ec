/**
 * One console page's server time on a lab seeded beforehand (`npm run seed:large`), without the whole scale bench:
 *   DATA_DIR=… [DATABASE_URL=…] npx tsx tests/bench/scale/pageTimes.ts '/staff/analytics?days=90' [requests]
 * prints the p95, median and fastest of the requests (20 by default), after one request to warm up. React renders
 * with its development build unless NODE_ENV=production, which `npm run bench` sets, as production's server runs.
 */
import http from 'node:http';

import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createAccountStore } from '../../../server/console/accounts';
import { createSessionStore } from '../../../server/console/sessions';
import { openDatabase } from '../../../server/db';
import { createLogger } from '../../../server/http/logger';
import { TEST_IDENTITY } from '../../support/serverCommand';
import { addAccount } from '../../support/staffHelpers';
import { OWNER, p95 } from './measure';

const [page, requests = '20'] = process.argv.slice(2);
const dataDir = process.env.DATA_DIR;
const databaseUrl = process.env.DATABASE_URL;
if (!dataDir || !page?.startsWith('/') || !(Number(requests) > 0)) {
  console.error('Usage: DATA_DIR=… [DATABASE_URL=…] npx tsx tests/bench/scale/pageTimes.ts /staff/… [requests]');
  process.exit(2);
}
const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
const config = loadConfig({ ...env, LOG_LEVEL: 'silent', SITE_URL: 'http://127.0.0.1', ...TEST_IDENTITY });
const db = await openDatabase({ dataDir, databaseUrl });
const accounts = createAccountStore(db);
if (!(await accounts.find(OWNER))) await addAccount(db, OWNER);
const cookie = `staff_session=${await createSessionStore(db).create((await accounts.find(OWNER))!.id)}`;
const server = http.createServer(createApp(config, { db, logger: createLogger({ logLevel: 'silent' }) }));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}${page}`;
const get = async () => {
  const response = await fetch(url, { headers: { Cookie: cookie } });
  await response.arrayBuffer();
  return response.status;
};
try {
  // The app answers 503 until it has loaded the published articles.
  while ((await get()) === 503) await new Promise((resolve) => setTimeout(resolve, 100));
  const times: number[] = [];
  for (let run = 0; run < Number(requests); run += 1) {
    const start = performance.now();
    const status = await get();
    if (status !== 200) throw new Error(`${page}: ${status}`);
    times.push(performance.now() - start);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    `${page}: p95 ${ms(p95(times))}, median ${ms(sorted[Math.floor(sorted.length / 2)]!)}, fastest ${ms(sorted[0]!)} of ${times.length}`,
  );
} finally {
  server.close();
  await db.close();
}
