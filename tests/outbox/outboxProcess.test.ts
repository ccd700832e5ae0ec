import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import { afterAll, describe, expect, it } from 'vitest';

import { DATABASE_FILE } from '../../server/db';
import { leadName, postLead } from '../support/contactPosts';
import type { MailServer } from '../support/mailServer';
import { header, startMailServer } from '../support/mailServer';
import { freePort, killServers, npmRun, startServer } from '../support/serverProcess';
import { until } from '../support/waits';

/**
 * Delivery by the real server process (`node dist/server.js`) to a real SMTP
 * server: through a crash and with the staff's outbox command. How fast a lead's e-mail goes is measured
 * by `npm run bench -- --only=timings`; that a stored lead wakes the worker is in outbox.test.ts.
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

/** How many times each lead's e-mail arrived. */
function deliveries(smtp: MailServer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.received) {
    const name = leadName(header(mail, 'subject'))!;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

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
    // Stopped, it has ended the sends under way (SIGTERM waits for them): what came is all that comes.
    await second.stop();
    const counts = deliveries(smtp);
    expect(counts.size).toBe(100);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    console.log(
      `SIGKILL with 100 queued: ${counts.size}/100 delivered after restart, ${smtp.received.length - counts.size} duplicates, all within ${seconds.toFixed(1)} s of the restart`,
    );

    const sent = await npmRun('outbox', ['status'], dir);
    expect(sent.stdout).toBe('queued 0, sent 100, failed 0\noldest queued: none\n');
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
    await until('every message marked sent', () => sentRows() === 100, { timeoutMs: 90_000, everyMs: 200 });
    db.close();
    await second.stop();
    const counts = deliveries(smtp);
    const duplicates = smtp.received.length - counts.size;
    console.log(
      `SIGKILL while sending: ${beforeCrash} arrived before the kill, ${counts.size}/100 delivered in the end, ${duplicates} sent twice (in flight at the kill)`,
    );
    expect(counts.size).toBe(100);
    // At least once, never zero times: only messages in flight at the kill (a batch at most) may come twice.
    expect(duplicates).toBeLessThanOrEqual(10);
    expect((await npmRun('outbox', ['status'], dir)).stdout).toMatch(/^queued 0, sent 100, failed 0\n/);
  });

  it('lets the staff see a failed message and send it again with npm run outbox -- retry', async () => {
    const dir = dataDir();
    const port = await freePort();
    // The mail server refuses the site (a 5xx to MAIL FROM) rather than going away: a port it let go of could be
    // another test's by the time the message is sent.
    let refusing = true;
    const smtp = await mailServer({ refusesSender: () => refusing });
    const server = await startServer(port, { DATA_DIR: dir, SMTP_URL: smtp.url, OUTBOX_MAX_ATTEMPTS: '1' });
    expect((await postLead(port, 1)).status).toBe(201);
    let status = await npmRun('outbox', ['status'], dir);
    for (let tries = 0; !status.stdout.startsWith('queued 0, sent 0, failed 1') && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await npmRun('outbox', ['status'], dir);
    }
    expect(status.stdout).toMatch(
      /^queued 0, sent 0, failed 1\noldest queued: none\n#1 failed lead-notification \(lead 1\), 1 attempt\(s\), queued \S+, last error: .*550/,
    );
    expect(server.output()).toContain('outbox message failed for good');

    refusing = false;
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
