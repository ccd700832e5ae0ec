import type net from 'node:net';

import { afterAll, describe, expect, it } from 'vitest';

import { createHttpServer, HTTP_TIMEOUTS } from '../../server/http/httpServer';
import { testApp } from '../support/helpers';
import { stalledRequest } from '../support/stalledRequest';

const app = testApp();
const server = createHttpServer(app);
afterAll(async () => {
  server.close();
  await app.db.close();
});

describe('HTTP time-outs', { timeout: 30_000 }, () => {
  it('are seconds, checked every second, with keep-alive above the proxy’s 60 s', () => {
    expect(HTTP_TIMEOUTS.headersTimeout).toBeLessThanOrEqual(10_000);
    expect(HTTP_TIMEOUTS.requestTimeout).toBeLessThanOrEqual(15_000);
    expect(server.requestTimeout).toBe(HTTP_TIMEOUTS.requestTimeout);
    expect(server.headersTimeout).toBe(HTTP_TIMEOUTS.headersTimeout);
    // Node looks for expired requests this often (30 s unless told): a time-out fires within it of its time.
    // (A property of Node's server that @types/node leaves out.)
    const checking = (server as typeof server & { connectionsCheckingInterval: number }).connectionsCheckingInterval;
    expect(checking).toBe(HTTP_TIMEOUTS.connectionsCheckingInterval);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
  });

  // Its headers are whole, so the request time-out is what answers 408. How long the connection was held is
  // measured by `npm run bench -- --only=timings`.
  it('close a connection that sends a partial body and then nothing, answering 408', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const { answer } = await stalledRequest(port);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
