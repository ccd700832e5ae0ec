import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { SERVER_ARGS, SERVER_ENV } from '../support/serverCommand';
import { freePort } from '../support/serverProcess';

/** Runs the built production entry, as `npm start` and the container do. */
function startServer(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      ...SERVER_ENV,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-life-')),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitForHealth(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy');
}

describe('the server process', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'drains and exits 0 on %s, without waiting on idle keep-alive connections',
    { timeout: 20_000 },
    async (signal) => {
      // A free port: a server left over from an interrupted run must not answer for this one.
      const port = await freePort();
      const server = startServer({ PORT: String(port), LOG_LEVEL: 'info' });
      await waitForHealth(port);
      // fetch keeps its connection open after the answer: an idle connection the drain must close itself.
      const page = await fetch(`http://127.0.0.1:${port}/services`);
      expect(page.status).toBe(200);
      await page.text();
      server.child.kill(signal);
      // A drain that waited on the idle connection would wait out its 65 s keep-alive, past this test's 20 s.
      // How soon it exits is measured by `npm run bench -- --only=timings`.
      expect(await server.exited).toBe(0);
      const lines = server
        .output()
        .stdout.trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg: string });
      expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['listening', 'draining', 'stopped']));
      // Once stopped it accepts nothing more.
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    },
  );

  it('refuses to start on an invalid setting, with one line that names it', { timeout: 10_000 }, async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid PORT="eighty"/);
  });
});
