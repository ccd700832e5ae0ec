// npm run bench: sizes, Lighthouse (mobile, simulated throttling) on every route, and a
// loopback load test of the home page beside a static server sending the same bytes.
//   npm run bench                         everything
//   npm run bench -- --only=sizes,load    a subset (sizes, lighthouse, load)
//   npm run bench -- --runs=5             Lighthouse runs per route (median reported)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { catalogueChunks, sitePages } from '../../shared/routes';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.mjs';
import { firstVisitJs, readBuildManifest, routeChunk, compressedSize } from './sizes';

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const only = new Set((args.get('only') ?? 'sizes,lighthouse,load').split(','));
const runs = Number(args.get('runs') ?? 3);
const PORT = 4300;
const STATIC_PORT = 4301;
const origin = `http://127.0.0.1:${PORT}`;
const report: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function startServer(): Promise<() => void> {
  const server = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-')) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      fetch(`${origin}/healthz`).then(
        (response) => {
          if (!response.ok) return;
          clearInterval(poll);
          resolve(() => server.kill('SIGTERM'));
        },
        () => {},
      );
    }, 200);
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function sizes() {
  const manifest = readBuildManifest();
  console.log('\n## Sizes (compressed bytes as served)\n\n| page | first-visit JS br | gzip | own chunk br |\n| --- | --- | --- | --- |');
  const rows = sitePages.map((page) => {
    const js = firstVisitJs(manifest, page.chunk, catalogueChunks(page));
    const own = routeChunk(manifest, page.chunk);
    console.log(`| ${page.path} | ${kb(js.br)} | ${kb(js.gzip)} | ${kb(own.br)} |`);
    return { path: page.path, firstVisitJs: js, ownChunk: own };
  });
  const css = compressedSize(manifest.stylesheet);
  console.log(`\nStylesheet: ${kb(css.br)} br, ${kb(css.gzip)} gzip.`);
  report.sizes = { pages: rows, css };
}

async function lighthouseAll() {
  const chrome = await chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  console.log(`\n## Lighthouse, mobile, simulated throttling (median of ${runs} runs by performance)\n`);
  console.log('| page | perf | a11y | best practices | SEO | LCP | TBT | CLS |\n| --- | --- | --- | --- | --- | --- | --- | --- |');
  const results = [];
  try {
    // Every page a visitor can open: each article and legal page too.
    for (const page of sitePages) {
      const samples = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${origin}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
        const lhr = result!.lhr;
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        samples.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
          cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
        });
      }
      const mid = median(samples.map((s) => s.performance));
      const chosen = samples.find((s) => s.performance === mid)!;
      console.log(`| ${page.path} | ${chosen.performance} | ${chosen.accessibility} | ${chosen.bestPractices} | ${chosen.seo} | ${chosen.lcpMs} ms | ${chosen.tbtMs} ms | ${chosen.cls} |`);
      results.push({ path: page.path, median: chosen, runs: samples });
    }
  } finally {
    chrome.kill();
  }
  report.lighthouse = results;
}

async function load(url: string, title: string) {
  const result = await autocannon({ url, connections: 50, duration: 10, pipelining: 1 });
  const row = {
    title,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.log(`| ${title} | ${row.requestsPerSecond} | ${row.p50Ms} ms | ${row.p99Ms} ms | ${row.errors} |`);
  return row;
}

async function loadTest() {
  // The same bytes from a server that only writes a buffer: the ceiling for this machine.
  const html = Buffer.from(await (await fetch(`${origin}/`)).arrayBuffer());
  const staticServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': html.length });
    res.end(html);
  });
  await new Promise<void>((resolve) => staticServer.listen(STATIC_PORT, '127.0.0.1', resolve));
  console.log(`\n## Load: GET / on loopback, 50 connections, 10 s (${kb(html.length)} uncompressed)\n`);
  console.log('| server | requests/s | p50 | p99 | errors |\n| --- | --- | --- | --- | --- |');
  try {
    report.load = [await load(`${origin}/`, 'site (streamed SSR)'), await load(`http://127.0.0.1:${STATIC_PORT}/`, 'static buffer, same bytes')];
  } finally {
    staticServer.close();
  }
}

const stop = await startServer();
try {
  if (only.has('sizes')) sizes();
  if (only.has('lighthouse')) await lighthouseAll();
  if (only.has('load')) await loadTest();
} finally {
  stop();
}
fs.mkdirSync('tests/bench/results', { recursive: true });
fs.writeFileSync('tests/bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
console.log('\nFull report: tests/bench/results/latest.json');
