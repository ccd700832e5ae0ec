import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { StoredEncoding } from '../../http/contentEncoding';
import { compressStored, storedEncoding } from '../../http/contentEncoding';
import type { PageHeaders } from '../pageHeaders';

/**
 * One encoding of a kept page: its bytes and every header it goes out with, flat, ready for writeHead, the
 * last pair `X-Request-Id` and a slot for the request's id (decision 056: no copy of the list per answer).
 */
interface Representation {
  body: Buffer;
  headers: string[];
  /** The headers of a 304 for it: the same, less its length. */
  notModified: string[];
}

/** The name and the slot every representation's headers end with: the id differs on each answer. */
const REQUEST_ID_SLOT = ['X-Request-Id', ''] as const;

/** A finished page in each encoding a browser may ask for, compressed once, its headers prepared once. */
export interface KeptPage {
  status: number;
  /** The page's hash; each encoding's ETag adds its name, as each is a representation of its own. */
  hash: string;
  br: Representation;
  gzip: Representation;
  identity: Representation;
}

const flat = (headers: ReadonlyArray<readonly [string, string]>) => headers.flat();

/** A representation of its body, its headers and its 304's headers (each flat), the request id's slot added to both. */
export const prepared = (body: Buffer, headers: string[], notModified: string[]): Representation => ({
  body,
  headers: [...headers, ...REQUEST_ID_SLOT],
  notModified: [...notModified, ...REQUEST_ID_SLOT],
});

/**
 * A finished page, kept: compressed the way build.mjs compresses the static files, once, at the highest
 * levels, and each encoding's headers prepared with what describes its bytes (decision 049).
 */
export async function keptPage(status: number, html: Buffer, headers: ReturnType<PageHeaders>): Promise<KeptPage> {
  const { br, gzip } = await compressStored(html);
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
  const representation = (body: Buffer, encoding: StoredEncoding | undefined, suffix: string): Representation => {
    // A 304 names its representation's encoding too: the app's compression would otherwise add one.
    const described = [
      ...headers,
      ['Vary', 'Accept-Encoding'],
      ['ETag', `"${hash}${suffix}"`],
      ...(encoding ? [['Content-Encoding', encoding] as const] : []),
    ] as const;
    return prepared(body, flat([...described, ['Content-Length', String(body.length)]]), flat(described));
  };
  return {
    status,
    hash,
    br: representation(br, 'br', '-br'),
    gzip: representation(gzip, 'gzip', '-gz'),
    identity: representation(html, undefined, ''),
  };
}

/**
 * True when the request's If-None-Match names any representation of this page. Only a 200 can be: a
 * precondition is ignored when the answer would not be 2xx (RFC 9110 §13.2.1), so a kept not-found page is
 * always its 404 (decision 064).
 */
function isFresh(req: IncomingMessage, page: KeptPage): boolean {
  if (page.status !== 200) return false;
  const tags = req.headers['if-none-match'];
  return tags !== undefined && (tags.trim() === '*' || tags.includes(`"${page.hash}`));
}

/**
 * The one way a kept page is sent, as a static server sends a precompressed file: the encoding the
 * browser accepts, chosen per request (Vary), an ETag and a 304 on revalidation; Node sends a HEAD its
 * headers alone. Its prepared headers, the request's id in their last slot, go out in one writeHead: before
 * the app (decision 049) they are all the answer has; in the app, writeHead replaces what the app set with
 * them, its id too, in their order (compression's wrapper as Node does), so both answers are the same, and
 * compression, seeing Content-Encoding, leaves the bytes alone. Returns the bytes of the body sent, if any.
 */
export function sendKeptPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: KeptPage,
  requestId: string,
): number | undefined {
  const representation = page[storedEncoding(req) ?? 'identity'];
  const fresh = isFresh(req, page);
  const headers = fresh ? representation.notModified : representation.headers;
  // writeHead reads the list before it returns, so one list serves every answer, with no copy each time.
  headers[headers.length - 1] = requestId;
  res.writeHead(fresh ? 304 : page.status, headers);
  if (fresh) {
    res.end();
    return undefined;
  }
  res.end(representation.body);
  return representation.body.length;
}
