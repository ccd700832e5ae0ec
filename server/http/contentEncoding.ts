import type { Request } from 'express';

/** The encodings the server keeps ready beside a page or a file, smallest first. */
const STORED_ENCODINGS = ['br', 'gzip'] as const;
export type StoredEncoding = (typeof STORED_ENCODINGS)[number];

/**
 * The smallest stored encoding the client accepts, or undefined for none (send the bytes as they are).
 * Browsers send "gzip, deflate, br, zstd", every coding at the same weight, and Express breaks such a
 * tie by the client's order, which would send gzip, a sixth larger than brotli. As nginx's
 * brotli_static and gzip_static do (and the compression middleware, for what it compresses), the
 * server's order decides among the encodings the client accepts; one refused with q=0 is never sent.
 */
export function storedEncoding(req: Request): StoredEncoding | undefined {
  return STORED_ENCODINGS.find((encoding) => req.acceptsEncodings(encoding) === encoding);
}
