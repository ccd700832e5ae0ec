import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { postgresDatabase } from '../support/engines';
import { guardFields } from '../support/formGuard';
import type { MailServer } from '../support/mailServer';
import { header, startMailServer } from '../support/mailServer';
import { freePort, killServers, startServer } from '../support/serverProcess';

/** The contact form's limit per client and minute (server/leads/routes.ts). */
const MESSAGES_PER_MINUTE = 5;

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** One contact-form post from its own client address (behind the proxy: X-Forwarded-For). */
const postLead = async (port: number, name: string, client: string) =>
  fetch(`http://127.0.0.1:${port}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
    body: JSON.stringify({
      ...(await guardFields(`http://127.0.0.1:${port}`, 'contact')),
      name,
      // One address each: an address posts five times in ten minutes before its posts are held (decision 073).
      email: `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`,
      company: 'Acme',
      service: 'consultation',
      message: `Message from ${name}`,
    }),
  }).then(
    (response) => response.status,
    () => 0, // the connection failed: never acknowledged
  );

const leadName = (mail: MailServer['received'][number]) =>
  /— (\S+ \d+) \(/.exec(header(mail, 'subject') ?? '')?.[1] ?? '';

function countBy(names: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

describe('two instances on one PostgreSQL', { timeout: 300_000 }, () => {
  it('keep every acknowledged lead through a SIGKILL, send each notification once, and share one rate limit', async () => {
    const databaseUrl = await postgresDatabase();
    const smtp = await startMailServer();
    cleanups.push(() => smtp.stop());
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    cleanups.push(() => db.end());
    // A lease well over a send on a loaded machine: at 5 s, 200 sends at once on two busy cores outlasted it, and the
    // other instance sent one again. The crash below waits for A's leases to run out, so shorter is not free either.
    const env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, OUTBOX_LEASE_SECONDS: '20', LOG_LEVEL: 'warn' };
    const start = async () => {
      const port = await freePort();
      return {
        port,
        server: await startServer(port, { ...env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-two-')) }),
      };
    };
    // Started together: the second waits on the migration lock, then finds the schema done.
    const [a, b] = await Promise.all([start(), start()]);

    // The normal path: 200 concurrent leads spread over both.
    const first = await Promise.all(
      Array.from({ length: 200 }, (_, i) => postLead(i % 2 ? a.port : b.port, `Normal ${i}`, `198.51.100.${i % 250}`)),
    );
    expect(first.filter((status) => status === 201)).toHaveLength(200);
    await smtp.waitFor(200, 120_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const normal = countBy(smtp.received.map(leadName).filter((name) => name.startsWith('Normal')));
    expect(normal.size).toBe(200);
    expect([...normal.values()].every((count) => count === 1)).toBe(true);

    // One client over both instances gets one limit, not one per instance.
    const limited: number[] = [];
    for (let i = 0; i < MESSAGES_PER_MINUTE + 3; i++)
      limited.push(await postLead(i % 2 ? a.port : b.port, `Limited ${i}`, '203.0.113.99'));
    expect(limited).toEqual([...Array(MESSAGES_PER_MINUTE).fill(201), 429, 429, 429]);

    // A crash: 200 more leads, half to each, and instance A is SIGKILLed once it has answered a quarter of
    // its own, however fast B answers on a busy machine.
    let answeredByA = 0;
    let killed: Promise<void> | undefined;
    const onA = (status: number) => {
      if (++answeredByA === 25) killed = a.server.crash();
      return status;
    };
    const second = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const posted = postLead(i % 2 ? a.port : b.port, `Crash ${i}`, `192.0.2.${i % 250}`);
        return i % 2 ? posted.then(onA) : posted;
      }),
    );
    await killed;
    const acknowledged = second.flatMap((status, i) => (status === 201 ? [`Crash ${i}`] : []));
    const stored = new Set(
      (await db.query<{ name: string }>("SELECT name FROM leads WHERE name LIKE 'Crash %'")).rows.map(
        (row) => row.name,
      ),
    );
    expect(acknowledged.length).toBeGreaterThan(100);
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);

    // B sends what A had queued, and what A was sending once A's lease runs out: at least once each.
    const crashMails = () => countBy(smtp.received.map(leadName).filter((name) => name.startsWith('Crash')));
    const deadline = Date.now() + 60_000;
    while ([...stored].some((name) => !crashMails().has(name)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const crash = crashMails();
    expect([...stored].filter((name) => !crash.has(name))).toEqual([]);
    const twice = [...crash.values()].filter((count) => count > 1).length;
    console.log(
      `two instances: normal path 200 of 200 leads acknowledged, 200 notifications each sent once; crash: ${acknowledged.length} acknowledged, ${stored.size} stored, all notified, ${twice} sent twice (in flight at the kill)`,
    );
    await b.server.stop();
  });
});
