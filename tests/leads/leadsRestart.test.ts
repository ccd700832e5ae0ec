import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { guardFields } from '../support/formGuard';
import { freePort, killServers, npmRun, startServer } from '../support/serverProcess';

/** Leads posted before the crash; each from its own address so the rate limit lets them all through. */
const LEADS = 25;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-restart-'));
afterAll(() => {
  killServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function lead(index: number) {
  return {
    name: `Restart Lead ${index}`,
    email: `lead${index}@example.com`,
    company: `Company ${index}`,
    phone: `+1 305 555 ${String(index).padStart(4, '0')}`,
    service: 'consultation',
    message: `Message number ${index}, sent just before a crash.`,
  };
}

describe('leads survive a crash', () => {
  it('keeps every acknowledged lead after SIGKILL and a restart on the same data folder', async () => {
    const port = await freePort();
    const first = await startServer(port, { DATA_DIR: dataDir });

    const guard = await guardFields(`http://127.0.0.1:${port}`, 'contact');
    const acknowledged = await Promise.all(
      Array.from({ length: LEADS }, async (_, index) => {
        const response = await fetch(`http://127.0.0.1:${port}/api/contact`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${index + 1}` },
          body: JSON.stringify({ ...guard, ...lead(index) }),
        });
        expect(response.status).toBe(201);
        return index;
      }),
    );
    expect(acknowledged).toHaveLength(LEADS);

    // No graceful shutdown: the process dies at once, as in a crash or an OOM kill.
    await first.crash();
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startServer(port, { DATA_DIR: dataDir });
    const { stdout } = await npmRun('leads', ['export', '--format', 'json'], dataDir);
    const exported = JSON.parse(stdout) as Record<string, string>[];
    expect(exported).toHaveLength(LEADS);
    const byName = new Map(exported.map((row) => [row.name, row]));
    for (let index = 0; index < LEADS; index++) expect(byName.get(lead(index).name)).toMatchObject(lead(index));
    // One distinct hash per sender, and no address kept.
    expect(new Set(exported.map((row) => row.clientHash)).size).toBe(LEADS);
    expect(stdout).not.toContain('203.0.113.');

    await second.stop();

    // The request log shows the posts, never what was in them.
    const logs = first.output() + second.output();
    expect(logs).toContain('"path":"/api/contact"');
    for (const secret of ['Restart Lead', '@example.com', 'Company 0', 'Message number', '203.0.113.'])
      expect(logs).not.toContain(secret);
  }, 60_000);
});
