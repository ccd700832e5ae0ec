import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

import type { AppConfig } from '../config';
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

/** What an answer calls to allow its own inline style (see allowPageStyle), or to run no script at all (see forbidScripts). */
interface PolicyLocals {
  allowStyle?: (hash: string) => void;
  forbidScripts?: () => void;
}

/**
 * Every asset is same-origin, so the policy needs no nonce and no 'unsafe-*'.
 * The page's two inline blocks, the client entry (one module script, the same
 * on every page) and its critical CSS, are allowed by their sha256 hashes from
 * the build, never by a nonce, so every visitor gets the same cacheable page.
 * A page allows its own critical CSS only (allowPageStyle): no other page's,
 * and the policy stays small enough for the HTML's first round trip. Any other
 * inline script, and inline style attributes, stay blocked.
 */
export function securityHeaders(config: Pick<AppConfig, 'siteUrl'>, assets?: AssetSource): RequestHandler[] {
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
  // One text per page style for a deploy, written once, not on every answer. Development reads a new
  // manifest on each use, so there the texts are written again and follow every rebuild.
  let kept = new Map<string, string>();
  let keptFor: BuildManifest | undefined;
  const policyAllowing = (style: string, scripts = true) => {
    const build = assets?.();
    if (build !== keptFor) {
      kept = new Map();
      keptFor = build;
    }
    const key = `${scripts}${style}`;
    let text = kept.get(key);
    if (text === undefined) {
      text = policy(build, style ? [style] : [], scripts);
      kept.set(key, text);
    }
    return text;
  };
  const contentSecurity: RequestHandler = (_req, res, next) => {
    res.setHeader(CSP, policyAllowing(''));
    (res.locals as PolicyLocals).allowStyle = (hash) => res.setHeader(CSP, policyAllowing(`'${hash}'`));
    (res.locals as PolicyLocals).forbidScripts = () => res.setHeader(CSP, policyAllowing('', false));
    next();
  };
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: false,
    // HSTS only means something over HTTPS; on plain HTTP it would be ignored or wrong.
    strictTransportSecurity: https ? { maxAge: 63072000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // No other window keeps a handle on the page (cross-window attacks, leaks). Its one measured cost, in
    // Lighthouse's lab only, is in docs/decisions/015-coop-same-origin-cost.md.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  return [headers, contentSecurity, permissions];
}

/** A page's answer allows its critical CSS by the hash the build recorded for it. */
export function allowPageStyle(res: Response, hash: string): void {
  (res.locals as PolicyLocals).allowStyle?.(hash);
}

/** An answer that carries no script (the staff console) tells the browser to run none: script-src 'none'. */
export function forbidScripts(res: Response): void {
  (res.locals as PolicyLocals).forbidScripts?.();
}
