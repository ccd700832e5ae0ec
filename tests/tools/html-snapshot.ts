// Writes the HTML the production build serves for every route into a folder, with hashed
// asset names replaced by placeholders, so two builds can be compared with `diff -r`:
//   npm run build && npx tsx tests/tools/html-snapshot.ts /tmp/html-before
//   ...change the code...
//   npm run build && npx tsx tests/tools/html-snapshot.ts /tmp/html-after && diff -r /tmp/html-before /tmp/html-after
// It starts `node dist/server.js` as `npm start` does, on a free port with an empty data folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { SERVER_ARGS, SERVER_ENV, TEST_ANALYTICS_KEY } from '../support/serverCommand';

interface Probe {
  name: string;
  method: 'GET' | 'HEAD' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' };

/** Every page, a 404, a query, a redirect; then the same URLs again, answered from the page cache. */
const pagePaths: [name: string, path: string][] = [
  ['home', '/'],
  ['services', '/services'],
  ['research', '/research'],
  ['blog', '/blog'],
  ['blog-research', '/blog?category=research'],
  ['contact', '/contact'],
  ['contact-sent', '/contact?sent=1'],
  ['not-found', '/no-such-page'],
  ['trailing-slash', '/services/'],
  ['home-cached', '/'],
  ['blog-research-cached', '/blog?category=research'],
  ['not-found-again', '/no-such-page'],
  ['robots', '/robots.txt'],
  ['sitemap', '/sitemap.xml'],
];

const probes: Probe[] = [
  ...pagePaths.map(([name, path]): Probe => ({ name, method: 'GET', path })),
  { name: 'head-services', method: 'HEAD', path: '/services' },
  // Plain form posts that are refused: the contact page rendered for another URL, the newsletter's redirect.
  {
    name: 'contact-post-invalid',
    method: 'POST',
    path: '/api/contact',
    headers: FORM,
    body: 'name=A&email=not-an-email&phone=&service=&message=hi&company=',
  },
  { name: 'subscribe-post-invalid', method: 'POST', path: '/api/subscribe', headers: FORM, body: 'email=nope' },
];

/** Hashed file names (and the ETags of pages naming them) change with every code change; the rest must not. */
function normalise(text: string): string {
  return text
    .replace(/^etag: .*$/m, 'etag: [etag]')
    .replace(/(\/static\/[\w/.-]*?)-[A-Z0-9]{8}(?=\.)/g, '$1-[hash]')
    .replace(/sha256-[A-Za-z0-9+/=]{44}/g, 'sha256-[hash]');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** node:http sends no Accept-Encoding, so every answer comes back uncompressed. */
function request(port: number, probe: Probe): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: probe.method, path: probe.path, headers: probe.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const keep = ['content-type', 'cache-control', 'location', 'content-security-policy', 'etag'];
          const headers = keep
            .filter((name) => res.headers[name] !== undefined)
            .map((name) => `${name}: ${String(res.headers[name])}`);
          resolve({ head: [`${res.statusCode}`, ...headers].join('\n'), body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(probe.body);
  });
}

async function waitUntilUp(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const { head } = await request(port, { name: 'health', method: 'GET', path: '/healthz' });
      if (head.startsWith('200')) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The server did not start.');
}

async function main(): Promise<void> {
  const outDir = path.resolve(process.argv[2] ?? 'html-snapshot');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-snapshot-'));
  const server = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: 'https://meridianlab.test',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      ...TEST_ANALYTICS_KEY,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilUp(port);
    // Every URL the sitemap lists (both languages, every article), the feeds and the console's sign-in page too.
    const sitemap = (await request(port, { name: 'sitemap', method: 'GET', path: '/sitemap.xml' })).body;
    const listed = [...sitemap.matchAll(/<loc>https:\/\/meridianlab\.test([^<]*)<\/loc>/g)].map((match) => match[1]!);
    const extra = [
      ...listed,
      '/blog/rss.xml',
      '/blog/atom.xml',
      '/es/blog/rss.xml',
      '/es/blog/atom.xml',
      '/staff/sign-in',
    ].map((url): Probe => ({ name: `url${url.replace(/[^a-z0-9]+/gi, '-')}`, method: 'GET', path: url }));
    for (const probe of [...probes, ...extra]) {
      const { head, body } = await request(port, probe);
      fs.writeFileSync(path.join(outDir, `${probe.name}.head.txt`), `${normalise(head)}\n`);
      fs.writeFileSync(path.join(outDir, `${probe.name}.body.html`), normalise(body));
    }
    console.log(`Wrote ${probes.length + extra.length} answers to ${outDir}.`);
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
