import express from 'express';
import { describe, expect, it } from 'vitest';

import { acceptsEncoding } from '../../../server/http/internals/acceptsEncoding';

// Canary for server/http/internals/acceptsEncoding.ts: Express 5.3.0's req.acceptsEncodings (accepts 2.0.0)
// reads nothing of the request but its headers, so the kept pages' early answer asks it of a bare
// IncomingMessage (decision 049). A failure here means an upgrade changed what it reads or how it answers.

/** A request that has its headers and nothing else: reading any other field throws. */
const bare = (acceptEncoding?: string) =>
  new Proxy(
    { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
    {
      get: (target, name) => {
        if (name !== 'headers') throw new Error(`read req.${String(name)}`);
        return target.headers;
      },
    },
  );

const asked = (header: string | undefined, encoding: string): unknown =>
  express.request.acceptsEncodings.call(bare(header) as never, encoding);

describe("Express's acceptsEncodings on a bare request", () => {
  it('reads its headers alone, and answers the encoding asked for when accepted, false when not', () => {
    expect(asked('gzip, deflate, br, zstd', 'br')).toBe('br');
    expect(asked('gzip, deflate, br, zstd', 'gzip')).toBe('gzip');
    expect(asked('gzip, deflate', 'br')).toBe(false);
  });

  it('refuses an encoding with q=0, even under "*", and accepts any other under "*"', () => {
    expect(asked('br;q=0, gzip', 'br')).toBe(false);
    expect(asked('*, br;q=0', 'br')).toBe(false);
    expect(asked('*', 'br')).toBe('br');
  });

  it('accepts none but identity without the header or with an empty one', () => {
    for (const header of [undefined, '']) {
      expect(asked(header, 'br')).toBe(false);
      expect(asked(header, 'gzip')).toBe(false);
      expect(asked(header, 'identity')).toBe('identity');
    }
  });
});

describe('acceptsEncoding', () => {
  it('is true where Express answers the encoding itself', () => {
    expect(acceptsEncoding(bare('gzip, br') as never, 'br')).toBe(true);
    expect(acceptsEncoding(bare('gzip;q=0') as never, 'gzip')).toBe(false);
  });
});
