import net from 'node:net';

/**
 * A client that sends a request's headers and part of its body, then nothing: what the server answers before it
 * closes the connection, and how long it kept it open (ms), for the bench's figure.
 */
export async function stalledRequest(port: number): Promise<{ answer: string; heldMs: number }> {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const openedAt = performance.now();
  socket.write(
    'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"Slow',
  );
  await new Promise((resolve) => socket.on('close', resolve));
  return { answer, heldMs: performance.now() - openedAt };
}
