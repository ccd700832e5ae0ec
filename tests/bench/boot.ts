// npm run bench -- --only=boot: what a first visit costs the main thread on a slow phone, on every page:
// Lighthouse's script evaluation at load (bootup-time) and Total Blocking Time, median of the runs, beside
// the limits of decision 085, and in how many runs the navigation's commit took 10 ms (decision 104). With
// --baseline=DIR (another checkout, built) its site is measured too, its runs interleaved with this one's, so
// both meet the same load on a shared machine.
import os from 'node:os';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { CHROMIUM_ARGS, findChromium } from '../support/browser/chromium.mjs';
import { commitTaskMs, LANTERN_KEPT_TASK_MS, type TraceEvent } from './commitTask';
import { emulatingMultiplier } from './cpuCalibration';

/** Decision 085's limits, median of five runs, mobile preset. */
export const BOOT_LIMITS = { bootupMs: 250, tbtMs: 50 };

interface BootSample {
  bootupMs: number;
  tbtMs: number;
  /** The 1-minute load average when the run started. */
  load: number;
  /** This host's benchmark index as Lighthouse measured it at the run's start. */
  benchmarkIndex: number;
  /** The navigation's commit task, ms of this host's time (commitTask.ts); absent if the trace lacks it. */
  commitMs?: number;
}

interface BootRow {
  path: string;
  site: string;
  bootupMs: number;
  tbtMs: number;
  load: number;
  benchmarkIndex: number;
  runs: BootSample[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function sample(port: number, url: string, cpuMultiplier: number): Promise<BootSample | undefined> {
  const load = os.loadavg()[0]!;
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyAudits: ['bootup-time', 'total-blocking-time'],
    throttling: { cpuSlowdownMultiplier: cpuMultiplier },
  });
  const audits = result?.lhr.audits;
  const bootupMs = audits?.['bootup-time']?.numericValue;
  const tbtMs = audits?.['total-blocking-time']?.numericValue;
  // A run Lighthouse could not finish (no paint seen in time on a busy machine) is left out, not ranked.
  if (bootupMs === undefined || tbtMs === undefined || !Number.isFinite(tbtMs)) return undefined;
  const events = (result!.artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents;
  const commitMs = commitTaskMs(events, result!.lhr.finalDisplayedUrl);
  return {
    bootupMs: Math.round(bootupMs),
    tbtMs: Math.round(tbtMs),
    load: Number(load.toFixed(2)),
    benchmarkIndex: Math.round(result!.lhr.environment.benchmarkIndex),
    ...(commitMs === undefined ? {} : { commitMs: Number(commitMs.toFixed(1)) }),
  };
}

/** Lighthouse's CPU slowdown: a multiplier, or the host to emulate by its benchmark index (at 4×, cpuCalibration.ts). */
export type BootCpu = { multiplier: number } | { emulateIndex: number };

/** Runs of the first page that only measure this host's benchmark index, when a slower host is emulated. */
const CALIBRATION_RUNS = 3;

/** Measures each page on each site (name → origin), in rounds over every page with the sites interleaved, and prints the medians beside the limits. */
export async function measureBoot(
  sites: Record<string, string>,
  paths: readonly string[],
  runs: number,
  cpu: BootCpu,
): Promise<BootRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const names = Object.keys(sites);
  let cpuMultiplier = 'multiplier' in cpu ? cpu.multiplier : 4;
  if ('emulateIndex' in cpu) {
    const indices: number[] = [];
    for (let run = 0; run < CALIBRATION_RUNS; run += 1) {
      const measured = await sample(chrome.port, `${Object.values(sites)[0]}${paths[0]}`, 4);
      if (measured) indices.push(measured.benchmarkIndex);
    }
    const hostIndex = median(indices);
    cpuMultiplier = Number(emulatingMultiplier(hostIndex, cpu.emulateIndex).toFixed(2));
    console.log(
      `\nThis host's benchmark index: ${indices.join(', ')} (median ${hostIndex}); a host of ${cpu.emulateIndex} at 4× is emulated at ${cpuMultiplier}×.`,
    );
  }
  console.log(
    `\n## First visit's main thread: Lighthouse mobile, CPU ${cpuMultiplier}×, median of ${runs} (limits: boot-up ≤ ${BOOT_LIMITS.bootupMs} ms, TBT ≤ ${BOOT_LIMITS.tbtMs} ms)\n`,
  );
  const samples = new Map<string, BootSample[]>(paths.flatMap((path) => names.map((name) => [`${name} ${path}`, []])));
  try {
    // Round by round over every page, not a page's runs in a row (decision 104): a browser just launched
    // commits its first navigations slower, and the page measured first would take all of that.
    for (let run = 0; run < runs; run += 1) {
      for (const path of paths) {
        // Each run in the other order, so that neither site always comes first.
        for (const name of run % 2 ? [...names].reverse() : names) {
          const measured = await sample(chrome.port, `${sites[name]}${path}`, cpuMultiplier);
          if (measured) samples.get(`${name} ${path}`)!.push(measured);
        }
      }
    }
  } finally {
    chrome.kill();
  }
  console.log(
    `| page | site | boot-up | TBT | runs' range | commit ≥ ${LANTERN_KEPT_TASK_MS} ms | load (1 min) | benchmark index | runs |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
  );
  const rows: BootRow[] = [];
  for (const path of paths) {
    for (const name of names) {
      const taken = samples.get(`${name} ${path}`)!;
      if (!taken.length) {
        console.log(`| ${path} | ${name} | all ${runs} runs failed | | | | | 0 |`);
        continue;
      }
      const row = {
        path,
        site: name,
        bootupMs: median(taken.map((s) => s.bootupMs)),
        tbtMs: median(taken.map((s) => s.tbtMs)),
        load: median(taken.map((s) => s.load)),
        benchmarkIndex: median(taken.map((s) => s.benchmarkIndex)),
        runs: taken,
      };
      const mark = (value: number, limit: number) => `${value} ms${value > limit ? ' (over)' : ''}`;
      // A single page's runs spread widely on a shared host (decision 101): the range says how far a median holds.
      const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
      const spread = `boot-up ${range(taken.map((s) => s.bootupMs))}, TBT ${range(taken.map((s) => s.tbtMs))} ms`;
      // In how many runs Lantern kept the commit, which put the page's first render past its first paint (decision 104).
      const kept = taken.filter((s) => s.commitMs !== undefined && s.commitMs >= LANTERN_KEPT_TASK_MS).length;
      const read = taken.filter((s) => s.commitMs !== undefined).length;
      console.log(
        `| ${path} | ${name} | ${mark(row.bootupMs, BOOT_LIMITS.bootupMs)} | ${mark(row.tbtMs, BOOT_LIMITS.tbtMs)} | ${spread} | ${kept} of ${read} | ${row.load} | ${row.benchmarkIndex} | ${taken.length} |`,
      );
      rows.push(row);
    }
  }
  return rows;
}
