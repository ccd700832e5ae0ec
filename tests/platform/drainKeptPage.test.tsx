import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

import { afterAll, describe, expect, it } from 'vitest';

import { createDrain } from '../../server/http/drain';
import { testApp } from '../support/helpers';

/** A document larger than a loopback socket takes at once, so a reader that does not read leaves bytes unsent. */
const SIZE = 6_000_000;
function Huge() {
  return (
    <html lang="en">
      <body>
        <p>{'x'.repeat(SIZE)}</p>
      </body>
    </html>
  );
}

const drain = createDrain();
const app = testApp({}, { App: Huge, drain });
const server = http.createServer(app);
afterAll(() => {
  server.closeAllConnections();
  server.close();
  app.db.close();
});

/** The page, read whole; its ETag says whether it came from the kept pages. */
async function fetched(port: number) {
  const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'Accept-Encoding': 'identity' } });
  return { etag: answer.headers.get('etag'), length: (await answer.arrayBuffer()).byteLength };
}

describe('a kept page answered before the app, to a reader who has not taken it yet', () => {
  it('keeps the drain waiting until its last byte is sent', { timeout: 60_000 }, async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await expect.poll(async () => (await fetched(port)).etag, { timeout: 50_000, interval: 200 }).not.toBeNull();

    // A reader that asks and then reads nothing: the answer is written at once, most of it left unsent.
    const reader = net.connect(port, '127.0.0.1');
    reader.pause();
    reader.write('GET / HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: identity\r\n\r\n');
    await expect.poll(() => drain.inFlight).toBe(1);
    drain.begin();
    let idle = false;
    const stopped = drain.idle().then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(idle).toBe(false);

    // Once it reads the page to its end, nothing is under way.
    let received = 0;
    reader.on('data', (chunk: Buffer) => (received += chunk.length));
    reader.resume();
    await stopped;
    await expect.poll(() => received).toBeGreaterThan(SIZE);
    reader.destroy();
  });
});
