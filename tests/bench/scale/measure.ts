/**
 * The console and the heavy jobs on a large lab (seed.ts), at a given size on one engine: each console page's
 * server time (p95 of its requests over loopback to the app in this process), then the lead exports (from the app
 * in a process of its own, decision 107), campaign queueing, an erasure, the daily purge, and a back-up and its
 * restore. Reported, never failed: the bounds are beside them in the table scale.ts prints.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

import { createAccountStore } from '../../../server/console/accounts';
import { createSessionStore } from '../../../server/console/sessions';
import type { Database } from '../../../server/db';
import { openDatabase } from '../../../server/db';
import { campaignStore } from '../../../server/newsletter';
import { articleCampaign } from '../../../server/newsletter/articles';
import { QUEUE_BATCH } from '../../../server/newsletter/campaignRunner';
import { erasePersonalData } from '../../../server/privacy/personalData';
import { purgeExpired } from '../../../server/privacy/retention';
import { SERVER_ARGS, SERVER_ENV } from '../../support/serverCommand';
import { npmRun } from '../../support/serverProcess';
import { addAccount } from '../../support/staffHelpers';
import { cpuSeconds, residentKb } from '../processTree';
import { benchConfig, listenApp } from './benchApp';
import type { PagePlans } from './plans';
import { explain, recordingDatabase } from './plans';
import { seedLargeLab } from './seed';

const REQUESTS = 20;
const EXPORT_SERVER = path.join(import.meta.dirname, 'exportServer.ts');
export const OWNER = 'owner@meridianlab.test';

export interface ScaleFigures {
  engine: string;
  factor: number;
  seedSeconds: number;
  /** p95 ms of each console page. */
  pages: Record<string, number>;
  campaign: { recipients: number; seconds: number; longestBatchMs: number };
  exports: Record<'csv' | 'json', { seconds: number; mbAboveIdle: number; bytes: number }>;
  erasureMs: number;
  backupSeconds: number;
  restoreSeconds: number;
  dailyJobsSeconds: number;
  /** What each console page runs, explained on this database. */
  plans: PagePlans[];
}

export const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
const seconds = (start: number) => (performance.now() - start) / 1000;

/** The console's pages a person opens most, at this lab's size. */
async function consolePages(db: Database): Promise<Record<string, string>> {
  const lead = (await db.get<{ id: number }>("SELECT id FROM leads WHERE status = 'won' ORDER BY id DESC LIMIT 1"))!;
  const today = new Date().toISOString().slice(0, 10);
  const quarter = `from=${new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10)}&to=${today}`;
  return {
    'inbox, filtered and searched': '/staff/leads?status=lost&source=google.com&q=garcia',
    'inbox, first page': '/staff/leads',
    'a lead': `/staff/leads/${lead.id}`,
    subscribers: '/staff/subscribers',
    'articles, searched': '/staff/articles?q=cell',
    campaigns: '/staff/newsletter',
    'analytics, 90 days': '/staff/analytics?days=90',
    // The funnel with its monthly value and speed to lead (decision 080), over a quarter.
    'revenue reports': `/staff/reports?${quarter}`,
    'speed to lead': `/staff/reports/speed?${quarter}`,
  };
}

/**
 * Peak resident memory of process `pid` above its level when `work` starts, in MB, sampled every 10 ms. The
 * exports are measured on the app in a process of its own: in this one, the bench's reading of the answer, its
 * earlier pages' garbage and Node's default V8 flags were counted with the export (decision 107).
 */
async function peakAbove<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; mb: number }> {
  const idle = residentKb(pid);
  let peak = idle;
  // A process gone mid-export fails its download, which says why; the sampler only stops counting.
  const sampler = setInterval(() => (peak = Math.max(peak, residentKb(pid))), 10);
  try {
    const result = await work();
    return { result, mb: Math.max(0, (Math.max(peak, residentKb(pid)) - idle) / 1024) };
  } finally {
    clearInterval(sampler);
  }
}

/** The whole measurement at one size on one engine: a fresh database, `databaseUrl`'s when given. */
export async function measureScale(factor: number, databaseUrl?: string): Promise<ScaleFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-scale-'));
  const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const config = benchConfig(env);
  let db = await openDatabase({ dataDir, databaseUrl });
  const seeded = await seedLargeLab(db, { factor, seed: 1 });
  await addAccount(db, OWNER);
  const account = (await createAccountStore(db).find(OWNER))!;
  const cookie = `staff_session=${await createSessionStore(db).create(account.id)}`;
  const recorder = recordingDatabase(db);
  const { server, port } = await listenApp(config, recorder.db);
  const origin = `http://127.0.0.1:${port}`;
  const get = (url: string) => readWhole(`${origin}${url}`, cookie);
  try {
    await articlesLoaded(origin, cookie);
    const pages: Record<string, number> = {};
    const plans: PagePlans[] = [];
    for (const [name, url] of Object.entries(await consolePages(db))) {
      plans.push(await explain(db, name, await recorder.record(() => get(url))));
      const times: number[] = [];
      for (let run = 0; run < REQUESTS; run += 1) {
        const start = performance.now();
        await get(url);
        times.push(performance.now() - start);
      }
      pages[name] = Math.round(p95(times));
    }
    // A fresh password check, as the exports ask for (decision 070): just before them, since it lasts 10 minutes.
    await db.run('UPDATE staff_sessions SET checked_at = ?', new Date().toISOString());
    const exports = await measureExports(dataDir, databaseUrl, cookie);
    const campaign = await queueCampaign(db, config);
    const person = (await db.get<{ email: string }>('SELECT email FROM leads ORDER BY id LIMIT 1 OFFSET 7'))!;
    let start = performance.now();
    await erasePersonalData(db, person.email);
    const erasureMs = Math.round(performance.now() - start);
    start = performance.now();
    await purgeExpired(db);
    const dailyJobsSeconds = seconds(start);
    await new Promise((resolve) => server.close(resolve));
    await db.close();
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-scale-backups-'));
    // Encrypted, as production writes them.
    const backupEnv = {
      ...env,
      BACKUP_DIR: backupDir,
      BACKUP_INTERVAL_HOURS: '0',
      BACKUP_KEY: randomBytes(32).toString('hex'),
    };
    start = performance.now();
    const backedUp = await npmRun('data', ['backup'], dataDir, backupEnv);
    const backupSeconds = seconds(start);
    if (backedUp.code !== 0) throw new Error(`back-up: ${backedUp.stderr}`);
    const { backup } = JSON.parse(backedUp.stdout) as { backup: string };
    start = performance.now();
    const restored = await npmRun('data', ['restore', backup], dataDir, backupEnv);
    const restoreSeconds = seconds(start);
    if (restored.code !== 0) throw new Error(`restore: ${restored.stderr}`);
    db = await openDatabase({ dataDir, databaseUrl });
    await db.close();
    return {
      engine: databaseUrl ? 'postgres' : 'sqlite',
      factor,
      seedSeconds: seeded.seconds,
      pages,
      campaign,
      exports,
      erasureMs,
      backupSeconds,
      restoreSeconds,
      dailyJobsSeconds,
      plans,
    };
  } finally {
    server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Reads an answer as it arrives and lets it go, so that a client holding a whole export is not what is measured. */
async function readWhole(url: string, cookie: string): Promise<number> {
  const response = await fetch(url, { headers: { Cookie: cookie } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
  return bytes;
}

/** The leads' exports from the app in a process of its own (exportServer.ts) on this lab's database, one after the other. */
async function measureExports(dataDir: string, databaseUrl: string | undefined, cookie: string) {
  const child = spawn(
    process.execPath,
    [...SERVER_ARGS.filter((arg) => arg.startsWith('--')), '--import', 'tsx', EXPORT_SERVER],
    {
      env: {
        ...process.env,
        ...SERVER_ENV,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = once(child, 'exit');
  const died = exited.then((): [string] => {
    throw new Error('The export server exited before it listened');
  });
  died.catch(() => {}); // Its exit once measured is no error.
  try {
    const listening = once(readline.createInterface({ input: child.stdout! }), 'line') as Promise<[string]>;
    const [port] = await Promise.race([listening, died]);
    const origin = `http://127.0.0.1:${port}`;
    await articlesLoaded(origin, cookie);
    await quiet(child.pid!);
    const exports = {} as ScaleFigures['exports'];
    for (const format of ['csv', 'json'] as const) {
      const start = performance.now();
      const { result: bytes, mb } = await peakAbove(child.pid!, () =>
        readWhole(`${origin}/staff/leads.${format}`, cookie),
      );
      exports[format] = { seconds: seconds(start), mbAboveIdle: Math.round(mb), bytes };
    }
    return exports;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** Until a process spends under 20 ms of CPU in a second (its start's jobs done), for 30 s at most: "idle". */
async function quiet(pid: number) {
  for (let waited = 0; waited < 30; waited += 1) {
    const before = cpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (cpuSeconds(pid) - before < 0.02) return;
  }
}

/** The app answers 503 until it has loaded the published articles (the articles' loaded gate). */
async function articlesLoaded(origin: string, cookie: string) {
  while ((await fetch(`${origin}/staff/leads`, { headers: { Cookie: cookie } })).status === 503)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

/** A campaign to every subscriber, queued as the runner queues it (QUEUE_BATCH a transaction), each batch timed. */
async function queueCampaign(db: Database, config: ReturnType<typeof benchConfig>) {
  const campaigns = campaignStore(db, config);
  const article = (await db.get<{ id: number }>(
    "SELECT id FROM articles WHERE state = 'published' AND locale = 'en' ORDER BY id DESC LIMIT 1",
  ))!;
  const content = articleCampaign(article.id, config.siteUrl, { en: 'Hello.', es: 'Hola.' });
  const id = content
    ? await campaigns.create(content, article.id)
    : (await db.get<{ id: number }>("SELECT id FROM campaigns WHERE status = 'draft' ORDER BY id LIMIT 1"))!.id;
  await campaigns.schedule(id, new Date(), OWNER);
  await campaigns.startDue();
  const start = performance.now();
  let recipients = 0;
  let longestBatchMs = 0;
  for (;;) {
    const batchStart = performance.now();
    const queued = await campaigns.queueNext(id, QUEUE_BATCH);
    longestBatchMs = Math.max(longestBatchMs, performance.now() - batchStart);
    if (queued === 0) break;
    recipients += queued;
  }
  return { recipients, seconds: seconds(start), longestBatchMs: Math.round(longestBatchMs) };
}
