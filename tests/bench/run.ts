// npm run bench: the site beside nginx serving a static, precompressed copy of the same
// built pages (the limit for this machine), on every route: Lighthouse (mobile, simulated
// throttling), requests per second and p99 under load, bytes before the first paint, and sizes.
//   npm run bench                          everything
//   npm run bench -- --only=sizes,load     a subset (sizes, paint, lighthouse, load)
//   npm run bench -- --runs=5              Lighthouse runs per route and server (median reported)
//   npm run bench -- --cpu-multiplier=2    Lighthouse's CPU slowdown (default 4×; see cpuCalibration.ts)
//   npm run bench -- --paths=/,/es/blog    some pages only (default: every page)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { sitePages } from '../../shared/routes';
import { CHROMIUM_ARGS, findChromium } from '../support/browser/chromium.mjs';
import { freePort } from '../support/serverProcess';
import { calibratedMultiplier, SLOW_HOST_BENCHMARK_INDEX } from './cpuCalibration';
import { securityHeaders, startNginx } from './nginx';
import { compressedSize, firstVisitJs, readBuildManifest, routeChunk } from './sizes';

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const only = new Set((args.get('only') ?? 'sizes,paint,lighthouse,load').split(','));
const runs = Number(args.get('runs') ?? 5);
// Lighthouse's own mobile default unless told otherwise, so figures compare with anyone else's.
const cpuMultiplier = args.has('cpu-multiplier') ? Number(args.get('cpu-multiplier')) : 4;
// Free loopback ports, so the bench runs beside a dev server or the browser tests.
const PORT = await freePort();
const NGINX_PORT = await freePort();
const servers = { site: `http://127.0.0.1:${PORT}`, nginx: `http://127.0.0.1:${NGINX_PORT}` };
type Server = keyof typeof servers;
// Every page a visitor can open: each article and legal page too.
const paths = args.get('paths')?.split(',') ?? sitePages.map((page) => page.path);
const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** What Chromium and Firefox send: gzip listed first, every coding at the same weight (both servers answer with brotli). */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function startServer(): Promise<() => void> {
  const server = spawn(process.execPath, ['dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // The origin Lighthouse loads the pages from: the beacons' same-site check accepts it.
      SITE_URL: servers.site,
      LOG_LEVEL: 'warn',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      fetch(`${servers.site}/healthz`).then(
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

/** First visits render and keep each page; the measurements below are of the kept pages, as every later visitor gets them. */
async function warmUp() {
  for (let round = 0; round < 3; round += 1) {
    for (const page of paths)
      await (
        await fetch(`${servers.site}${page}`, { headers: { 'Accept-Encoding': BROWSER_ENCODINGS } })
      ).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function sizes() {
  const manifest = readBuildManifest();
  console.log(
    '\n## Sizes (compressed bytes as served)\n\n| page | first-visit JS br | gzip | own chunk br | inline CSS raw | inline CSS br |\n| --- | --- | --- | --- | --- | --- |',
  );
  const rows = sitePages.map((page) => {
    const js = firstVisitJs(manifest, page);
    const own = routeChunk(manifest, page.chunk);
    const css = manifest.criticalCss[page.chunk]!.css;
    const inline = { raw: Buffer.byteLength(css), br: compressedBytes(css) };
    console.log(
      `| ${page.path} | ${kb(js.br)} | ${kb(js.gzip)} | ${kb(own.br)} | ${kb(inline.raw)} | ${kb(inline.br)} |`,
    );
    return { path: page.path, firstVisitJs: js, ownChunk: own, inlineCss: inline };
  });
  const css = compressedSize(manifest.stylesheet);
  console.log(`\nWhole stylesheet (loaded after hydration): ${kb(css.br)} br, ${kb(css.gzip)} gzip.`);
  report.sizes = { pages: rows, stylesheet: css };
}

function compressedBytes(text: string): number {
  return zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/**
 * What a first visit asks for before its first paint, and how many bytes that is, in Chromium (no throttling).
 * Before the paint is before `paintTime`, when the rendering update that painted ended (the same in every
 * browser); before it is on screen, before `presentationTime` (Chromium's `startTime`), which adds the lazy
 * images near the window that the painted frame's intersection steps start.
 */
async function paint() {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  console.log(
    '\n## Before the first paint (Chromium, first visit)\n\n| page | server | requests before the paint | bytes | files | requests before it is on screen | files added |\n| --- | --- | --- | --- | --- | --- | --- |',
  );
  const rows = [];
  try {
    for (const page of paths) {
      for (const server of Object.keys(servers) as Server[]) {
        const context = await browser.newContext();
        const tab = await context.newPage();
        await tab.goto(`${servers[server]}${page}`, { waitUntil: 'load' });
        await tab.waitForFunction(() => performance.getEntriesByName('first-paint').length > 0);
        const early = await tab.evaluate(() => {
          const paint = performance.getEntriesByName('first-paint')[0] as PerformanceEntry & { paintTime: number };
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          // (No named function in here: tsx would wrap it in a helper the page does not have.)
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          const painted = resources.filter((entry) => entry.startTime < paint.paintTime);
          return {
            bytes: navigation.transferSize + painted.reduce((sum, entry) => sum + entry.transferSize, 0),
            files: painted.map((entry) => new URL(entry.name).pathname),
            shown: resources
              .filter((entry) => entry.startTime < paint.startTime)
              .map((entry) => new URL(entry.name).pathname),
          };
        });
        await context.close();
        const added = early.shown.filter((file) => !early.files.includes(file));
        console.log(
          `| ${page} | ${server} | ${early.files.length + 1} | ${kb(early.bytes)} | ${early.files.join(' ') || '(HTML only)'} | ${early.shown.length + 1} | ${added.join(' ') || 'none'} |`,
        );
        rows.push({
          path: page,
          server,
          requests: early.files.length + 1,
          bytes: early.bytes,
          files: early.files,
          requestsBeforeShown: early.shown.length + 1,
          filesBeforeShown: early.shown,
        });
      }
    }
  } finally {
    await browser.close();
  }
  report.beforeFirstPaint = rows;
}

interface LighthouseSample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Script evaluation and parsing at load (bootup-time, at the run's CPU slowdown). */
  bootupMs: number;
  /** How fast Lighthouse found this host's CPU just before the run (its benchmark index). */
  benchmarkIndex: number;
  /** Those of ASSET_AUDITS that did not pass. */
  failedAssetAudits: string[];
}

/** The audits of how images and static files are delivered: caching, formats, sizes and lazy loading. */
const ASSET_AUDITS = ['uses-long-cache-ttl', 'modern-image-formats', 'uses-responsive-images', 'offscreen-images'];

async function lighthouseAll() {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  console.log(
    `\n## Lighthouse, mobile, simulated throttling, CPU ${cpuMultiplier}× (median of ${runs} runs by performance)\n`,
  );
  console.log(
    '| page | server | perf | a11y | best practices | SEO | FCP | LCP | TBT | CLS | bootup | asset audits failed | failed runs |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  const results = [];
  try {
    for (const page of paths) {
      for (const server of Object.keys(servers) as Server[]) {
        const samples: LighthouseSample[] = [];
        for (let run = 0; run < runs; run += 1) {
          const result = await lighthouse(`${servers[server]}${page}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            throttling: { cpuSlowdownMultiplier: cpuMultiplier },
          });
          const lhr = result!.lhr;
          const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
          const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
          samples.push({
            performance: score('performance'),
            accessibility: score('accessibility'),
            bestPractices: score('best-practices'),
            seo: score('seo'),
            fcpMs: ms('first-contentful-paint'),
            lcpMs: ms('largest-contentful-paint'),
            tbtMs: ms('total-blocking-time'),
            cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
            bootupMs: ms('bootup-time'),
            benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
            failedAssetAudits: ASSET_AUDITS.filter((id) => (lhr.audits[id]?.score ?? 1) < 1),
          });
        }
        // A run Lighthouse could not finish (no paint seen in time on a busy machine) scores 0: it is counted, not ranked.
        const measured = samples.filter((s) => Number.isFinite(s.fcpMs));
        if (!measured.length) {
          console.log(`| ${page} | ${server} | all ${runs} runs failed |`);
          results.push({ path: page, server, failedRuns: runs, runs: samples });
          continue;
        }
        const mid = median(measured.map((s) => s.performance));
        const chosen = measured.find((s) => s.performance === mid)!;
        const medianOf = (key: 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'bootupMs') => median(measured.map((s) => s[key]));
        const row = {
          ...chosen,
          fcpMs: medianOf('fcpMs'),
          lcpMs: medianOf('lcpMs'),
          tbtMs: medianOf('tbtMs'),
          cls: medianOf('cls'),
          bootupMs: medianOf('bootupMs'),
        };
        console.log(
          `| ${page} | ${server} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.fcpMs} ms | ${row.lcpMs} ms | ${row.tbtMs} ms | ${row.cls} | ${row.bootupMs} ms | ${row.failedAssetAudits.join(', ') || 'none'} | ${runs - measured.length} |`,
        );
        results.push({ path: page, server, median: row, failedRuns: runs - measured.length, runs: samples });
      }
    }
  } finally {
    chrome.kill();
  }
  report.lighthouse = results;
  const indices = results
    .flatMap((result) => result.runs.map((sample) => sample.benchmarkIndex))
    .filter(Number.isFinite);
  if (indices.length) report.lighthouseHost = describeHost(indices);
}

/** How this host compares with the one Lighthouse's CPU slowdown assumes, printed below the table. */
function describeHost(indices: number[]) {
  const typical = median(indices);
  const host = {
    cpuMultiplier,
    benchmarkIndex: { median: typical, min: Math.min(...indices), max: Math.max(...indices) },
    calibratedMultiplier: Number(calibratedMultiplier(typical).toFixed(1)),
  };
  const { benchmarkIndex } = host;
  console.log(
    `\nHost benchmark index ${benchmarkIndex.median} (${benchmarkIndex.min}–${benchmarkIndex.max}); Lighthouse's command line warns of a slow host below ${SLOW_HOST_BENCHMARK_INDEX}. ` +
      `Its calibration emulates its target phone on this host at ${host.calibratedMultiplier}× CPU; these runs used ${cpuMultiplier}×.`,
  );
  return host;
}

async function load(url: string) {
  const result = await autocannon({
    url,
    connections: 50,
    duration: 10,
    pipelining: 1,
    headers: { 'accept-encoding': BROWSER_ENCODINGS },
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function loadTest() {
  console.log(`\n## Load: 50 connections, 10 s, loopback, Accept-Encoding: ${BROWSER_ENCODINGS}\n`);
  console.log(
    '| page | site req/s | site p99 | nginx req/s | nginx p99 | ratio | errors |\n| --- | --- | --- | --- | --- | --- | --- |',
  );
  const rows = [];
  for (const page of paths) {
    const site = await load(`${servers.site}${page}`);
    const nginx = await load(`${servers.nginx}${page}`);
    const ratio = Number((site.requestsPerSecond / nginx.requestsPerSecond).toFixed(2));
    console.log(
      `| ${page} | ${site.requestsPerSecond} | ${site.p99Ms} ms | ${nginx.requestsPerSecond} | ${nginx.p99Ms} ms | ${ratio}× | ${site.errors + nginx.errors} |`,
    );
    rows.push({ path: page, site, nginx, ratio });
  }
  report.load = rows;
}

const stopServer = await startServer();
let stopNginx = () => {};
try {
  await warmUp();
  stopNginx = await startNginx(servers.site, paths, NGINX_PORT, await securityHeaders(servers.site));
  console.log(`Load average at start: ${(report.loadAverage as number[]).join(', ')} on ${os.cpus().length} CPUs.`);
  if (only.has('sizes')) sizes();
  if (only.has('paint')) await paint();
  if (only.has('lighthouse')) await lighthouseAll();
  if (only.has('load')) await loadTest();
} finally {
  stopNginx();
  stopServer();
}
report.loadAverageAtEnd = os.loadavg().map((value) => Number(value.toFixed(2)));
fs.mkdirSync('tests/bench/results', { recursive: true });
fs.writeFileSync('tests/bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `\nLoad average at end: ${(report.loadAverageAtEnd as number[]).join(', ')}. Full report: tests/bench/results/latest.json`,
);
