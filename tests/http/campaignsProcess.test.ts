import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, inject, it } from 'vitest';

import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { readerAddress, seedReaders, sendNow } from '../support/campaigns';
import type { MailServer } from '../support/mailServer';
import { startMailServer } from '../support/mailServer';
import { createDatabase } from '../support/postgresServer';
import { freePort, killServers, startServer } from '../support/serverProcess';

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const COUNT = 500;

/** How many e-mails each reader got: every reader must be there, and the surplus are duplicates. */
function tally(smtp: MailServer): { readers: number; duplicates: number } {
  const readers = new Set(smtp.received.map((mail) => mail.recipients[0]!));
  return { readers: readers.size, duplicates: smtp.received.length - readers.size };
}

/** COUNT readers and a campaign sent to them now, written into the servers' database; when it was sent. */
async function campaignToReaders(env: NodeJS.ProcessEnv): Promise<number> {
  const config = loadConfig(env);
  const db = await openDatabase(config);
  await seedReaders(db, COUNT);
  const started = Date.now();
  await sendNow(db, config);
  await db.close();
  return started;
}

/** Campaign e-mails this instance's log says it sent. */
const sentBy = (output: string) =>
  output.split('\n').filter((line) => line.includes('"outbox message sent"') && line.includes('newsletter-campaign'))
    .length;

describe('a campaign sent by real server processes', { timeout: 180_000 }, () => {
  it('resumes after a SIGKILL part-way and reaches all 500 readers, duplicates counted', async () => {
    const smtp = await startMailServer();
    cleanups.push(() => smtp.stop());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-campaign-'));
    // A short lease, so the messages the killed process held are taken over within seconds.
    const env = {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      OUTBOX_LEASE_SECONDS: '5',
      NEWSLETTER_RATE_PER_MINUTE: '3000',
      LOG_LEVEL: 'warn',
    };
    const port = await freePort();
    const first = await startServer(port, env);
    const started = await campaignToReaders(env);

    await smtp.waitFor(200, 60_000);
    await first.crash();
    const atKill = smtp.received.length;
    const second = await startServer(port, env);
    cleanups.push(() => second.stop());
    for (let tries = 0; tally(smtp).readers < COUNT && tries < 600; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // Anything sent twice would come now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { readers, duplicates } = tally(smtp);
    const lastAt = Math.max(...smtp.received.map((mail) => mail.at));
    console.log(
      `SIGKILL after ${atKill} of ${COUNT} sent; after the restart ${readers} readers reached, ${duplicates} duplicate(s), ` +
        `the last ${((lastAt - started) / 1000).toFixed(1)} s after "send now" (3000 per minute, a 5 s lease, a restart between)`,
    );
    expect(readers).toBe(COUNT);
    expect(new Set(smtp.received.map((mail) => mail.recipients[0]))).toEqual(
      new Set(Array.from({ length: COUNT }, (_, n) => readerAddress(n))),
    );
    // At least once: only what was in flight at the kill may go twice, at most one claimed batch.
    expect(duplicates).toBeLessThanOrEqual(10);
  });

  it('is sent once by two instances on one PostgreSQL, started once, at the one shared rate', async () => {
    const databaseUrl = await createDatabase(inject('postgresUrl'));
    const smtp = await startMailServer();
    cleanups.push(() => smtp.stop());
    const rate = 3000;
    const env = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      NEWSLETTER_RATE_PER_MINUTE: String(rate),
      LOG_LEVEL: 'info',
    };
    const start = async () =>
      startServer(await freePort(), { ...env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-two-')) });
    const [a, b] = await Promise.all([start(), start()]);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    const started = await campaignToReaders(env);

    await smtp.waitFor(COUNT, 90_000);
    const seconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { readers, duplicates } = tally(smtp);
    const times = smtp.received.map((mail) => mail.at);
    const burst = 10;
    const measured = ((times.length - 1 - burst) * 60_000) / (times.at(-1)! - times[burst]!);
    const starts = [a, b].map(
      (server) =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('"campaign started"')).length,
    );
    console.log(
      `two instances: ${readers} readers, ${duplicates} duplicate(s), in ${seconds.toFixed(1)} s; sent ${sentBy(a.output())} + ${sentBy(b.output())}; ` +
        `started by ${starts.join(' + ')}; ${measured.toFixed(0)} per minute together (setting ${rate})`,
    );
    expect(smtp.received).toHaveLength(COUNT);
    expect(readers).toBe(COUNT);
    expect(starts[0]! + starts[1]!).toBe(1);
    expect(sentBy(a.output()) + sentBy(b.output())).toBe(COUNT);
    // Both share one set of slots: together they stay within the setting, and do not fall far behind it
    // (a worker that missed its next slot would wait for the 5 s poll: a third of the rate).
    expect(measured).toBeLessThan(rate * 1.1);
    expect(measured).toBeGreaterThan(rate * 0.5);
  });
});
