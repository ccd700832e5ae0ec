// npm run bench: the site beside nginx serving a static, precompressed copy of the same
// built pages (the limit for this machine), on every route: Lighthouse (mobile, simulated
// throttling), requests per second and p99 under load (wrk, beside a bare node:http server
// writing the site's own answers), bytes before the first paint, sizes, and the timings the tests no longer assert.
//   npm run bench                          everything but the flood
//   npm run bench -- --only=sizes,load     a subset (sizes, paint, lighthouse, load, flood, timings)
//   npm run bench -- --runs=5              Lighthouse runs per route and server (median reported)
//   npm run bench -- --cpu-multiplier=2    Lighthouse's CPU slowdown (default 4×; see cpuCalibration.ts)
//   npm run bench -- --paths=/,/es/blog    some pages only (default: every page)
//   npm run bench -- --workers=1           load: the site with WEB_CONCURRENCY=1 only (default 1,2)
//   npm run bench -- --seconds=10 --connections=50   load: each wrk run
//   npm run bench -- --only=flood --flood-seconds=600   random unknown paths and query strings: RSS and kept pages
//   npm run bench -- --only=load,flood --articles=2000   the same with that many articles published (--no-nginx: without it)
//   npm run bench -- --only=articles --articles=2000   a lab of that many articles: each one and each blog page asked for in br, gzip and identity, then the RSS beside 400 MB
//                                          (--uncounted: its read times left to the site's first start, as just after their migration)
//   npm run bench -- --only=timings        rates and durations once asserted by tests, beside their limits (timings.ts)
//   npm run bench -- --only=uploads        a 12-megapixel cover photo: the save's request time and its time to ready (uploads.ts)
//   npm run bench -- --only=boot --baseline=../other   boot-up and TBT beside their limits, runs interleaved with another built checkout's (boot.ts)
//   npm run bench -- --only=boot --emulate-index=1100  the same as on a host of that benchmark index at 4× (cpuCalibration.ts)
//   npm run bench -- --only=scale          the large lab's console and heavy jobs at 1/100, 1/10 and 1× (scale/table.ts)
//   npm run bench -- --only=scale --factors=0.01,0.1 --engines=sqlite   some sizes, one engine
//   npm run bench -- --only=slots          the intro call's free times: 3 people, 60 days, 1,000 busy intervals (slots.ts)
//   npm run bench -- --only=guard          the forms' proof of work solved at 4× CPU slowdown, and the pages' p99 while
//                                          1,000 scripted posts flood each form (formGuard.ts)
//   npm run bench -- --only=guard --guard=flood   the flood alone
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { seedSitePages } from '../../shared/routes';
import { CHROMIUM_ARGS, findChromium } from '../support/browser/chromium.mjs';
import { seedManyArticles } from '../support/manyArticles';
import { SERVER_ARGS, SERVER_ENV, TEST_ANALYTICS_KEY } from '../support/serverCommand';
import { freePort } from '../support/serverProcess';
import type { BareAnswers } from './bareNode';
import { measureBoot } from './boot';
import { calibratedMultiplier, SLOW_HOST_BENCHMARK_INDEX } from './cpuCalibration';
import { measureFormGuard } from './formGuard';
import { securityHeaders, startNginx } from './nginx';
import { readTree, rssKb } from './processTree';
import { scaleTables } from './scale/table';
import { compressedSize, firstVisitJs, readBuildManifest, routeChunk } from './sizes';
import { measureSlots } from './slots';
import { measureTimings } from './timings';
import { measureUploads } from './uploads';
import type { LoadResult } from './wrk';
import { PINNED, pinnedCommand, SERVER_CPU, wrk, wrkWarning } from './wrk';

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const only = new Set((args.get('only') ?? 'sizes,paint,lighthouse,load,timings,uploads,guard,slots').split(','));
const workerCounts = (args.get('workers') ?? '1,2').split(',').map(Number);
const loadSeconds = Number(args.get('seconds') ?? 10);
const connections = Number(args.get('connections') ?? 50);
const floodSeconds = Number(args.get('flood-seconds') ?? 600);
const runs = Number(args.get('runs') ?? 5);
// --no-nginx: the load's table without the static peer, on a host without nginx.
const withNginx = !args.has('no-nginx');
// Lighthouse's own mobile default unless told otherwise, so figures compare with anyone else's.
const cpuMultiplier = args.has('cpu-multiplier') ? Number(args.get('cpu-multiplier')) : 4;
// Free loopback ports, so the bench runs beside a dev server or the browser tests.
const PORT = await freePort();
const NGINX_PORT = await freePort();
const BARE_PORT = await freePort();
const servers = { site: `http://127.0.0.1:${PORT}`, nginx: `http://127.0.0.1:${NGINX_PORT}` };
const bareOrigin = `http://127.0.0.1:${BARE_PORT}`;
type Server = keyof typeof servers;
// Every page a visitor can open: each article and legal page too.
const paths = args.get('paths')?.split(',') ?? seedSitePages.map((page) => page.path);
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

/** A started server: its process (taskset execs the command, so the same pid) and how to stop it. */
interface Started {
  child: ChildProcess;
  stop: () => void;
}

/** Polls a URL until it answers, or rejects when the process exits first. */
function answering(child: ChildProcess, url: string, stop: () => void): Promise<Started> {
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      fetch(url).then(
        (response) => {
          if (!response.ok) return;
          clearInterval(poll);
          child.removeAllListeners('exit');
          resolve({ child, stop });
        },
        () => {},
      );
    }, 200);
    child.on('exit', (code) => {
      clearInterval(poll);
      reject(new Error(`${url}: the server exited with ${code}`));
    });
  });
}

/**
 * The built site on `port`: one process pinned to the servers' core, or with `workers` above 1 that many
 * (WEB_CONCURRENCY), on every core, sharing them with wrk.
 */
function startServer(
  port = PORT,
  workers = 1,
  { cwd = process.cwd(), dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-')) } = {},
): Promise<Started> {
  const [command, commandArgs] = pinnedCommand(SERVER_CPU, process.execPath, SERVER_ARGS, PINNED && workers === 1);
  const child = spawn(command, commandArgs, {
    cwd,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The origin Lighthouse loads the pages from: the beacons' same-site check accepts it.
      SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: String(workers),
      DATA_DIR: dataDir,
      ...TEST_ANALYTICS_KEY,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return answering(child, `http://127.0.0.1:${port}/healthz`, () => child.kill('SIGTERM'));
}

/**
 * Where a server started here keeps its data: with --articles=N (beside load or flood), a lab of that many
 * published articles (decision 090: the kept pages' figures with all of them), else a fresh install's.
 */
async function siteDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-'));
  if (args.has('articles') && !only.has('articles'))
    await seedManyArticles(dataDir, Math.ceil(Number(args.get('articles')) / 2));
  return dataDir;
}

/** The boot section: this site, and beside it the built checkout --baseline names, if any. */
async function boot() {
  const baselineDir = args.get('baseline');
  const sites: Record<string, string> = { site: servers.site };
  let baseline: Started | undefined;
  try {
    if (baselineDir) {
      const port = await freePort();
      sites.baseline = `http://127.0.0.1:${port}`;
      baseline = await startServer(port, 1, { cwd: path.resolve(baselineDir) });
      await warmUp(sites.baseline);
    }
    const emulated = args.get('emulate-index');
    report.boot = await measureBoot(
      sites,
      paths,
      runs,
      emulated ? { emulateIndex: Number(emulated) } : { multiplier: cpuMultiplier },
    );
  } finally {
    baseline?.stop();
  }
}

/** First visits render and keep each page; the measurements below are of the kept pages, as every later visitor gets them. */
async function warmUp(origin = servers.site) {
  for (let round = 0; round < 3; round += 1) {
    for (const page of paths)
      await (await fetch(`${origin}${page}`, { headers: { 'Accept-Encoding': BROWSER_ENCODINGS } })).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function sizes() {
  const manifest = readBuildManifest();
  console.log(
    '\n## Sizes (compressed bytes as served)\n\n| page | first-visit JS br | gzip | own chunk br | inline CSS raw | inline CSS br |\n| --- | --- | --- | --- | --- | --- |',
  );
  const rows = seedSitePages.map((page) => {
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

/** One answer of a server as it went on the wire: status, headers as sent, the body's bytes undecoded. */
function rawAnswer(url: string, encoding: string): Promise<BareAnswers[string]['br']> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': encoding }, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          // What Node writes itself, or what describes this connection, not the answer.
          const own = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
          const headers: string[] = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2)
            if (!own.has(response.rawHeaders[i]!.toLowerCase()))
              headers.push(response.rawHeaders[i]!, response.rawHeaders[i + 1]!);
          resolve({ status: response.statusCode!, headers, body: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

/** Node's own limit for the site's answers (bareNode.ts): the same bytes and headers, pinned like the site. */
async function startBareNode(): Promise<Started> {
  const answers: BareAnswers = {};
  for (const page of paths) {
    const url = `${servers.site}${page}`;
    answers[page] = {
      br: await rawAnswer(url, 'br'),
      gzip: await rawAnswer(url, 'gzip'),
      identity: await rawAnswer(url, 'identity'),
    };
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bare-')), 'answers.json');
  fs.writeFileSync(file, JSON.stringify(answers));
  // With the site's V8 flags: without them an idle spell between its runs shrinks its heap (decision 055),
  // and its later pages ran up to a fifth slower, flattering the site's ratio.
  const [command, commandArgs] = pinnedCommand(SERVER_CPU, process.execPath, [
    ...SERVER_ARGS.filter((arg) => arg.startsWith('--')),
    'tests/bench/bareNode.ts',
    String(BARE_PORT),
    file,
  ]);
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
  return answering(child, `${bareOrigin}${paths[0]}`, () => child.kill('SIGTERM'));
}

const load = (url: string, options: { script?: string; seconds?: number; connections?: number } = {}) =>
  wrk(url, {
    connections: options.connections ?? connections,
    seconds: options.seconds ?? loadSeconds,
    headers: { 'Accept-Encoding': BROWSER_ENCODINGS },
    script: options.script,
  });
const ms = (value: number) => `${value.toFixed(1)} ms`;
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));

/**
 * Requests per second and p99 of the kept pages: the site (WEB_CONCURRENCY=1), bare node:http writing the
 * same answers and nginx, each pinned to CPU 0 with wrk on CPU 1, one after the other for each page; then
 * the site with more workers, on every core, wrk sharing them.
 */
/**
 * A short load on every page before a server is measured, as any benchmark warms up: V8 compiles the hot
 * paths and the heap settles under load, which otherwise lands in the p99 of whichever page comes first.
 */
async function warmUnderLoad(origin: string) {
  for (const page of paths) await load(`${origin}${page}`, { seconds: 1 });
}

async function loadTest(site: Started) {
  const bare = await startBareNode();
  const rows = [];
  const runs: LoadResult[] = [];
  try {
    await warmUnderLoad(servers.site);
    await warmUnderLoad(bareOrigin);
    console.log(
      `\n## Load: wrk, ${connections} connections, ${loadSeconds} s, loopback, Accept-Encoding: ${BROWSER_ENCODINGS}\n`,
    );
    console.log(
      PINNED
        ? 'Each server pinned to CPU 0 (taskset), wrk to CPU 1. The site runs with WEB_CONCURRENCY=1; bare node:http writes the same bytes and headers.\n'
        : 'One core: servers and wrk share it (no pinning), so every figure is low.\n',
    );
    console.log(
      '| page | site req/s | site p99 | bare node req/s | bare p99 | nginx req/s | nginx p99 | site ÷ bare | site ÷ nginx | CPU µs per answer: site, bare | errors |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const page of paths) {
      const result = {
        site: await measured(site.child.pid!, `${servers.site}${page}`),
        bare: await measured(bare.child.pid!, `${bareOrigin}${page}`),
        nginx: withNginx ? await load(`${servers.nginx}${page}`) : undefined,
      };
      runs.push(result.site, result.bare, ...(result.nginx ? [result.nginx] : []));
      const row = {
        path: page,
        ...result,
        toBare: ratio(result.site.requestsPerSecond, result.bare.requestsPerSecond),
        toNginx: result.nginx ? ratio(result.site.requestsPerSecond, result.nginx.requestsPerSecond) : undefined,
      };
      console.log(
        `| ${page} | ${result.site.requestsPerSecond} | ${ms(result.site.p99Ms)} | ${result.bare.requestsPerSecond} | ${ms(result.bare.p99Ms)} | ${result.nginx?.requestsPerSecond ?? '–'} | ${result.nginx ? ms(result.nginx.p99Ms) : '–'} | ${row.toBare}× | ${row.toNginx ?? '–'}× | ${result.site.cpuUsPerRequest}, ${result.bare.cpuUsPerRequest} | ${result.site.errors + result.bare.errors + (result.nginx?.errors ?? 0)} |`,
      );
      rows.push(row);
    }
  } finally {
    bare.stop();
  }
  const warning = wrkWarning(runs);
  if (warning) console.log(`\n${warning}`);
  const byWorkers: Record<string, unknown> = { 1: rows };
  for (const workers of workerCounts.filter((count) => count > 1)) {
    site.stop();
    const port = await freePort();
    const many = await startServer(port, workers);
    const origin = `http://127.0.0.1:${port}`;
    const manyRows = [];
    const manyRuns: LoadResult[] = [];
    try {
      await warmUp(origin);
      // Each worker keeps its own pages: asked often enough that every one has them.
      for (let round = 0; round < workers * 2; round += 1) await warmUp(origin);
      await warmUnderLoad(origin);
      console.log(
        `\n## Load with WEB_CONCURRENCY=${workers}: ${workers} workers on every core, wrk sharing them (${PINNED ? 'unpinned, 2 threads' : 'one core'})\n`,
      );
      console.log(
        '| page | site N=1 req/s | site N=' +
          workers +
          ' req/s | N=' +
          workers +
          ' p99 | N=' +
          workers +
          ' ÷ N=1 | errors |\n| --- | --- | --- | --- | --- | --- |',
      );
      for (const row of rows) {
        const result = await wrk(`${origin}${row.path}`, {
          connections,
          seconds: loadSeconds,
          headers: { 'Accept-Encoding': BROWSER_ENCODINGS },
          pinned: false,
        });
        manyRuns.push(result);
        console.log(
          `| ${row.path} | ${row.site.requestsPerSecond} | ${result.requestsPerSecond} | ${ms(result.p99Ms)} | ${ratio(result.requestsPerSecond, row.site.requestsPerSecond)}× | ${result.errors} |`,
        );
        manyRows.push({ path: row.path, site: result });
      }
    } finally {
      many.stop();
    }
    const manyWarning = wrkWarning(manyRuns);
    if (manyWarning) console.log(`\n${manyWarning}`);
    byWorkers[workers] = manyRows;
  }
  report.load = byWorkers;
}

/**
 * A load run and the server's CPU time per answer in it (µs): unlike req/s, barely moved by other work on
 * the machine, so it compares the site with bare Node where the machine is shared.
 */
async function measured(pid: number, url: string): Promise<LoadResult & { cpuUsPerRequest: number }> {
  const before = readTree(pid, 'cpuSeconds');
  const result = await load(url);
  const cpu = readTree(pid, 'cpuSeconds') - before;
  const answered = result.requestsPerSecond * loadSeconds;
  return { ...result, cpuUsPerRequest: Math.round((cpu / Math.max(answered, 1)) * 1e6) };
}

/**
 * A wrk script: every request a known page with a new query string, and with `unknownToo` every other
 * request a new unknown path instead.
 */
function floodScript(unknownToo: boolean): string {
  const known = paths.map((page) => `"${page}"`).join(', ');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lab-flood-')), 'flood.lua');
  fs.writeFileSync(
    file,
    `math.randomseed(os.time())
local known = { ${known} }
request = function()
  local n = math.random(1, 2147483647)
  if ${unknownToo ? 'n % 2 == 0' : 'false'} then
    return wrk.format("GET", "/no-such-page-" .. n .. "/" .. math.random(1, 2147483647))
  end
  return wrk.format("GET", known[n % #known + 1] .. "?q=" .. n .. "&utm_source=" .. math.random(1, 2147483647))
end
`,
  );
  return file;
}

/**
 * A flood of random unknown paths and random query strings on the pages, for floodSeconds: the site's
 * resident memory every few seconds (it must stay flat), and a kept page's rate and p99 before, during
 * (in the last seconds, beside the flood, both wrk on the load generator's core) and after.
 */
async function flood() {
  const port = await freePort();
  const fresh = await startServer(port, 1, { dataDir: await siteDataDir() });
  const origin = `http://127.0.0.1:${port}`;
  const page = paths[0]!;
  const script = floodScript(true);
  try {
    await warmUp(origin);
    await warmUnderLoad(origin);
    const before = await load(`${origin}${page}`);
    const randomQueries = await load(origin, { script: floodScript(false) });
    const start = rssKb(fresh.child.pid!);
    const samples: number[] = [start];
    const sampler = setInterval(() => samples.push(rssKb(fresh.child.pid!)), 5000);
    // Half the connections flood, and in the last seconds the other half ask for the page: as many in flight
    // as before and after, so its rate and p99 compare (a fair share is half the rate).
    const half = Math.ceil(connections / 2);
    const flooding = load(origin, { script, seconds: floodSeconds, connections: half });
    const duringSeconds = Math.min(10, Math.max(2, floodSeconds / 4));
    await new Promise((resolve) => setTimeout(resolve, (floodSeconds - duringSeconds - 1) * 1000));
    const during = await load(`${origin}${page}`, { seconds: duringSeconds, connections: half });
    const flooded = await flooding;
    clearInterval(sampler);
    const end = rssKb(fresh.child.pid!);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const settled = rssKb(fresh.child.pid!);
    const after = await load(`${origin}${page}`);
    const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
    const peak = Math.max(...samples, end);
    console.log(
      `\n## Flood: ${floodSeconds} s of random unknown paths and random query strings (wrk, ${Math.ceil(connections / 2)} connections)\n`,
    );
    console.log(
      `Flood: ${flooded.requestsPerSecond} req/s, p99 ${ms(flooded.p99Ms)}, ${flooded.errors} answers other than 2xx/3xx (the 404s).`,
    );
    console.log(
      `\n| resident memory | at start | peak | at the end | 10 s after | peak ÷ start |\n| --- | --- | --- | --- | --- | --- |`,
    );
    console.log(`| site | ${mb(start)} | ${mb(peak)} | ${mb(end)} | ${mb(settled)} | ${ratio(peak, start)}× |`);
    console.log(`\n| ${page} | req/s | p99 |\n| --- | --- | --- |`);
    console.log(`| before the flood | ${before.requestsPerSecond} | ${ms(before.p99Ms)} |`);
    console.log(
      `| the pages with random query strings, before the flood | ${randomQueries.requestsPerSecond} | ${ms(randomQueries.p99Ms)} |`,
    );
    console.log(
      `| during the flood (the other half of the connections) | ${during.requestsPerSecond} | ${ms(during.p99Ms)} |`,
    );
    console.log(`| after the flood | ${after.requestsPerSecond} | ${ms(after.p99Ms)} |`);
    const warning = wrkWarning([before, randomQueries, during, flooded, after]);
    if (warning) console.log(`\n${warning}`);
    report.flood = {
      seconds: floodSeconds,
      page,
      rssKb: { start, peak, end, settled, samples },
      flooded,
      before,
      randomQueries,
      during,
      after,
    };
  } finally {
    fresh.stop();
  }
}

/**
 * A lab of `--articles` published articles (manyArticles.ts): every article asked for once in brotli and
 * once in gzip, as crawlers and readers would over a day, then the server's resident memory, which the
 * page cache's bound (PAGE_CACHE_MB, decision 083) keeps under 400 MB.
 */
async function manyArticles() {
  const count = Number(args.get('articles') ?? 2000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-articles-'));
  const articlePaths = await seedManyArticles(dataDir, Math.ceil(count / 2), { uncounted: args.has('uncounted') });
  // Every article, and of each blog its first pages and its last, the largest (a page shows the pages before it too).
  const last = Math.ceil((count / 2 - 1) / 6);
  const blogPages = ['/blog', '/es/blog'].flatMap((blog) => [
    blog,
    ...[2, 3, 4, 5, last].map((page) => `${blog}?page=${page}`),
  ]);
  const port = await freePort();
  const started = await startServer(port, 1, { dataDir });
  const origin = `http://127.0.0.1:${port}`;
  const encodings = ['br', 'gzip', 'identity'] as const;
  try {
    const idle = rssKb(started.child.pid!);
    const began = performance.now();
    const largest = { article: 0, blog: 0 };
    let asked = 0;
    let peak = idle;
    for (const encoding of encodings)
      for (const page of [...articlePaths, ...blogPages]) {
        const response = await fetch(`${origin}${page}`, { headers: { 'Accept-Encoding': encoding } });
        if (response.status !== 200) throw new Error(`${page}: ${response.status}`);
        const bytes = (await response.arrayBuffer()).byteLength;
        const kind = page.includes('?') || page.endsWith('blog') ? 'blog' : 'article';
        if (encoding === 'identity') largest[kind] = Math.max(largest[kind], bytes);
        // Along the way too: on a busy machine the run may be stopped before its end.
        if (++asked % 500 === 0) {
          peak = Math.max(peak, rssKb(started.child.pid!));
          console.log(`${asked} answers: ${(rssKb(started.child.pid!) / 1024).toFixed(0)} MB`);
        }
      }
    const seconds = (performance.now() - began) / 1000;
    const end = rssKb(started.child.pid!);
    peak = Math.max(peak, end);
    const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
    console.log(
      `\n## ${articlePaths.length} articles and ${blogPages.length} blog pages, each asked for in ${encodings.join(', ')} (${seconds.toFixed(0)} s)\n`,
    );
    console.log(
      `| resident memory idle | after every page in each encoding | peak seen | bound | largest article HTML | largest blog page HTML |`,
    );
    console.log(`| --- | --- | --- | --- | --- | --- |`);
    console.log(
      `| ${mb(idle)} | ${mb(end)} | ${mb(peak)} | 400 MB (${peak <= 400 * 1024 ? 'within' : 'OVER'}) | ${kb(largest.article)} | ${kb(largest.blog)} |`,
    );
    console.log(
      `Load average: ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}`,
    );
    report.articles = {
      count: articlePaths.length,
      blogPages: blogPages.length,
      seconds,
      rssKb: { idle, end, peak },
      largest,
    };
  } finally {
    started.stop();
  }
}

/** The figures tests once held to a limit (timings.ts): printed beside it, never failing the run. */
async function timings() {
  console.log('\n## Timings the tests no longer assert (the built server; reported, never failed)\n');
  const rows = await measureTimings();
  console.log('| what | measured | limit | within | asserted before by |\n| --- | --- | --- | --- | --- |');
  for (const row of rows)
    console.log(
      `| ${row.what} | ${row.measured} | ${row.limit} | ${row.within === null ? '?' : row.within ? 'yes' : 'NO'} | ${row.was} |`,
    );
  report.timings = rows;
}

/** A 12-megapixel cover photo saved with its article (uploads.ts): printed, never failing the run. */
async function uploads() {
  console.log('\n## A cover photo from a phone (the built server; reported, never failed)\n');
  const times = await measureUploads();
  const ready = times.readyMs === null ? 'never' : `${Math.round(times.readyMs)} ms`;
  console.log(`| photo | the save's request | upload to ready (every width) |\n| --- | --- | --- |`);
  console.log(`| ${times.photo} | ${Math.round(times.requestMs)} ms (limit 2000 ms) | ${ready} (limit 15000 ms) |`);
  report.uploads = times;
}

/** The intro call's free times (slots.ts, decision 088): printed beside the limit, never failing the run. */
async function slots() {
  console.log(`\n## The intro call's free times (SQLite; reported, never failed)\n`);
  const figures = await measureSlots();
  console.log(
    '| people | days | busy intervals | free times | median | p95 (limit 50 ms) |\n| --- | --- | --- | --- | --- | --- |',
  );
  console.log(
    `| ${figures.people} | ${figures.days} | ${figures.busyIntervals} | ${figures.slots} | ${figures.medianMs} ms | ${figures.p95Ms} ms (${figures.p95Ms <= 50 ? 'within' : 'OVER'}) |`,
  );
  report.slots = figures;
}

/** The forms' guard (formGuard.ts, decision 073): printed, never failing the run. */
async function guard() {
  console.log(`\n## The forms' guard (the built server; reported, never failed)\n`);
  const figures = await measureFormGuard(cpuMultiplier, args.get('guard') !== 'flood');
  console.log(
    '| form | CPU slowdown | proof fetched and solved: median | slowest | worst challenge: median | slowest (limit 1000 ms) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const { form, cpuSlowdown, medianMs, slowestMs, worstCase } of figures.solveMs)
    console.log(
      `| ${form} | ${cpuSlowdown}× | ${medianMs} ms | ${slowestMs} ms | ${worstCase.medianMs} ms | ${worstCase.slowestMs} ms (${worstCase.proofWork} hashes) |`,
    );
  console.log(
    `\n| page | p99 quiet | p99 during the flood | ratio (limit 2×) | p50 quiet | p50 flooded | samples quiet | samples flooded |`,
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const { path: page, quiet, flooded, p99Ratio } of figures.pages)
    console.log(
      `| ${page} | ${quiet.p99Ms} ms | ${flooded.p99Ms} ms | ${p99Ratio}× (${p99Ratio <= 2 ? 'within' : 'over'} 2×) | ${quiet.p50Ms} ms | ${flooded.p50Ms} ms | ${quiet.samples} | ${flooded.samples} |`,
    );
  const { posts, seconds, statuses, delivered, held, outbox } = figures.flood;
  const answers = Object.entries(statuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  console.log(
    `\nScripted posts without a page token or proof: ${posts} in ${seconds} s (answers: ${answers}); ${delivered} delivered, ${held} held, ${outbox} e-mails or webhooks queued.`,
  );
  report.guard = figures;
}

// Only these sections measure the site started here, all but boot with nginx beside it; the others start what they need.
const site = ['paint', 'lighthouse', 'load', 'boot'].some((section) => only.has(section))
  ? await startServer(PORT, 1, { dataDir: await siteDataDir() })
  : undefined;
let stopNginx = () => {};
try {
  if (site) await warmUp();
  if (site && withNginx && ['paint', 'lighthouse', 'load'].some((section) => only.has(section))) {
    const headers = await securityHeaders(servers.site);
    stopNginx = await startNginx(servers.site, paths, NGINX_PORT, headers, PINNED ? SERVER_CPU : undefined);
  }
  console.log(`Load average at start: ${(report.loadAverage as number[]).join(', ')} on ${os.cpus().length} CPUs.`);
  if (only.has('sizes')) sizes();
  if (only.has('paint')) await paint();
  if (only.has('lighthouse')) await lighthouseAll();
  if (only.has('boot')) await boot();
  if (site && only.has('load')) await loadTest(site);
  if (only.has('flood')) await flood();
  if (only.has('articles')) await manyArticles();
  if (only.has('timings')) await timings();
  if (only.has('uploads')) await uploads();
  if (only.has('scale'))
    report.scale = await scaleTables(
      (args.get('factors') ?? '0.01,0.1,1').split(',').map(Number),
      (args.get('engines') ?? 'sqlite,postgres').split(','),
    );
  if (only.has('guard')) await guard();
  if (only.has('slots')) await slots();
} finally {
  stopNginx();
  site?.stop();
}
report.loadAverageAtEnd = os.loadavg().map((value) => Number(value.toFixed(2)));
fs.mkdirSync('tests/bench/results', { recursive: true });
fs.writeFileSync('tests/bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `\nLoad average at end: ${(report.loadAverageAtEnd as number[]).join(', ')}. Full report: tests/bench/results/latest.json`,
);
