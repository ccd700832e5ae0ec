import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { ANALYTICS_ENDPOINT } from '../../shared/lib/attribution';

/** The headers the site sends with every response that decide how the browser treats a page: its security policy. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/**
 * The security headers a page sets for itself: its policy allows its own critical CSS, and a page the same for
 * every visitor asks for no new browsing context group (decision 102). The copy sends each page its own.
 */
const PAGE_OWN_HEADERS = ['content-security-policy', 'cross-origin-opener-policy'] as const;
type PageOwnHeaders = Record<(typeof PAGE_OWN_HEADERS)[number], string>;
/** The nginx variable that holds a page's own value of a header, by the page's URL. */
const pageVariable = (name: string) => `$page_${name.replaceAll('-', '_')}`;

/**
 * The limit to compare with: nginx from Debian serving a static copy of the
 * same built pages, every file precompressed (brotli chosen by Accept-Encoding,
 * as nginx-light has no brotli module), one worker like the site's one process,
 * no access log like the site's bench run at LOG_LEVEL=warn. Hashed files under /static/ are
 * cached for a year, as the site sends them. Every response carries the site's security
 * headers, which decide how Chromium places and checks the page (its process, its inline code).
 */
function nginxConfig(
  root: string,
  port: number,
  tmp: string,
  headers: HeaderList,
  pagesOwn: ReadonlyMap<string, PageOwnHeaders>,
): string {
  const quoted = (value: string) => `"${value.replaceAll('"', '\\"')}"`;
  const header = ([name, value]: readonly [string, string]) =>
    `add_header ${name} ${value.startsWith('$') ? value : quoted(value)};`;
  const pageHeaders = headers.map(([name, value]) =>
    (PAGE_OWN_HEADERS as readonly string[]).includes(name)
      ? ([name, pageVariable(name)] as const)
      : ([name, value] as const),
  );
  const pageMaps = PAGE_OWN_HEADERS.map(
    (name) =>
      `map $request_uri ${pageVariable(name)} { ${[...pagesOwn].map(([file, own]) => `${quoted(file)} ${quoted(own[name])};`).join(' ')} }`,
  ).join('\n  ');
  const encoded = (type: string, cache: string, list: HeaderList = headers) => `types {} default_type ${type};
      add_header Content-Encoding $encoding; add_header Vary Accept-Encoding; add_header Cache-Control "${cache}"; ${list.map(header).join(' ')}
      try_files $uri$suffix $uri =404;`;
  const security = headers.map(header).join(' ');
  return `worker_processes 1;
daemon off;
pid ${tmp}/nginx.pid;
error_log stderr error;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${tmp}/body; proxy_temp_path ${tmp}/proxy; fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi; scgi_temp_path ${tmp}/scgi;
  # Room for the longest page URL as a key.
  map_hash_bucket_size 256;
  map $http_accept_encoding $suffix { ~*\\bbr\\b .br; ~*\\bgzip\\b .gz; default ""; }
  map $http_accept_encoding $encoding { ~*\\bbr\\b br; ~*\\bgzip\\b gzip; default ""; }
  ${pageMaps}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    etag on;
    # The page-view beacon (decision 046) is answered as the site answers it: the copy only serves files.
    location = ${ANALYTICS_ENDPOINT} { return 204; }
    location ~ \\.js$ { ${encoded('text/javascript', 'public, max-age=31536000, immutable')} }
    location ~ \\.css$ { ${encoded('text/css', 'public, max-age=31536000, immutable')} }
    location ~ ^/static/.+\\.svg$ { ${encoded('image/svg+xml', 'public, max-age=31536000, immutable')} }
    location ~ ^/static/ { add_header Cache-Control "public, max-age=31536000, immutable"; ${security} }
    location ~ \\.svg$ { ${encoded('image/svg+xml', 'public, max-age=3600')} }
    location ~ \\.[a-z0-9]+$ { add_header Cache-Control "public, max-age=3600"; ${security} }
    location / { ${encoded('text/html', 'no-cache', pageHeaders)} rewrite ^(.*?)/?$ $1/index.html break; }
  }
}
`;
}

function writeCompressed(file: string, bytes: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
}

/** The site's security headers, as it sends them with a file (a page's policy also allows its own style). */
export async function securityHeaders(origin: string): Promise<HeaderList> {
  const response = await fetch(`${origin}/robots.txt`);
  await response.arrayBuffer();
  return SECURITY_HEADERS.flatMap((name) => {
    const value = response.headers.get(name);
    return value === null ? [] : [[name, value] as const];
  });
}

/** Copies the site's pages (as our server renders them), built files and public files, then starts nginx on them. */
export async function startNginx(
  origin: string,
  paths: readonly string[],
  port: number,
  headers: HeaderList,
  /** The CPU to pin nginx to (taskset), as the site is for the load runs. */
  cpu?: string,
): Promise<() => void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-nginx-'));
  // nginx's workers run as nobody when started as root.
  fs.chmodSync(tmp, 0o755);
  const root = path.join(tmp, 'root');
  fs.cpSync('public', root, { recursive: true });
  // nginx answers an SVG by Accept-Encoding, as the site does: the public ones need their compressed copies too.
  for (const file of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.svg')) writeCompressed(path.join(root, file), fs.readFileSync(path.join(root, file)));
  }
  fs.cpSync('dist/client/static', path.join(root, 'static'), { recursive: true });
  // robots.txt is written by the site from its configuration, so the copy takes it as served.
  fs.writeFileSync(path.join(root, 'robots.txt'), await (await fetch(`${origin}/robots.txt`)).text());
  const pagesOwn = new Map<string, PageOwnHeaders>();
  for (const page of paths) {
    const response = await fetch(`${origin}${page}`, { headers: { 'Accept-Encoding': 'identity' } });
    writeCompressed(path.join(root, page, 'index.html'), Buffer.from(await response.arrayBuffer()));
    const own = (name: (typeof PAGE_OWN_HEADERS)[number]) => [name, response.headers.get(name) ?? ''] as const;
    pagesOwn.set(page, Object.fromEntries(PAGE_OWN_HEADERS.map(own)) as PageOwnHeaders);
  }
  fs.writeFileSync(path.join(tmp, 'nginx.conf'), nginxConfig(root, port, tmp, headers, pagesOwn));
  const nginxArgs = ['-c', path.join(tmp, 'nginx.conf'), '-p', tmp];
  const nginx = spawn(cpu ? 'taskset' : 'nginx', cpu ? ['-c', cpu, 'nginx', ...nginxArgs] : nginxArgs, {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    nginx.on('exit', (code) => reject(new Error(`nginx exited with ${code}`)));
    const poll = setInterval(() => {
      fetch(`http://127.0.0.1:${port}/`).then(
        () => {
          clearInterval(poll);
          resolve();
        },
        () => {},
      );
    }, 100);
  });
  return () => {
    nginx.removeAllListeners('exit');
    nginx.kill('SIGQUIT');
  };
}
