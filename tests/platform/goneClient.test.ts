import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

import { afterAll, expect, it } from 'vitest';

import { capturedLogger } from '../support/capturedLog';
import { TEST_SITE_URL, testApp } from '../support/helpers';

const log = capturedLogger();
const app = testApp({}, { logger: log.logger });
/** Every answer the app gave, whether or not its client was still there to read it. */
const answers: ServerResponse[] = [];
const server = http
  .createServer((req, res) => {
    answers.push(res);
    app(req, res);
  })
  .listen(0, '127.0.0.1');
afterAll(() => {
  server.close();
  app.db.close();
});

/** A post whose client closes the connection as soon as it is written, as a closing tab's beacon may. */
const postThenHangUp = (path: string, body: string) =>
  new Promise<void>((resolve, reject) => {
    const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1', () => {
      const head = [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', `Origin: ${TEST_SITE_URL}`];
      const type = 'Content-Type: text/plain;charset=UTF-8';
      socket.end([...head, type, `Content-Length: ${Buffer.byteLength(body)}`, '', body].join('\r\n'), () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on('error', reject);
  });

it('answers a post whose client hung up before it was read as a client error, and logs no error', async () => {
  if (!server.listening) await once(server, 'listening');
  const beacon = JSON.stringify({ page: '/services', metrics: [{ name: 'LCP', value: 900, rating: 'good' }] });
  for (let sent = 0; sent < 3; sent += 1) await postThenHangUp('/api/vitals', beacon);
  await expect.poll(() => answers.filter((res) => res.writableEnded).length, { timeout: 10_000 }).toBe(3);
  // Such a request has no address left, which the per-client limit keys on: it failed there, a 500 with an error logged.
  expect(answers.map((res) => res.statusCode)).toEqual([400, 400, 400]);
  expect(log.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
});
