import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { freePort, killServers, startServer } from '../support/serverProcess';

afterAll(killServers);

const TOKEN = 'process-errors-metrics-token-0123456789abcdef';
const fault = pathToFileURL(path.resolve('tests/support/processFault.mjs')).href;

/** The real server, with the test's fault preloaded: SIGUSR2 raises `kind` outside any request. */
const faultyServer = async (kind: 'exception' | 'rejection') => {
  const port = await freePort();
  const server = await startServer(port, {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-fault-')),
    METRICS_TOKEN: TOKEN,
    NODE_OPTIONS: `--import=${fault}`,
    PROCESS_FAULT: kind,
  });
  return { port, server };
};

/** The JSON log lines written so far with this message. */
const linesWith = (output: string, msg: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string; stack: string } })
    .filter((line) => line.msg === msg);

const waitFor = async (done: () => boolean) => {
  for (let i = 0; i < 100 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe('errors outside any request, on the real server process', () => {
  it('logs an uncaught exception once with its stack and no address, then exits non-zero', async () => {
    const { server } = await faultyServer('exception');
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGUSR2');
    expect(await exited).toBe(1);
    const [line, ...more] = linesWith(server.output(), 'uncaught exception, exiting');
    expect(more).toEqual([]);
    expect(line!.level).toBe(60);
    expect(line!.err!.message).toBe('Fault injected by the test for [address]');
    expect(line!.err!.stack).toContain('processFault.mjs');
    expect(server.output()).not.toContain('someone@example.com');
  });

  it('logs and counts a rejection nobody handled, and keeps serving', async () => {
    const { port, server } = await faultyServer('rejection');
    server.child.kill('SIGUSR2');
    await waitFor(() => linesWith(server.output(), 'unhandled promise rejection').length > 0);
    const [line, ...more] = linesWith(server.output(), 'unhandled promise rejection');
    expect(more).toEqual([]);
    expect(line!.err!.stack).toContain('processFault.mjs');
    expect(server.output()).not.toContain('someone@example.com');
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(await metrics.text()).toContain('http_unhandled_errors_total{where="process"} 1');
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    await server.stop();
    expect(server.child.exitCode).toBe(0);
  });
});
