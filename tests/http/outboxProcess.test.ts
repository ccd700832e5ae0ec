import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import { afterAll, describe, expect, it } from 'vitest';

import { DATABASE_FILE } from '../../server/db';
import type { MailServer } from '../support/mailServer';
import { header, startMailServer } from '../support/mailServer';
import { freePort, killServers, npmRun, startServer } from '../support/serverProcess';

/**
 * Delivery by the real server process (`node dist/server.js`) to a real SMTP
 * server: through a crash, with the staff's outbox command, and how fast.
 */
const dataDirs: string[] = [];
const mailServers: MailServer[] = [];
afterAll(async () => {
  killServers();
  for (const server of mailServers) await server.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-outbox-'));
  dataDirs.push(dir);
  return dir;
}

async function mailServer(options: Parameters<typeof startMailServer>[0] = {}): Promise<MailServer> {
  const server = await startMailServer(options);
  mailServers.push(server);
  return server;
}

/** One lead per sender address, so the rate limit lets every one through. */
function postLead(port: number, index: number): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/api/contact`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': `10.${Math.floor(index / 250)}.${index % 250}.1`,
    },
    body: JSON.stringify({
      name: `Lead ${index}`,
      email: `lead${index}@example.com`,
      company: 'Acme',
      service: 'consultation',
      message: `Message ${index}`,
    }),
  });
}

const leadName = (subject: string | undefined) => /— (Lead \d+) \(/.exec(subject ?? '')?.[1];

/** How many times each lead's e-mail arrived. */
function deliveries(smtp: MailServer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.received) {
    const name = leadName(header(mail, 'subject'))!;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

describe('delivery by the server process', { timeout: 120_000 }, () => {
  it('delivers every one of 100 messages queued before a SIGKILL once the server restarts with mail configured', async () => {
    const dir = dataDir();
    const port = await freePort();
    // No SMTP_URL: the leads are acknowledged and their e-mails wait in the outbox.
    const first = await startServer(port, { DATA_DIR: dir });
    const posted = await Promise.all(Array.from({ length: 100 }, (_, index) => postLead(port, index)));
    expect(posted.every((response) => response.status === 201)).toBe(true);
    await first.crash();
    expect(first.output().match(/SMTP_URL is not set/g)).toHaveLength(1);

    const queued = await npmRun('outbox', ['status'], dir);
    expect(queued.code).toBe(0);
    expect(queued.stdout).toMatch(
      /^queued 100, sent 0, failed 0\noldest queued: \d+ s\n#1 queued lead-notification \(lead 1\), 0 attempt\(s\)/,
    );

    const smtp = await mailServer();
    const restartedAt = Date.now();
    const second = await startServer(port, { DATA_DIR: dir, SMTP_URL: smtp.url });
    await smtp.waitFor(100, 60_000);
    const seconds = (Date.now() - restartedAt) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const counts = deliveries(smtp);
    expect(counts.size).toBe(100);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    console.log(
      `SIGKILL with 100 queued: ${counts.size}/100 delivered after restart, ${smtp.received.length - counts.size} duplicates, all within ${seconds.toFixed(1)} s of the restart`,
    );

    const sent = await npmRun('outbox', ['status'], dir);
    expect(sent.stdout).toBe('queued 0, sent 100, failed 0\noldest queued: none\n');
    await second.stop();
  });

  it('loses nothing when killed in the middle of sending: what was in flight is sent again once its lease runs out', async () => {
    const dir = dataDir();
    const port = await freePort();
    const smtp = await mailServer({ delayMs: 40 });
    // A short lease, so the test need not wait five minutes for the messages in flight; long enough for a loaded machine.
    const env = { DATA_DIR: dir, SMTP_URL: smtp.url, OUTBOX_LEASE_SECONDS: '20' };
    const first = await startServer(port, env);
    const posted = await Promise.all(Array.from({ length: 100 }, (_, index) => postLead(port, index)));
    expect(posted.every((response) => response.status === 201)).toBe(true);
    await smtp.waitFor(10, 30_000);
    await first.crash();
    const beforeCrash = smtp.received.length;

    const second = await startServer(port, env);
    // Done when every row is marked sent: the ones in flight at the kill wait for their lease to run out.
    const db = new DatabaseSync(path.join(dir, DATABASE_FILE), { readOnly: true });
    const sentRows = () =>
      (db.prepare("SELECT count(*) AS n FROM outbox WHERE status = 'sent'").get() as { n: number }).n;
    const deadline = Date.now() + 90_000;
    while (sentRows() < 100 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    db.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const counts = deliveries(smtp);
    const duplicates = smtp.received.length - counts.size;
    console.log(
      `SIGKILL while sending: ${beforeCrash} arrived before the kill, ${counts.size}/100 delivered in the end, ${duplicates} sent twice (in flight at the kill)`,
    );
    expect(counts.size).toBe(100);
    // At least once, never zero times: only messages in flight at the kill (a batch at most) may come twice.
    expect(duplicates).toBeLessThanOrEqual(10);
    expect((await npmRun('outbox', ['status'], dir)).stdout).toMatch(/^queued 0, sent 100, failed 0\n/);
    await second.stop();
  });

  it("sends a lead's e-mail within a second: p50 and p99 over 100 leads", async () => {
    const dir = dataDir();
    const port = await freePort();
    const smtp = await mailServer();
    const server = await startServer(port, { DATA_DIR: dir, SMTP_URL: smtp.url, LOG_LEVEL: 'warn' });
    const postedAt = new Map<string, number>();
    for (let index = 0; index < 100; index++) {
      postedAt.set(`Lead ${index}`, Date.now());
      expect((await postLead(port, index)).status).toBe(201);
      await smtp.waitFor(index + 1);
    }
    const latencies = smtp.received
      .map((mail) => mail.at - postedAt.get(leadName(header(mail, 'subject'))!)!)
      .sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `Lead POST to e-mail at the SMTP server, 100 leads: p50 ${p50} ms, p99 ${p99} ms, max ${latencies.at(-1)} ms`,
    );
    expect(latencies).toHaveLength(100);
    expect(p99).toBeLessThan(1000);
    await server.stop();
  });

  it('lets the staff see a failed message and send it again with npm run outbox -- retry', async () => {
    const dir = dataDir();
    const port = await freePort();
    const smtp = await mailServer();
    await smtp.stop();
    const server = await startServer(port, { DATA_DIR: dir, SMTP_URL: smtp.url, OUTBOX_MAX_ATTEMPTS: '1' });
    expect((await postLead(port, 1)).status).toBe(201);
    let status = await npmRun('outbox', ['status'], dir);
    for (let tries = 0; !status.stdout.startsWith('queued 0, sent 0, failed 1') && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await npmRun('outbox', ['status'], dir);
    }
    expect(status.stdout).toMatch(
      /^queued 0, sent 0, failed 1\noldest queued: none\n#1 failed lead-notification \(lead 1\), 1 attempt\(s\), queued \S+, last error: .*ECONNREFUSED/,
    );
    expect(server.output()).toContain('outbox message failed for good');

    await smtp.start();
    const retried = await npmRun('outbox', ['retry', '--failed'], dir);
    expect([retried.code, retried.stdout]).toEqual([0, 'Queued 1 failed message again.\n']);
    // The running server picks it up at its next poll.
    const [mail] = await smtp.waitFor(1, 15_000);
    expect(leadName(header(mail!, 'subject'))).toBe('Lead 1');

    const again = await npmRun('outbox', ['retry', '1'], dir);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('Message #1 was already sent.\n');
    expect(await npmRun('outbox', ['retry', '99'], dir)).toMatchObject({
      code: 1,
      stderr: 'No message #99 in the outbox.\n',
    });
    const usage = await npmRun('outbox', ['retry', 'all'], dir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('"all" is not a message id.');
    expect(usage.stderr).toContain('Usage: npm run --silent outbox -- status');
    await server.stop();
  });
});
