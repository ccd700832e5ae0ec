import net from 'node:net';

import { afterAll, describe, expect, it } from 'vitest';

import { createHttpServer, HTTP_TIMEOUTS } from '../../server/http/httpServer';
import { testApp } from '../support/helpers';

const app = testApp();
const server = createHttpServer(app);
afterAll(async () => {
  server.close();
  await app.db.close();
});

describe('HTTP time-outs', { timeout: 30_000 }, () => {
  it('are seconds, with keep-alive above the proxy’s 60 s', () => {
    expect(HTTP_TIMEOUTS.headersTimeout).toBeLessThanOrEqual(10_000);
    expect(HTTP_TIMEOUTS.requestTimeout).toBeLessThanOrEqual(15_000);
    expect(server.requestTimeout).toBe(HTTP_TIMEOUTS.requestTimeout);
    expect(server.headersTimeout).toBe(HTTP_TIMEOUTS.headersTimeout);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
  });

  it('close a connection that sends a partial body and then nothing', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const openedAt = Date.now();
    socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"Slow',
    );
    await new Promise((resolve) => socket.on('close', resolve));
    const heldMs = Date.now() - openedAt;
    expect(heldMs).toBeGreaterThanOrEqual(HTTP_TIMEOUTS.requestTimeout - 1_000);
    expect(heldMs).toBeLessThan(HTTP_TIMEOUTS.requestTimeout + 3_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
