/**
 * Checks what ESLint's per-file rules cannot see, across the project's files (imports static and dynamic):
 * - no import circle among the modules of shared/, client/ or server/;
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

/** The project's own modules a file imports, resolved to their paths; packages are left out. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => {
      const base = path.posix.join(path.posix.dirname(file), spec);
      return [base, ...EXTENSIONS.map((ext) => base + ext)].find(
        (candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(candidate),
      );
    })
    .filter((resolved): resolved is string => resolved !== undefined);
}

const files = ROOTS.flatMap((root) => filesUnder(root, /\.tsx?$/));
const graph = new Map(files.map((file) => [file, importsOf(file)]));

/** Tarjan's strongly connected components: each one larger than a single module is a circle. */
function circles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
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
for (const circle of circles()) problems.push(`Import circle: ${circle.join(' → ')}`);
const browser = reachedFromBrowser();
const importersOf = new Map<string, string[]>();
for (const [file, imports] of graph)
  for (const imported of imports) importersOf.set(imported, [...(importersOf.get(imported) ?? []), file]);
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
