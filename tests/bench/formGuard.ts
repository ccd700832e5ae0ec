// npm run bench -- --only=guard: the public forms' guard on the built server (decisions 073, 089). How long a phone
// takes to get and solve a form's proof of work (Chromium, its CPU slowed 4×), and the pages' p99 while 1,000
// scripted posts that never loaded the form flood each form, with what the flood delivered. Reported, never failed.
// The server runs on one CPU; the flood and a probe asking for the page at a low rate run on the other, each a
// process of its own (guardLoad.ts): the p99 is a visitor's, not that of a load generator saturating the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from '@playwright/test';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

import { openSqliteDatabase } from '../../server/db';
import { DEFAULT_GUARD_SETTINGS } from '../../server/formGuard/settings';
import { PROOF_ENDPOINT } from '../../shared/lib/formGuard';
import { CHROMIUM_ARGS, findChromium } from '../support/browser/chromium.mjs';
import { SERVER_ARGS } from '../support/serverCommand';
import { freePort, startServer } from '../support/serverProcess';
import type { FloodResult, ProbeResult } from './guardLoad';
import { LOAD_CPU, pinnedCommand, SERVER_CPU } from './wrk';

/** Solves timed per form: a median and the slowest say more than one try. */
const SOLVES = 9;
/** Solves of the worst challenge (its secret number the largest the difficulty allows), per form. */
const WORST_SOLVES = 5;
/** Posts to each form, and how many are under way at once. */
const FLOOD_POSTS = 1000;
const FLOOD_AT_ONCE = 20;
/** The probe asks for the page this often (500 a second, a few per cent of what the server answers), open loop. */
const PROBE_INTERVAL_MS = 2;
/** How long the quiet page is probed. */
const QUIET_SECONDS = 5;
const GUARD_LOAD = fileURLToPath(new URL('./guardLoad.ts', import.meta.url));

export interface GuardFigures {
  solveMs: {
    cpuSlowdown: number;
    form: string;
    medianMs: number;
    slowestMs: number;
    /** The challenge whose answer is the last number the solver tries (proofWork): the most a solve takes. */
    worstCase: { proofWork: number; medianMs: number; slowestMs: number };
  }[];
  pages: { path: string; quiet: ProbeResult; flooded: ProbeResult; p99Ratio: number }[];
  flood: {
    posts: number;
    seconds: number;
    /** Each answer's status and its count: 201 and 202 are the forms' thanks, 429 the per-minute limit. */
    statuses: Record<string, number>;
    delivered: number;
    held: number;
    outbox: number;
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The solver's chunk in the build: what a form imports at its first focus. */
function solverChunk(): string {
  const dir = path.join('dist', 'client', 'static', 'js');
  const file = fs.readdirSync(dir).find((name) => /^formProof-\w+\.js$/.test(name));
  if (!file) throw new Error('No formProof chunk in dist/client/static/js: run npm run build.');
  return `/static/js/${file}`;
}

/** The challenge a solver takes longest on: its secret number is the last below the difficulty. */
async function worstChallenge(form: string) {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: DEFAULT_GUARD_SETTINGS.proofWork - 1,
    deriveKey,
    data: { form },
    hmacSignatureSecret: 'bench',
  });
  return JSON.stringify({ challenge, token: '' });
}

/** The chunk's own proveForm in a page of the site, its CPU slowed by `slowdown` (Chromium's throttling). */
async function solveTimes(origin: string, slowdown: number): Promise<GuardFigures['solveMs']> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/contact`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const chunk = solverChunk();
    const rows: GuardFigures['solveMs'] = [];
    const timed = (form: string, solves: number) =>
      page.evaluate(
        async ({ chunk, form, solves }) => {
          const { proveForm } = (await import(chunk)) as {
            proveForm: (form: string) => Promise<{ proof: string }>;
          };
          const ms: number[] = [];
          for (let i = 0; i < solves; i++) {
            const started = performance.now();
            const { proof } = await proveForm(form);
            if (!proof) throw new Error('no proof solved');
            ms.push(performance.now() - started);
          }
          return ms;
        },
        { chunk, form, solves },
      );
    for (const form of ['contact', 'newsletter']) {
      const times = await timed(form, SOLVES);
      // The same solver on the worst challenge, answered by the browser itself in place of the site's.
      const worst = await worstChallenge(form);
      await page.route(`**${PROOF_ENDPOINT}?form=${form}`, (route) =>
        route.fulfill({ contentType: 'application/json', body: worst }),
      );
      const worstTimes = await timed(form, WORST_SOLVES);
      await page.unroute(`**${PROOF_ENDPOINT}?form=${form}`);
      rows.push({
        cpuSlowdown: slowdown,
        form,
        medianMs: Math.round(median(times)),
        slowestMs: Math.round(Math.max(...times)),
        worstCase: {
          proofWork: DEFAULT_GUARD_SETTINGS.proofWork,
          medianMs: Math.round(median(worstTimes)),
          slowestMs: Math.round(Math.max(...worstTimes)),
        },
      });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

/** A client of guardLoad.ts on the load's CPU: started once it says "ready", its JSON line once it is done. */
async function loadClient<T>(args: string[]) {
  const [command, commandArgs] = pinnedCommand(LOAD_CPU, process.execPath, ['--import', 'tsx', GUARD_LOAD, ...args]);
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  let ready: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.startsWith('ready\n')) ready();
  });
  const result = new Promise<T>((resolve, reject) =>
    child.on('exit', (code) => {
      const line = output.split('\n').find((row) => row.startsWith('{'));
      if (line) resolve(JSON.parse(line) as T);
      else reject(new Error(`${args[0]} exited with ${code}: ${output}`));
    }),
  );
  await started;
  return { child, result };
}

/**
 * The page's latencies while `during` runs (a quiet wait, or the flood), from a probe asking for it at a low rate;
 * `during` calls `begin` when what it measures has begun, and the probe forgets what it measured before.
 */
async function probed(url: string, during: (begin: () => void) => Promise<unknown>): Promise<ProbeResult> {
  const probe = await loadClient<ProbeResult>(['probe', url, String(PROBE_INTERVAL_MS)]);
  try {
    await during(() => probe.child.kill('SIGUSR2'));
  } finally {
    probe.child.kill('SIGTERM'); // never left asking once what it measures has failed
  }
  return probe.result;
}

/** `solve`: time the proof in a browser too (the flood alone otherwise: `--guard=flood`). */
export async function measureFormGuard(cpuSlowdown: number, solve = true): Promise<GuardFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-guard-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Each post names a client of its own (one proxy hop trusted), as a flood from many addresses would.
  // Pinned to the servers' CPU, as the other load runs are, with the flood and the probe on the other (wrk.ts).
  const server = await startServer(
    port,
    { DATA_DIR: dir, SITE_URL: origin, LOG_LEVEL: 'warn', TRUST_PROXY: '1' },
    pinnedCommand(SERVER_CPU, process.execPath, SERVER_ARGS),
  );
  try {
    const solveMs = solve ? await solveTimes(origin, cpuSlowdown) : [];
    const pages: GuardFigures['pages'] = [];
    let seconds = 0;
    const statuses: Record<string, number> = {};
    for (const page of ['/contact', '/blog']) {
      const url = `${origin}${page}`;
      await fetch(url);
      const quiet = await probed(url, () => new Promise((resolve) => setTimeout(resolve, QUIET_SECONDS * 1000)));
      const flooded = await probed(url, async (begin) => {
        const posts = await loadClient<FloodResult>(['flood', origin, String(FLOOD_POSTS), String(FLOOD_AT_ONCE)]);
        begin(); // the flood's first posts are on their way
        const done = await posts.result;
        seconds += done.seconds;
        for (const [status, n] of Object.entries(done.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
      });
      pages.push({ path: page, quiet, flooded, p99Ratio: Number((flooded.p99Ms / quiet.p99Ms).toFixed(2)) });
    }
    // Read once the server has stopped: it writes the last held posts as it stops.
    await server.stop();
    const db = openSqliteDatabase(dir);
    const count = async (table: string) =>
      Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);
    const figures = {
      posts: FLOOD_POSTS * 2 * pages.length,
      seconds: Number(seconds.toFixed(1)),
      delivered: (await count('leads')) + (await count('subscribers')),
      held: await count('form_quarantine'),
      statuses,
      outbox: await count('outbox'),
    };
    db.close();
    return { solveMs, pages, flood: figures };
  } finally {
    if (server.child.exitCode === null) await server.stop();
  }
}
