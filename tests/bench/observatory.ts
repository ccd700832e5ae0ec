// npm run bench:proxy: the built site behind Caddy (Debian's package) over HTTPS from Caddy's
// internal CA, scored with Mozilla HTTP Observatory's rules. Run `npm run build` first.
// The repository's Caddyfile is imported as it ships; only its environment placeholders and
// Caddy's global options (loopback ports, a temporary storage, no trust-store install) differ.
import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

import { freePort, startServer } from '../support/serverProcess';
import type { ObservedSite } from './observatoryScore';
import { scoreSite } from './observatoryScore';

const CADDY = 'caddy';
const repoRoot = path.resolve(import.meta.dirname, '../..');

interface Answer {
  status: number;
  headers: Record<string, string[]>;
  body: string;
}

/** One GET, redirects not followed; every header value kept (a header sent twice shows as two). */
function get(url: string, ca?: string): Promise<Answer> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { ca, headers: { 'accept-encoding': 'identity' } }, (response) => {
      const headers: Record<string, string[]> = {};
      for (let index = 0; index < response.rawHeaders.length; index += 2) {
        (headers[response.rawHeaders[index]!.toLowerCase()] ??= []).push(response.rawHeaders[index + 1]!);
      }
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers, body }));
    });
    request.on('error', reject);
  });
}

async function waitFor<T>(
  what: string,
  attempt: () => Promise<T>,
  child: ChildProcess,
  output: () => string,
): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what}: the process exited.\n${output()}`);
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what}: ${(error as Error).message}\n${output()}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

function preflight(): void {
  if (spawnSync(CADDY, ['version']).error) {
    console.error('Caddy is not installed. On Debian or Ubuntu: sudo apt-get install caddy');
    process.exit(2);
  }
  if (!fs.existsSync(path.join(repoRoot, 'dist/server.js'))) {
    console.error('dist/server.js is missing: run `npm run build` first.');
    process.exit(2);
  }
}

// The HTTPS port goes in the site address, not in \`https_port\`: Caddy leaves the port out of its
// HTTP-to-HTTPS redirect when it equals \`https_port\` (it assumes 443 is forwarded there), and then
// the redirect would point at a port nobody listens on.
function caddyfile(dir: string, httpPort: number): string {
  const file = path.join(dir, 'Caddyfile');
  fs.writeFileSync(
    file,
    `{
\tadmin off
\thttp_port ${httpPort}
\tdefault_bind 127.0.0.1
\tstorage file_system ${path.join(dir, 'storage')}
\tskip_install_trust
}
import ${path.join(repoRoot, 'Caddyfile')}
`,
  );
  return file;
}

/** Follows the redirects from the http:// address, as the Observatory does, up to five. */
async function observe(httpUrl: string, ca: string): Promise<ObservedSite> {
  const redirects: string[] = [];
  let url = httpUrl;
  let answer = await get(url);
  while (answer.status >= 300 && answer.status < 400 && answer.headers.location && redirects.length < 5) {
    url = new URL(answer.headers.location[0]!, url).href;
    redirects.push(url);
    answer = await get(url, ca);
  }
  return { url: new URL(url), headers: answer.headers, html: answer.body, redirects, httpAnswered: true };
}

async function main(): Promise<void> {
  preflight();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-observatory-'));
  const [sitePort, httpPort, httpsPort] = [await freePort(), await freePort(), await freePort()];
  const site = await startServer(sitePort, {
    DATA_DIR: path.join(dir, 'data'),
    SITE_URL: `https://localhost:${httpsPort}`,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
  });
  let caddyOutput = '';
  const caddy = spawn(CADDY, ['run', '--adapter', 'caddyfile', '--config', caddyfile(dir, httpPort)], {
    env: {
      ...process.env,
      SITE_DOMAIN: `localhost:${httpsPort}`,
      TLS_INTERNAL: 'tls internal',
      UPSTREAMS: `127.0.0.1:${sitePort}`,
      // Caddy's autosave and data stay in the temporary directory too.
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      XDG_DATA_HOME: path.join(dir, 'data-home'),
      HOME: dir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout!.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
  caddy.stderr!.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
  try {
    const rootPath = path.join(dir, 'storage/pki/authorities/local/root.crt');
    const httpsUrl = `https://localhost:${httpsPort}/`;
    const ca = await waitFor(
      'Caddy did not serve HTTPS',
      async () => {
        const root = fs.readFileSync(rootPath, 'utf8');
        const answer = await get(httpsUrl, root);
        if (answer.status !== 200) throw new Error(`HTTPS answered ${answer.status}`);
        return root;
      },
      caddy,
      () => caddyOutput,
    );
    const observed = await observe(`http://localhost:${httpPort}/`, ca);
    const plain = await get(`http://127.0.0.1:${httpPort}/`);
    console.log(
      `\n## Mozilla HTTP Observatory scoring, the site behind Caddy ${spawnSync(CADDY, ['version']).stdout.toString().trim().split(' ')[0]}\n`,
    );
    console.log(`http://localhost:${httpPort}/ → ${observed.redirects.join(' → ') || '(no redirect)'}`);
    console.log(`http://127.0.0.1:${httpPort}/ → ${plain.status} ${plain.headers.location?.[0] ?? ''}`);
    console.log(`Final: ${observed.url.href} (TLS verified against Caddy's local root ${rootPath})\n`);
    const { tests, score, grade } = scoreSite(observed);
    console.log('| test | result | modifier |\n| --- | --- | --- |');
    for (const test of tests)
      console.log(`| ${test.test} | ${test.result} | ${test.modifier > 0 ? '+' : ''}${test.modifier} |`);
    console.log(`\nScore ${score}, grade ${grade}.`);
    for (const name of ['strict-transport-security', 'content-security-policy']) {
      console.log(`${name}: ${observed.headers[name]?.join(' | ') ?? '(none)'}`);
    }
    process.exitCode = grade === 'A+' ? 0 : 1;
  } finally {
    const caddyExit = new Promise((resolve) => caddy.once('exit', resolve));
    if (caddy.exitCode === null) caddy.kill('SIGTERM');
    await Promise.all([caddyExit, site.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
