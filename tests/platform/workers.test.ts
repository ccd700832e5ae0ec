import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import type { ServerProcess } from '../support/serverProcess';
import { freePort, killServers, startServer } from '../support/serverProcess';
import { until } from '../support/waits';

/** The contact form's limit per client and minute (server/leads/routes.ts). */
const MESSAGES_PER_MINUTE = 5;

afterAll(killServers);

/** One request on a connection of its own, so node:cluster hands it to the next worker in turn. */
function ask(port: number, method: string, url: string, body?: string, client = '203.0.113.7') {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client, 'Accept-Encoding': 'identity' },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The processes whose parent is `pid` (the workers of a primary). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // The parent is the fourth field, after the command name in parentheses.
        return Number(fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const count = (text: string, message: string) =>
  text.split('\n').filter((line) => line.includes(`"msg":"${message}"`)).length;

/** A worker process starts in seconds on a loaded machine. */
const PROCESS_START = { timeoutMs: 60_000 };

describe('WEB_CONCURRENCY=2 on SQLite', { timeout: 120_000 }, () => {
  let server: ServerProcess;
  let port: number;

  it('serves from two workers that share the rate limits, and runs the once-only jobs in one of them', async () => {
    port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-workers-'));
    server = await startServer(port, { WEB_CONCURRENCY: '2', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const primary = server.child.pid!;
    await until('both workers to listen', () => count(server.output(), 'listening') === 2, PROCESS_START);
    expect(childrenOf(primary)).toHaveLength(2);

    // Pages, kept ones included, from both.
    for (let i = 0; i < 6; i += 1) {
      const page = await ask(port, 'GET', '/services');
      expect(page.status).toBe(200);
      expect(page.text).toContain('</html>');
    }

    // One client, each post on a new connection (so over both workers): one limit, not one per worker.
    const statuses: number[] = [];
    for (let i = 0; i < MESSAGES_PER_MINUTE + 3; i += 1) {
      const body = JSON.stringify({
        name: `Ana ${i}`,
        email: 'ana@example.com',
        service: 'consultation',
        message: 'A question, please.',
      });
      statuses.push((await ask(port, 'POST', '/api/contact', body)).status);
    }
    expect(statuses).toEqual([...Array(MESSAGES_PER_MINUTE).fill(201), 429, 429, 429]);

    // The retention purge ran once, and DATA_DIR is marked in use by the primary.
    expect(count(server.output(), 'retention purge')).toBe(1);
    const mark = JSON.parse(fs.readFileSync(path.join(dataDir, 'server.alive'), 'utf8')) as { pid: number };
    expect(mark.pid).toBe(primary);
  });

  it('replaces a worker that dies, under its place: worker 1 takes up the once-only jobs again', async () => {
    const primary = server.child.pid!;
    const before = childrenOf(primary);
    // Worker 1 is the one that ran the purge; either way one worker dies and one replaces it.
    for (const pid of before) process.kill(pid, 'SIGKILL');
    await until(
      'two new workers',
      () => {
        const now = childrenOf(primary);
        return now.length === 2 && now.every((pid) => !before.includes(pid));
      },
      PROCESS_START,
    );
    await until('the new workers to listen', () => count(server.output(), 'listening') === 4, PROCESS_START);
    expect(count(server.output(), 'retention purge')).toBe(2);
    expect((await ask(port, 'GET', '/')).status).toBe(200);
  });

  it('drains every worker on SIGTERM and exits 0', async () => {
    const primary = server.child.pid!;
    const workers = childrenOf(primary);
    const exit = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(workers.filter((pid) => fs.existsSync(`/proc/${pid}`))).toEqual([]);
  });
});
