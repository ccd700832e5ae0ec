// Mozilla HTTP Observatory's scoring (github.com/mdn/mdn-http-observatory: src/scanner/index.js,
// src/grader/charts.js, src/analyzer/tests/*.js), for one fetched page. The same ten tests, the same
// modifiers: start at 100, add every penalty, and add the bonuses only when the penalties alone
// leave 90 or more. Not modelled: the HSTS preload list (a local name is never on it), the
// crossdomain.xml / clientaccesspolicy.xml files of the CORS test, and policies in <meta http-equiv>
// (the site sends its policies as headers).

/** What a scan of one site saw. Header names are lowercase; each holds every value received. */
export interface ObservedSite {
  /** The final HTTPS page after the redirects. */
  url: URL;
  headers: Record<string, string[]>;
  html: string;
  /** The Location of each redirect from the http:// address, in order; empty when none. */
  redirects: string[];
  /** The http:// address answered at all. */
  httpAnswered: boolean;
}

export interface TestOutcome {
  test: string;
  result: string;
  modifier: number;
}

export interface Score {
  tests: TestOutcome[];
  score: number;
  grade: string;
}

const DANGEROUSLY_BROAD = new Set([
  'ftp:',
  'http:',
  'https:',
  '*',
  'http://*',
  'http://*.*',
  'https://*',
  'https://*.*',
]);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const NONCE_OR_HASH = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];
const SIX_MONTHS = 15_552_000;

const outcome = (test: string, result: string, modifier: number): TestOutcome => ({ test, result, modifier });

function parseCsp(header: string): Map<string, Set<string>> {
  const policy = new Map<string, Set<string>>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().toLowerCase().split(/\s+/);
    // The first occurrence of a directive wins, as in browsers.
    if (name && !policy.has(name)) policy.set(name, new Set(sources));
  }
  return policy;
}

function csp(site: ObservedSite): TestOutcome {
  const name = 'content-security-policy';
  const header = site.headers['content-security-policy']?.join(',').split(',')[0]?.trim();
  if (!header) return outcome(name, 'csp-not-implemented', -25);
  const policy = parseCsp(header);
  const fallback = (directive: string) => new Set(policy.get(directive) ?? policy.get('default-src') ?? ['*']);
  const scriptSrc = fallback('script-src');
  const styleSrc = fallback('style-src');
  const objectSrc = fallback('object-src');
  for (const sources of [scriptSrc, styleSrc]) {
    if ([...sources].some((source) => NONCE_OR_HASH.some((prefix) => source.startsWith(prefix))))
      sources.delete("'unsafe-inline'");
  }
  const passive = ['img-src', 'media-src'].flatMap((directive) => [
    ...(policy.get(directive) ?? policy.get('default-src') ?? []),
  ]);
  const active = [...policy.entries()]
    .filter(([directive]) => !['img-src', 'media-src', 'script-src'].includes(directive))
    .flatMap(([, sources]) => [...sources])
    .concat([...scriptSrc]);
  const insecure = (sources: string[]) =>
    sources.some((source) => source.startsWith('http:') || source.startsWith('ftp:'));
  const https = site.url.protocol === 'https:';
  // The first failing check, in the Observatory's order, decides the result.
  if (
    [...scriptSrc].some((source) => BROAD_OR_INLINE.has(source)) ||
    [...objectSrc].some((source) => DANGEROUSLY_BROAD.has(source))
  ) {
    return outcome(name, 'csp-implemented-with-unsafe-inline', -20);
  }
  if (https && insecure(active)) return outcome(name, 'csp-implemented-with-insecure-scheme', -20);
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'"))
    return outcome(name, 'csp-implemented-with-unsafe-eval', -10);
  if (https && insecure(passive))
    return outcome(name, 'csp-implemented-with-insecure-scheme-in-passive-content-only', -10);
  if ([...styleSrc].some((source) => BROAD_OR_INLINE.has(source)))
    return outcome(name, 'csp-implemented-with-unsafe-inline-in-style-src-only', 0);
  const defaultSrc = policy.get('default-src');
  if (defaultSrc?.size === 1 && defaultSrc.has("'none'"))
    return outcome(name, 'csp-implemented-with-no-unsafe-default-src-none', 10);
  return outcome(name, 'csp-implemented-with-no-unsafe', 5);
}

// From the least to the most serious; the most serious one found is the result.
const COOKIE_FAULTS: [string, number][] = [
  ['cookies-without-secure-flag-but-protected-by-hsts', -5],
  ['cookies-without-secure-flag', -20],
  ['cookies-session-without-secure-flag-but-protected-by-hsts', -10],
  ['cookies-samesite-flag-invalid', -20],
  ['cookies-anticsrf-without-samesite-flag', -20],
  ['cookies-session-without-httponly-flag', -30],
  ['cookies-session-without-secure-flag', -40],
];

function cookieFaults(line: string, hsts: boolean): number[] {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const key = (pair.split('=')[0] ?? '').toLowerCase();
  const flags = new Map(
    attributes.map((attribute) => {
      const [flag = '', value = ''] = attribute.split('=');
      return [flag.trim().toLowerCase(), value.trim().toLowerCase()] as const;
    }),
  );
  const secure = flags.has('secure');
  const sameSite = flags.get('samesite');
  const session = key.includes('login') || key.includes('sess');
  const faults: number[] = [];
  if ((sameSite !== undefined && !['lax', 'strict', 'none'].includes(sameSite)) || (sameSite === 'none' && !secure))
    faults.push(3);
  if (!secure) faults.push(hsts ? 0 : 1);
  if (key.includes('csrf') && !sameSite) faults.push(4);
  if (session && !secure) faults.push(hsts ? 2 : 6);
  if (session && !flags.has('httponly')) faults.push(5);
  return faults;
}

function cookies(site: ObservedSite, hsts: boolean): TestOutcome {
  const name = 'cookies';
  const lines = site.headers['set-cookie'] ?? [];
  if (lines.length === 0) return outcome(name, 'cookies-not-found', 0);
  const worst = Math.max(-1, ...lines.flatMap((line) => cookieFaults(line, hsts)));
  if (worst >= 0) return outcome(name, ...COOKIE_FAULTS[worst]!);
  return lines.every((line) => /;\s*samesite=/i.test(line))
    ? outcome(name, 'cookies-secure-with-httponly-sessions-and-samesite', 5)
    : outcome(name, 'cookies-secure-with-httponly-sessions', 0);
}

function cors(site: ObservedSite): TestOutcome {
  const name = 'cross-origin-resource-sharing';
  const origin = site.headers['access-control-allow-origin']?.[0]?.trim();
  if (!origin) return outcome(name, 'cross-origin-resource-sharing-not-implemented', 0);
  if (origin === '*') return outcome(name, 'cross-origin-resource-sharing-implemented-with-public-access', 0);
  const credentials = site.headers['access-control-allow-credentials']?.[0]?.trim().toLowerCase() === 'true';
  // A named origin with credentials is only safe when it is not reflected; a scan from a foreign
  // Origin would see it echoed, which the caller's fixed request cannot tell apart, so it counts.
  return credentials
    ? outcome(name, 'cross-origin-resource-sharing-implemented-with-universal-access', -50)
    : outcome(name, 'cross-origin-resource-sharing-implemented-with-restricted-access', 0);
}

function redirection(site: ObservedSite): TestOutcome {
  const name = 'redirection';
  if (!site.httpAnswered) return outcome(name, 'redirection-not-needed-no-http', 0);
  const [first] = site.redirects;
  if (!first) return outcome(name, 'redirection-missing', -20);
  const last = new URL(site.redirects.at(-1)!, first);
  if (last.protocol !== 'https:') return outcome(name, 'redirection-not-to-https', -20);
  const initial = new URL(first);
  if (initial.protocol !== 'https:') return outcome(name, 'redirection-not-to-https-on-initial-redirection', -10);
  if (initial.hostname !== site.url.hostname) return outcome(name, 'redirection-off-host-from-http', -5);
  return outcome(name, 'redirection-to-https', 0);
}

function referrerPolicy(site: ObservedSite): TestOutcome {
  const name = 'referrer-policy';
  const values = site.headers['referrer-policy'];
  if (!values?.length) return outcome(name, 'referrer-policy-not-implemented', 0);
  const good = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const bad = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  // The last recognised value is the one browsers apply.
  const policy = values
    .join(',')
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .filter((value) => good.includes(value) || bad.includes(value))
    .at(-1);
  if (policy && good.includes(policy)) return outcome(name, 'referrer-policy-private', 5);
  if (policy) return outcome(name, 'referrer-policy-unsafe', -5);
  return outcome(name, 'referrer-policy-header-invalid', -5);
}

function hstsMaxAge(site: ObservedSite): number | 'invalid' | undefined {
  if (site.url.protocol !== 'https:') return undefined;
  const header = site.headers['strict-transport-security'];
  if (!header?.length) return undefined;
  const value = header.join(',');
  const maxAge = /(?:^|;)\s*max-age=(\d+)/i.exec(value)?.[1];
  // Sent twice (a comma) or without max-age: the Observatory calls it invalid.
  return value.includes(',') || maxAge === undefined ? 'invalid' : Number(maxAge);
}

function hsts(site: ObservedSite): TestOutcome {
  const name = 'strict-transport-security';
  if (site.url.protocol !== 'https:') return outcome(name, 'hsts-not-implemented-no-https', -20);
  const maxAge = hstsMaxAge(site);
  if (maxAge === undefined) return outcome(name, 'hsts-not-implemented', -20);
  if (maxAge === 'invalid') return outcome(name, 'hsts-header-invalid', -20);
  return maxAge < SIX_MONTHS
    ? outcome(name, 'hsts-implemented-max-age-less-than-six-months', -10)
    : outcome(name, 'hsts-implemented-max-age-at-least-six-months', 0);
}

function subresourceIntegrity(site: ObservedSite): TestOutcome {
  const name = 'subresource-integrity';
  const type = site.headers['content-type']?.[0]?.split(';')[0]?.trim().toLowerCase();
  if (type && type !== 'text/html' && type !== 'application/xhtml+xml')
    return outcome(name, 'sri-not-implemented-response-not-html', 0);
  const scripts = [...site.html.matchAll(/<script\b([^>]*)>/gi)].map(([, attributes = '']) => ({
    src: /\ssrc\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1],
    integrity: /\sintegrity\s*=/i.test(attributes),
  }));
  if (scripts.length === 0) return outcome(name, 'sri-not-implemented-but-no-scripts-loaded', 0);
  const siteDomain = site.url.hostname.split('.').slice(-2).join('.');
  let result: TestOutcome | undefined;
  let foreign = false;
  for (const { src, integrity } of scripts) {
    if (!src) continue;
    const protocolRelative = /^\/\/[^/]/.test(src);
    const absolute = /^https?:\/\//i.test(src);
    const sameOrigin =
      !protocolRelative && (!absolute || new URL(src).hostname.split('.').slice(-2).join('.') === siteDomain);
    const secureScheme = absolute
      ? src.toLowerCase().startsWith('https:')
      : !protocolRelative && site.url.protocol === 'https:';
    if (sameOrigin) {
      if (integrity && secureScheme && !result)
        result = outcome(name, 'sri-implemented-and-all-scripts-loaded-securely', 5);
      continue;
    }
    foreign = true;
    const worse = (candidate: TestOutcome) => (!result || candidate.modifier < result.modifier ? candidate : result);
    if (integrity && !secureScheme)
      result = worse(outcome(name, 'sri-implemented-but-external-scripts-not-loaded-securely', -20));
    else if (!integrity && secureScheme)
      result = worse(outcome(name, 'sri-not-implemented-but-external-scripts-loaded-securely', -5));
    else if (!integrity)
      result = worse(outcome(name, 'sri-not-implemented-and-external-scripts-not-loaded-securely', -50));
  }
  if (result) return result;
  return foreign
    ? outcome(name, 'sri-implemented-and-external-scripts-loaded-securely', 5)
    : outcome(name, 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0);
}

function xContentTypeOptions(site: ObservedSite): TestOutcome {
  const name = 'x-content-type-options';
  const value = site.headers['x-content-type-options']?.[0];
  if (value === undefined) return outcome(name, 'x-content-type-options-not-implemented', -5);
  return value.trim().toLowerCase() === 'nosniff'
    ? outcome(name, 'x-content-type-options-nosniff', 0)
    : outcome(name, 'x-content-type-options-header-invalid', -5);
}

function xFrameOptions(site: ObservedSite): TestOutcome {
  const name = 'x-frame-options';
  const policy = parseCsp(site.headers['content-security-policy']?.join(',').split(',')[0] ?? '');
  // frame-ancestors supersedes the header, and earns the bonus.
  if (policy.has('frame-ancestors')) return outcome(name, 'x-frame-options-implemented-via-csp', 5);
  const value = site.headers['x-frame-options']?.[0]?.trim().toLowerCase();
  if (value === undefined) return outcome(name, 'x-frame-options-not-implemented', -20);
  if (value === 'deny' || value === 'sameorigin') return outcome(name, 'x-frame-options-sameorigin-or-deny', 0);
  if (value.startsWith('allow-from')) return outcome(name, 'x-frame-options-allow-from-origin', 0);
  return outcome(name, 'x-frame-options-header-invalid', -20);
}

function crossOriginResourcePolicy(site: ObservedSite): TestOutcome {
  const name = 'cross-origin-resource-policy';
  const value = site.headers['cross-origin-resource-policy']?.[0]?.trim().toLowerCase();
  if (value === undefined) return outcome(name, 'corp-not-implemented', 0);
  if (value === 'same-origin') return outcome(name, 'corp-implemented-with-same-origin', 10);
  if (value === 'same-site') return outcome(name, 'corp-implemented-with-same-site', 10);
  if (value === 'cross-origin') return outcome(name, 'corp-implemented-with-cross-origin', 0);
  return outcome(name, 'corp-header-invalid', -5);
}

const GRADES: [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

export function gradeFor(score: number): string {
  return GRADES.find(([floor]) => score >= floor)![1];
}

export function scoreSite(site: ObservedSite): Score {
  const maxAge = hstsMaxAge(site);
  const protectedByHsts = typeof maxAge === 'number' && maxAge >= SIX_MONTHS;
  const tests = [
    csp(site),
    cookies(site, protectedByHsts),
    cors(site),
    redirection(site),
    referrerPolicy(site),
    hsts(site),
    subresourceIntegrity(site),
    xContentTypeOptions(site),
    xFrameOptions(site),
    crossOriginResourcePolicy(site),
  ];
  const withBonuses = tests.reduce((sum, test) => sum + test.modifier, 100);
  const penaltiesOnly = tests.reduce((sum, test) => sum + Math.min(test.modifier, 0), 100);
  const score = Math.max(penaltiesOnly >= 90 ? withBonuses : penaltiesOnly, 0);
  return { tests, score, grade: gradeFor(score) };
}
