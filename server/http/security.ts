import type { RequestHandler, Response } from 'express';

import type { AppConfig } from '../config';
import { helmetHeaders } from './internals/helmetRecorder';
import type { AssetSource, BuildManifest } from './manifest';
import { inlineSources } from './manifest';

/** Browser features the site never uses, turned off for it and for anything it might embed. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay=(self)',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => (feature.includes('=') ? feature : `${feature}=()`))
  .join(', ');

const CSP = 'Content-Security-Policy';
const OPENER = 'Cross-Origin-Opener-Policy';

/** Headers as name and value, in the order they are sent. */
export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/** What an answer calls to run no script at all (see forbidScripts). */
interface PolicyLocals {
  forbidScripts?: () => void;
  allowOwnScripts?: () => void;
}

/**
 * The site's protective headers: a middleware that puts them on every answer, and `headersFor`, the same
 * headers for an answer whose policy allows one inline style (a page's critical CSS), which the pages
 * send (server/pages/pageHeaders.ts). Only an answer that holds someone's data is `isolated` from other
 * windows: a page the same for every visitor holds nothing to keep from them (decision 102).
 */
export type SecurityHeaders = RequestHandler & { headersFor(styleHash: string, isolated: boolean): HeaderList };

/**
 * Every asset is same-origin, so the policy needs no nonce and no 'unsafe-*'.
 * The page's two inline blocks, the client entry (one module script, the same
 * on every page) and its critical CSS, are allowed by their sha256 hashes from
 * the build, never by a nonce, so every visitor gets the same cacheable page.
 * A page allows its own critical CSS only (headersFor): no other page's,
 * and the policy stays small enough for the HTML's first round trip. Any other
 * inline script, and inline style attributes, stay blocked.
 */
export function securityHeaders(config: Pick<AppConfig, 'siteUrl'>, assets?: AssetSource): SecurityHeaders {
  const https = config.siteUrl.startsWith('https:');
  // Without a build (a test of the headers alone), no inline script is allowed.
  const policy = (build: BuildManifest | undefined, styles: string[], scripts: boolean) =>
    [
      ['default-src', "'self'"],
      scripts ? ['script-src', "'self'", ...(build ? inlineSources(build).script : [])] : ['script-src', "'none'"],
      ['style-src', "'self'", ...styles],
      ['img-src', "'self'", 'data:'],
      ['font-src', "'self'"],
      ['media-src', "'self'"],
      ['connect-src', "'self'"],
      ['manifest-src', "'self'"],
      ['object-src', "'none'"],
      ['base-uri', "'self'"],
      ['form-action', "'self'"],
      ['frame-ancestors', "'none'"],
      ...(https ? [['upgrade-insecure-requests']] : []),
    ]
      .map((directive) => directive.join(' '))
      .join(';');
  // helmet's headers are fixed for a configuration: read once (decision 049), and set in one loop below.
  const fixed: HeaderList = helmetHeaders({
    contentSecurityPolicy: false,
    // HSTS only means something over HTTPS; on plain HTTP it would be ignored or wrong.
    strictTransportSecurity: https ? { maxAge: 63072000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // No other window keeps a handle on an answer (cross-window attacks, leaks): the console's, a page with
    // what a visitor typed. A page the same for every visitor asks for no new renderer instead (decision 102).
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // One list per page style for a deploy, written once, not on every answer. Development reads a new
  // manifest on each use, so there the lists are written again and follow every rebuild.
  let kept = new Map<string, HeaderList>();
  let keptFor: BuildManifest | undefined;
  const headersAllowing = (style: string, { scripts = true, isolated = true } = {}): HeaderList => {
    const build = assets?.();
    if (build !== keptFor) {
      kept = new Map();
      keptFor = build;
    }
    const key = `${scripts}${isolated}${style}`;
    let list = kept.get(key);
    if (list === undefined) {
      list = [
        // Named, not left out: the value replaces the one the middleware set before the page was known.
        ...fixed.map(([name, value]) => [name, !isolated && name === OPENER ? 'unsafe-none' : value] as const),
        [CSP, policy(build, style ? [`'${style}'`] : [], scripts)],
        ['Permissions-Policy', PERMISSIONS_POLICY],
      ];
      kept.set(key, list);
    }
    return list;
  };
  const handler: RequestHandler = (_req, res, next) => {
    for (const [name, value] of headersAllowing('')) res.setHeader(name, value);
    (res.locals as PolicyLocals).forbidScripts = () => {
      for (const [name, value] of headersAllowing('', { scripts: false })) if (name === CSP) res.setHeader(name, value);
    };
    (res.locals as PolicyLocals).allowOwnScripts = () => {
      for (const [name, value] of headersAllowing('')) if (name === CSP) res.setHeader(name, value);
    };
    next();
  };
  return Object.assign(handler, {
    headersFor: (styleHash: string, isolated: boolean) => headersAllowing(styleHash, { isolated }),
  });
}

/** An answer that carries no script (the staff console) tells the browser to run none: script-src 'none'. */
export function forbidScripts(res: Response): void {
  (res.locals as PolicyLocals).forbidScripts?.();
}

/** A console page that runs the site's own script file (the article editor) is allowed it again: script-src 'self'. */
export function allowOwnScripts(res: Response): void {
  (res.locals as PolicyLocals).allowOwnScripts?.();
}
