// Express 5.3.0 (accepts 2.0.0, negotiator 1.1.0): `req.acceptsEncodings(encoding)` reads nothing of the
// request but `this.headers`, so Express's own negotiation serves a bare IncomingMessage before Express has
// made it a Request (the kept pages' early answer, decision 049). Express documents it for its Request only;
// tests/platform/internals/acceptsEncoding.test.ts fails when that changes.
import type { IncomingMessage } from 'node:http';

import type { Request } from 'express';
import express from 'express';

const { acceptsEncodings } = express.request;

/** Whether the request's Accept-Encoding accepts `encoding`, as Express reads it (q=0 refuses; no header: identity only). */
export const acceptsEncoding = (req: IncomingMessage, encoding: string): boolean =>
  acceptsEncodings.call(req as Request, encoding) === encoding;
