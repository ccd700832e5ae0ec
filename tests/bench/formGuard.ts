// npm run bench -- --only=guard: the public forms' guard on the built server (decision 073). How long a phone takes
// to get and solve a form's proof of work (Chromium, its CPU slowed 4×), and the pages' p99 while 1,000 scripted
// posts that never loaded the form flood each form, with what the flood delivered. Reported, never failed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium } from '@playwright/test';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

import { openSqliteDatabase } from '../../server/db';
import { DEFAULT_GUARD_SETTINGS } from '../../server/formGuard/settings';
import { PROOF_ENDPOINT } from '../../shared/lib/formGuard';
import { CHROMIUM_ARGS, findChromium } from '../support/browser/chromium.mjs';
import { SERVER_ARGS } from '../support/serverCommand';
import { freePort, startServer } from '../support/serverProcess';
import type { LoadResult } from './wrk';
import { pinnedCommand, SERVER_CPU, wrk } from './wrk';

/** Solves timed per form: a median and the slowest say more than one try. */
const SOLVES = 9;
/** Solves of the worst challenge (its secret number the largest the difficulty allows), per form. */
const WORST_SOLVES = 5;
/** Posts to each form, and how many are under way at once. */
const FLOOD_POSTS = 1000;
const FLOOD_AT_ONCE = 20;

export interface GuardFigures {
  solveMs: {
    cpuSlowdown: number;
    form: string;
    medianMs: number;
    slowestMs: number;
    /** The challenge whose answer is the last number the solver tries (proofWork): the most a solve takes. */
    worstCase: { proofWork: number; medianMs: number; slowestMs: number };
  }[];
  pages: { path: string; quiet: LoadResult; flooded: LoadResult; p99Ratio: number }[];
  flood: { posts: number; seconds: number; delivered: number; held: number; refused: number; outbox: number };
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

/** 1,000 posts to each form, as a script that never loaded it sends them: no page token, no proof. */
async function flood(origin: string): Promise<{ seconds: number; refused: number }> {
  const started = performance.now();
  let sent = 0;
  let refused = 0;
  const post = async (i: number) => {
    const contact = i % 2 === 0;
    const n = Math.floor(i / 2);
    const body = contact
      ? { name: `Bot ${n}`, email: `bot${n}@example.com`, message: `Buy now ${n}`, service: 'consultation' }
      : { email: `bot${n}@example.com` };
    await fetch(`${origin}${contact ? '/api/contact' : '/api/subscribe'}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, 'X-Forwarded-For': `10.9.${n % 250}.${i % 2}` },
      body: JSON.stringify(body),
    }).then((response) => {
      if (response.status === 429) refused++; // over the per-client limit per minute
      return response.arrayBuffer();
    });
  };
  const lanes = Array.from({ length: FLOOD_AT_ONCE }, async () => {
    while (sent < FLOOD_POSTS * 2) await post(sent++);
  });
  await Promise.all(lanes);
  return { seconds: (performance.now() - started) / 1000, refused };
}

export async function measureFormGuard(cpuSlowdown: number): Promise<GuardFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-guard-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Each post names a client of its own (one proxy hop trusted), as a flood from many addresses would.
  // Pinned to the servers' CPU, as the other load runs are, with wrk on the other (wrk.ts).
  const server = await startServer(
    port,
    { DATA_DIR: dir, SITE_URL: origin, LOG_LEVEL: 'warn', TRUST_PROXY: '1' },
    pinnedCommand(SERVER_CPU, process.execPath, SERVER_ARGS),
  );
  try {
    const solveMs = await solveTimes(origin, cpuSlowdown);
    const pages: GuardFigures['pages'] = [];
    let seconds = 0;
    let refused = 0;
    for (const page of ['/contact', '/blog']) {
      await fetch(`${origin}${page}`);
      const options = { connections: 10, seconds: 5, headers: { 'Accept-Encoding': 'br' } };
      const quiet = await wrk(`${origin}${page}`, options);
      // The flood and the load at once: the pages' p99 while the posts arrive (wrk runs as long as it lasts).
      const posts = flood(origin);
      const flooded = await wrk(`${origin}${page}`, options);
      const flooding = await posts;
      seconds += flooding.seconds;
      refused += flooding.refused;
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
      refused,
      outbox: await count('outbox'),
    };
    db.close();
    return { solveMs, pages, flood: figures };
  } finally {
    if (server.child.exitCode === null) await server.stop();
  }
}
