import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { helmetHeaders } from '../../../server/http/internals/helmetRecorder';

// Canary for server/http/internals/helmetRecorder.ts: helmet 8.3.0's middleware sets fixed headers through
// setHeader and removeHeader alone, reads nothing of the request and calls next at once, so the site reads
// them once (decision 049). A failure here means an upgrade changed that.

/** Options of the kinds security.ts gives: some turned off, some with values of their own. */
const options: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: false,
  strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
};

/** Every call helmet's middleware makes on the response, and whether it called next before returning. */
function calls() {
  const made: string[] = [];
  const res = new Proxy(
    {},
    {
      get: (_target, name) => {
        if (name !== 'setHeader' && name !== 'removeHeader') throw new Error(`helmet read res.${String(name)}`);
        return (header: string, value?: unknown) =>
          made.push(`${name} ${header}${value === undefined ? '' : `: ${String(value)}`}`);
      },
    },
  );
  const req = new Proxy(
    {},
    {
      get: (_target, name) => {
        throw new Error(`helmet read req.${String(name)}`);
      },
    },
  );
  let next = false;
  helmet(options)(req as never, res as never, () => (next = true));
  return { made, next };
}

describe('helmet', () => {
  it('calls only setHeader and removeHeader, reads nothing of the request, and calls next at once', () => {
    const { made, next } = calls();
    expect(next).toBe(true);
    expect(made.length).toBeGreaterThan(5);
    expect(made.every((call) => /^(setHeader|removeHeader) /.test(call))).toBe(true);
  });

  it('makes the same calls on every request', () => {
    expect(calls().made).toEqual(calls().made);
  });

  it('sends on a real answer the headers the recorder read', async () => {
    const app = express();
    app.use(helmet(options));
    app.get('/', (_req, res) => res.send('ok'));
    const answer = await request(app).get('/');
    const read = helmetHeaders(options);
    expect(read.length).toBeGreaterThan(5);
    for (const [name, value] of read) expect(answer.headers[name.toLowerCase()], name).toBe(value);
    expect(answer.headers['x-powered-by']).toBeUndefined();
  });
});
