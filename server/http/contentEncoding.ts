import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

import { acceptsEncoding } from './internals/acceptsEncoding';

/** The encodings the server keeps ready beside a page or a file, smallest first. */
const STORED_ENCODINGS = ['br', 'gzip'] as const;
export type StoredEncoding = (typeof STORED_ENCODINGS)[number];

/** Distinct Accept-Encoding values remembered; browsers send a handful, and a flood of made-up ones just starts over. */
const REMEMBERED_HEADERS = 64;
const chosen = new Map<string, StoredEncoding | undefined>();

/**
 * The smallest stored encoding the client accepts, or undefined for none (send the bytes as they are).
 * Browsers send "gzip, deflate, br, zstd", every coding at the same weight, and Express breaks such a
 * tie by the client's order, which would send gzip, a sixth larger than brotli. As nginx's
 * brotli_static and gzip_static do (and the compression middleware, for what it compresses), the
 * server's order decides among the encodings the client accepts; one refused with q=0 is never sent.
 * The header is parsed by Express's own negotiation (internals/acceptsEncoding.ts: a bare request will do),
 * once per distinct value: a kept page's answer then costs a lookup (decision 049).
 */
export function storedEncoding(req: IncomingMessage): StoredEncoding | undefined {
  const header = req.headers['accept-encoding'] ?? '';
  if (chosen.has(header)) return chosen.get(header);
  const encoding = STORED_ENCODINGS.find((candidate) => acceptsEncoding(req, candidate));
  if (chosen.size >= REMEMBERED_HEADERS) chosen.clear();
  chosen.set(header, encoding);
  return encoding;
}

/**
 * What compresses an answer as it streams (the compression middleware: a page's first render, the API, the
 * console): brotli at its quality 4 with a 256 KB window, four times the largest page. At brotli's default window
 * (4 MB) each stream's encoder took a 4 MB ring buffer from the native heap, which glibc kept once freed
 * (decision 094); a window larger than the answer compresses it no better.
 */
export const STREAM_COMPRESSION = {
  brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
} as const satisfies { brotli: zlib.BrotliOptions };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Bytes in each stored encoding, compressed once at the highest levels, since they are sent many
 * times: the build's static files (build.mjs) and the kept pages alike.
 */
export async function compressStored(bytes: Buffer): Promise<Record<StoredEncoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}
