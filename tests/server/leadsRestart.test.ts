import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/** Leads posted before the crash; each from its own address so the rate limit lets them all through. */
const LEADS = 25;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-restart-'));
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the built server as production does (`node dist/server.js`) and waits until it answers. */
async function startServer(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', TRUST_PROXY: '1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited: ${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, output: () => output };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not start: ${output}`);
}

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
    const first = await startServer(port);

    const acknowledged = await Promise.all(
      Array.from({ length: LEADS }, async (_, index) => {
        const response = await fetch(`http://127.0.0.1:${port}/api/contact`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${index + 1}` },
          body: JSON.stringify(lead(index)),
        });
        expect(response.status).toBe(201);
        return index;
      }),
    );
    expect(acknowledged).toHaveLength(LEADS);

    // No graceful shutdown: the process dies at once, as in a crash or an OOM kill.
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startServer(port);
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'leads', '--', 'export', '--format', 'json'], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    const exported = JSON.parse(stdout) as Record<string, string>[];
    expect(exported).toHaveLength(LEADS);
    const byName = new Map(exported.map((row) => [row.name, row]));
    for (let index = 0; index < LEADS; index++) expect(byName.get(lead(index).name)).toMatchObject(lead(index));
    // One distinct hash per sender, and no address kept.
    expect(new Set(exported.map((row) => row.clientHash)).size).toBe(LEADS);
    expect(stdout).not.toContain('203.0.113.');

    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));

    // The request log shows the posts, never what was in them.
    const logs = first.output() + second.output();
    expect(logs).toContain('"path":"/api/contact"');
    for (const secret of ['Restart Lead', '@example.com', 'Company 0', 'Message number', '203.0.113.']) expect(logs).not.toContain(secret);
  }, 60_000);
});
