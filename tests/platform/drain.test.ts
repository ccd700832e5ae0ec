import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { freePort, killServers, startServer } from '../support/serverProcess';

afterAll(killServers);

/** One request on a fresh connection; resolves with its status, headers and body. */
function get(
  port: number,
  urlPath: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('the drain after SIGTERM, on the real server process', () => {
  it('lets a request under way finish, answers 503 to /readyz and to new requests, then exits 0', async () => {
    const port = await freePort();
    const server = await startServer(port, { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-drain-')) });
    expect((await get(port, '/readyz')).status).toBe(200);

    // A newsletter sign-up whose body arrives slowly: under way when the signal comes.
    const body = JSON.stringify({ email: 'slow@example.com' });
    const slow = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/subscribe',
      agent: false,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      slow.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      slow.on('error', reject);
    });
    slow.write(body.slice(0, 5));
    // Time for the headers to reach the app, which counts the request as under way.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    // The signal is handled once the log says so.
    for (let i = 0; i < 50 && !server.output().includes('"msg":"draining"'); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.output()).toContain('"inFlight":1');

    const ready = await get(port, '/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'draining' });
    expect(ready.headers.connection).toBe('close');
    const page = await get(port, '/services');
    expect(page.status).toBe(503);
    expect(page.headers.connection).toBe('close');
    expect(page.headers['retry-after']).toBe('1');
    expect(server.child.exitCode).toBeNull();

    // The request under way completes as if nothing happened.
    slow.end(body.slice(5));
    expect(await answered).toEqual({ status: 202, body: JSON.stringify({ status: 'pending' }) });
    expect(await exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    await expect(get(port, '/healthz')).rejects.toThrow();
  });
});
