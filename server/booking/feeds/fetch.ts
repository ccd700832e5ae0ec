/**
 * Reads a person's calendar feed (decision 088) without letting its URL reach inside the lab's network: http(s)
 * only, every address the name resolves to checked at connect time (so a name that changes its answer between a
 * check and the connection gains nothing), no redirect followed, a time-out and a size bound. `allowPrivate` is
 * for tests, whose feeds a local server serves (BOOKING_FEEDS_ALLOW_PRIVATE, refused in production).
 */
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

const FEED_TIMEOUT_MS = 10_000;
const FEED_MAX_BYTES = 2 * 1024 * 1024;

/** Addresses no feed may be read from: loopback, private, link-local, carrier-grade NAT, unspecified, multicast. */
const inside = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  inside.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  inside.addSubnet(network, prefix, 'ipv6');

function isInside(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return inside.check(mapped, 'ipv4');
  const family = isIP(address);
  return family === 0 || inside.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a URL may not be read, or undefined when it may. */
export function urlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'only http:// and https:// feeds are read';
  if (url.username || url.password) return 'a feed URL carries no user name or password';
  return undefined;
}

export class FeedError extends Error {}

/** The feed's text; throws a FeedError saying why not (never naming the URL, which is a secret). */
export function fetchFeed(text: string, { allowPrivate = false } = {}): Promise<string> {
  const problem = urlProblem(text);
  if (problem) return Promise.reject(new FeedError(problem));
  const url = new URL(text);
  const checkedLookup = (
    hostname: string,
    options: object,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) =>
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = !allowPrivate && addresses.some(({ address }) => isInside(address));
      if (refused) return callback(new FeedError('the feed’s address is inside a private network'), []);
      callback(null, addresses);
    });
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? https.get : http.get;
    const request = get(url, { lookup: checkedLookup, timeout: FEED_TIMEOUT_MS, headers: { Accept: 'text/calendar' } });
    // A literal address is never looked up: it is checked here.
    if (isIP(url.hostname.replace(/^\[|\]$/g, '')) && !allowPrivate && isInside(url.hostname.replace(/^\[|\]$/g, ''))) {
      request.destroy(new FeedError('the feed’s address is inside a private network'));
    }
    const timer = setTimeout(() => request.destroy(new FeedError('no answer in time')), FEED_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new FeedError('no answer in time')));
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(
        error instanceof FeedError
          ? error
          : new FeedError(`could not be read (${(error as { code?: string }).code ?? 'error'})`),
      );
    });
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        request.destroy(new FeedError(`answered ${response.statusCode}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > FEED_MAX_BYTES) request.destroy(new FeedError(`larger than ${FEED_MAX_BYTES / 1024 / 1024} MB`));
        else chunks.push(chunk);
      });
      response.on('end', () => {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
      response.on('error', (error) => request.destroy(error));
    });
  });
}
