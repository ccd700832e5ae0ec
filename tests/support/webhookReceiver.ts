import http from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyWebhookSignature,
} from '../../server/outbox/webhook';

export interface ReceivedPost {
  body: string;
  delivery: string | undefined;
}

/**
 * A real HTTP receiver, as a CRM or chat tool would run it: it checks every
 * post with the reference verifyWebhookSignature and answers 401 to a bad
 * signature, 204 to a good one (whose body it keeps). On `port` when given: a receiver started again where it was.
 */
export async function startWebhookReceiver(secret: string, port = 0) {
  const accepted: ReceivedPost[] = [];
  let rejected = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const ok = verifyWebhookSignature(secret, {
        body,
        timestamp: req.headers[TIMESTAMP_HEADER] as string | undefined,
        deliveryId: req.headers[DELIVERY_HEADER] as string | undefined,
        signature: req.headers[SIGNATURE_HEADER] as string | undefined,
      });
      if (!ok) {
        rejected += 1;
        res.writeHead(401).end();
        return;
      }
      accepted.push({ body, delivery: req.headers[DELIVERY_HEADER] as string | undefined });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/hooks/leads`,
    port: bound,
    accepted,
    get rejected() {
      return rejected;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
