/**
 * Checks what ESLint's per-file rules cannot see, across the project's files (imports static and dynamic):
 * - no import circle among the modules of shared/, client/ or server/;
 * - no two folders of server/ import each other, directly or through others (folderCycles.ts);
 * - every module of shared/ is reached from the browser entry: what only the server imports belongs in server/;
 * - every project file a comment names exists (commentPaths.ts);
 * - every decision record is in the index and has a Status line (decisionRecords.ts).
 * Run by `npm run lint`; exits 1 with one line per problem.
 */
import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

import { missingCommentPaths } from './commentPaths';
import { decisionRecordProblems } from './decisionRecords';
import { folderCycles, type FolderImport, serverFolderOf } from './folderCycles';
import { stronglyConnected } from './stronglyConnected';

const ROOTS = ['shared', 'client', 'server'];
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
/** Where comments are read: the code of every top-level folder and the configuration beside them. */
const COMMENTED = ['shared', 'client', 'server', 'build', 'tests', 'scripts'];
const COMMENTED_FILES = ['build.mjs', 'eslint.config.js', 'playwright.config.ts', 'vitest.config.ts'];

function filesUnder(dir: string, pattern: RegExp): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/')))
    .filter((file) => pattern.test(file) && !file.endsWith('.d.ts'))
    .sort();
}

interface Import {
  target: string;
  line: number;
}

/** The project's own modules a file imports, resolved to their paths, with the import's line; packages are left out. */
function importsOf(file: string): Import[] {
  const text = fs.readFileSync(file, 'utf8');
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
    .flatMap(({ fileName, pos }) => {
      const base = path.posix.join(path.posix.dirname(file), fileName);
      const target = [base, ...EXTENSIONS.map((ext) => base + ext)].find(
        (candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(candidate),
      );
      return target ? [{ target, line: text.slice(0, pos).split('\n').length }] : [];
    });
}

const files = ROOTS.flatMap((root) => filesUnder(root, /\.tsx?$/));
const imports = new Map(files.map((file) => [file, importsOf(file)]));
const graph = new Map([...imports].map(([file, found]) => [file, found.map(({ target }) => target)]));

/** Every import from one folder of server/ into another. */
function serverFolderImports(): FolderImport[] {
  return [...imports].flatMap(([file, found]) =>
    found.flatMap(({ target, line }) => {
      const from = serverFolderOf(file);
      const to = serverFolderOf(target);
      return from && to && from !== to ? [{ from, to, file, line, target }] : [];
    }),
  );
}

/** Every module the browser's code reaches, from each file of client/. */
function reachedFromBrowser(): Set<string> {
  const reached = new Set<string>();
  const queue = files.filter((file) => file.startsWith('client/'));
  while (queue.length) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    queue.push(...(graph.get(file) ?? []));
  }
  return reached;
}

const problems: string[] = [];
for (const circle of stronglyConnected(files, (file) => graph.get(file) ?? []).filter((c) => c.length > 1))
  problems.push(`Import circle: ${circle.join(' → ')}`);
for (const cycle of folderCycles(serverFolderImports()))
  problems.push(
    `Folders of server/ import each other: ${[...cycle.map((step) => step.from), cycle[0]!.from].join(' → ')} (${cycle
      .map((step) => `${step.file}:${step.line} → ${step.target}`)
      .join('; ')})`,
  );
const browser = reachedFromBrowser();
const importersOf = new Map<string, string[]>();
for (const [file, imported] of graph)
  for (const one of imported) importersOf.set(one, [...(importersOf.get(one) ?? []), file]);
for (const file of files.filter((file) => file.startsWith('shared/') && !browser.has(file))) {
  const importers = importersOf.get(file) ?? [];
  problems.push(
    importers.length
      ? `${file} is imported only by ${importers.join(', ')}: server-only code belongs in server/.`
      : `${file} is imported by no module.`,
  );
}
const commented = [...COMMENTED.flatMap((dir) => filesUnder(dir, /\.(tsx?|mjs|js|css)$/)), ...COMMENTED_FILES];
problems.push(...missingCommentPaths(commented), ...decisionRecordProblems());
for (const problem of problems) console.error(problem);
process.exitCode = problems.length ? 1 : 0;
