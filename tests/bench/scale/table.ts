/**
 * npm run bench -- --only=scale [--factors=0.01,0.1,1] [--engines=sqlite,postgres]: the large lab's console and
 * heavy jobs at each size (measure.ts), one table per engine with each figure's bound (issue's points 3 and 4),
 * and how each grew from one size to the next beside how the data grew (growth faster than the data is marked).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { POSTGRES_BIN, startDebianPostgres } from '../../support/debianPostgres';
import { PINNED, SERVER_CPU } from '../wrk';
import type { ScaleFigures } from './measure';
import { measureScale } from './measure';

/** A figure of the table: its name, its bound, and how to read it from the measurement. */
const FIGURES: [string, string, (figures: ScaleFigures) => number][] = [
  ['seed (s)', '≤ 600', (f) => f.seedSeconds],
  ...(
    [
      ['inbox, filtered and searched', '≤ 100'],
      ['inbox, first page', '≤ 100'],
      ['a lead', '≤ 100'],
      ['subscribers', '≤ 100'],
      ['articles, searched', '≤ 100'],
      ['campaigns', '≤ 100'],
      ['analytics, 90 days', '≤ 300'],
      ['revenue reports', '≤ 300'],
      ['speed to lead', '≤ 300'],
    ] as const
  ).map(([page, bound]): [string, string, (f: ScaleFigures) => number] => [
    `${page} p95 (ms)`,
    bound,
    (f) => f.pages[page]!,
  ]),
  ['campaign queued (s)', '≤ 30', (f) => f.campaign.seconds],
  ['campaign: longest transaction (ms)', '≤ 100', (f) => f.campaign.longestBatchMs],
  ['export CSV (s)', '≤ 20', (f) => f.exports.csv.seconds],
  ['export CSV: memory above idle (MB)', '≤ 50', (f) => f.exports.csv.mbAboveIdle],
  ['export JSON (s)', '≤ 20', (f) => f.exports.json.seconds],
  ['export JSON: memory above idle (MB)', '≤ 50', (f) => f.exports.json.mbAboveIdle],
  ['erasure of one person (ms)', '≤ 1000', (f) => f.erasureMs],
  ['back-up (s)', '≤ 120', (f) => f.backupSeconds],
  ['restore (s)', '≤ 120', (f) => f.restoreSeconds],
  ['daily purge (s)', '≤ 30', (f) => f.dailyJobsSeconds],
];

const shown = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));

/** Measures every size on each engine and prints the tables; the figures, for the report. */
export async function scaleTables(factors: number[], engines: string[]): Promise<ScaleFigures[]> {
  // The whole process on the servers' core, as the load bench pins its server: the app and the seed run here.
  if (PINNED) execFileSync('taskset', ['-a', '-pc', SERVER_CPU, String(process.pid)], { stdio: 'ignore' });
  // The back-up and restore commands find PostgreSQL 15's pg_dump and pg_restore first, as its server's own.
  process.env.PATH = `${POSTGRES_BIN}:${process.env.PATH}`;
  const all: ScaleFigures[] = [];
  for (const engine of engines) {
    const rows: ScaleFigures[] = [];
    for (const factor of factors) {
      const postgres = engine === 'postgres' ? await startDebianPostgres() : undefined;
      try {
        rows.push(await measureScale(factor, postgres?.url));
      } finally {
        await postgres?.stop();
      }
    }
    all.push(...rows);
    console.log(`\n## The large lab on ${engine} (factor 1: 2,000 articles, 100,000 leads, 50,000 subscribers)\n`);
    const growth = factors.slice(1).map((factor, index) => `÷ ×${Math.round(factor / factors[index]!)}`);
    console.log(`| figure | bound | ${factors.map((f) => `×${f}`).join(' | ')} | ${growth.join(' | ')} |`);
    console.log(`| --- | --- | ${[...factors, ...growth].map(() => '---').join(' | ')} |`);
    for (const [name, bound, read] of FIGURES) {
      const values = rows.map(read);
      // Growth against the data's: above it (and past the noise of a few ms) is marked "!".
      const ratios = values.slice(1).map((value, index) => {
        const ratio = value / Math.max(values[index]!, 1e-3);
        const data = factors[index + 1]! / factors[index]!;
        return `${ratio.toFixed(1)}×${ratio > data * 1.5 && value > 20 ? ' !' : ''}`;
      });
      console.log(`| ${name} | ${bound} | ${values.map(shown).join(' | ')} | ${ratios.join(' | ')} |`);
    }
    for (const row of rows) {
      const scans = row.plans.flatMap(({ page, fullScans }) => fullScans.map((line) => `${page}: ${line.trim()}`));
      console.log(
        `\nFull reads of a big table at ×${row.factor}: ${scans.length ? `\n- ${scans.join('\n- ')}` : 'none'}`,
      );
    }
    // Every page's statements and plans at the largest size, for the note.
    const largest = rows.at(-1)!;
    const file = `tests/bench/results/scale-plans-${engine}-${largest.factor}.txt`;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      largest.plans
        .map(
          ({ page, plans }) =>
            `## ${page}\n\n${plans.map(({ sql, plan }) => `${sql}\n  ${plan.join('\n  ')}`).join('\n\n')}`,
        )
        .join('\n\n'),
    );
    console.log(`Plans at ×${largest.factor}: ${file}`);
  }
  return all;
}
