/**
 * How long the staff's field-speed page spends in the database: fills a fresh
 * SQLite database with the histograms of SAMPLES made-up samples over 28 days
 * (default 1,000,000), then times the page's two queries.
 *   npx tsx tests/bench/fieldSpeedQuery.ts [SAMPLES]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { openDatabase } from '../../server/db';
import { createFieldSpeed } from '../../server/vitals/fieldSpeed';
import { fillFieldSpeed } from '../support/fieldSpeedFill';

const samples = Number(process.argv[2] ?? 1_000_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-speed-'));
const db = await openDatabase({ dataDir });
const buckets = await fillFieldSpeed(db, samples);
const { rows } = (await db.get<{ rows: number }>('SELECT count(*) AS rows FROM daily_counts'))!;
const speed = createFieldSpeed(db);
// Wall time and this process's CPU time: on a busy machine the wall time also counts the waits for a core.
const times: string[] = [];
for (let run = 0; run < 5; run++) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const summary = await speed.summary('');
  await speed.trend('LCP', '', '');
  const { user, system } = process.cpuUsage(cpu);
  times.push(`${(performance.now() - start).toFixed(0)} (CPU ${((user + system) / 1000).toFixed(0)})`);
  if (run === 0)
    console.log(`${samples} samples → ${buckets} filled buckets in ${rows} rows; ${summary.length} page × metric p75s`);
}
console.log(`summary + trend, ms: ${times.join(', ')}`);
await db.close();
fs.rmSync(dataDir, { recursive: true });
