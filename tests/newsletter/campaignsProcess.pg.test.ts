import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { campaignToReaders, readerAddress } from '../support/campaigns';
import { postgresDatabase } from '../support/engines';
import type { MailServer } from '../support/mailServer';
import { startMailServer } from '../support/mailServer';
import { freePort, killServers, startServer } from '../support/serverProcess';
import { until } from '../support/waits';

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
    const started = await campaignToReaders(env, COUNT);

    await smtp.waitFor(200, 60_000);
    await first.crash();
    const atKill = smtp.received.length;
    const second = await startServer(port, env);
    cleanups.push(() => second.stop());
    await until('every reader reached', () => tally(smtp).readers === COUNT, { timeoutMs: 60_000 });
    // Stopped, it has ended the sends under way (SIGTERM waits for them): what came is all that comes.
    await second.stop();
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

  it('is sent once by two instances on one PostgreSQL, and started once', async () => {
    const databaseUrl = await postgresDatabase();
    const smtp = await startMailServer();
    cleanups.push(() => smtp.stop());
    // Throttled, so both claim from the one row of slots at once.
    const env = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      NEWSLETTER_RATE_PER_MINUTE: '3000',
      LOG_LEVEL: 'info',
    };
    const start = async () =>
      startServer(await freePort(), { ...env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-two-')) });
    const [a, b] = await Promise.all([start(), start()]);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    await campaignToReaders(env, COUNT);

    await smtp.waitFor(COUNT, 90_000);
    // Stopped, they have ended the sends under way (SIGTERM waits for them): what came is all that comes.
    await Promise.all([a.stop(), b.stop()]);
    const { readers, duplicates } = tally(smtp);
    const starts = [a, b].map(
      (server) =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('"campaign started"')).length,
    );
    console.log(
      `two instances: ${readers} readers, ${duplicates} duplicate(s); sent ${sentBy(a.output())} + ${sentBy(b.output())}; started by ${starts.join(' + ')}`,
    );
    expect(smtp.received).toHaveLength(COUNT);
    expect(readers).toBe(COUNT);
    expect(starts[0]! + starts[1]!).toBe(1);
    expect(sentBy(a.output()) + sentBy(b.output())).toBe(COUNT);
    // Their rate together, against the setting, is measured by `npm run bench -- --only=timings`; that they share
    // one set of slots is in outboxBulk, and that a worker takes its next slot when it opens in outboxWorker.
  });
});
