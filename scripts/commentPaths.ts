/**
 * The project files that comments name and that do not exist: a comment that points a reader at a file
 * gone or moved sends them looking for it.
 */
import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

/** The repository's top-level folders: a path that starts with one is read from the repository's root. */
const TOP_FOLDERS = ['server', 'shared', 'client', 'build', 'tests', 'docs', 'scripts', 'public'];

/**
 * A path with at least one folder and a source or document extension. The characters around it must not
 * continue it: a glob, a placeholder (`<name>.mjs`) or a URL's host and path name no file of the project.
 */
const PATH = /(?<![\w./@*<>{}$-])[\w.-]+(?:\/[\w.-]+)+\.(?:tsx?|mjs|css|md)(?![\w/*<>{}-])/g;

/** Each comment's text and where it starts. */
function commentsOf(file: string, text: string): { text: string; start: number }[] {
  if (file.endsWith('.css'))
    return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ text: m[0], start: m.index }));
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  // A comment is trivia: around a token, before it after a line break, after it on its line.
  const ranges = new Map<number, number>();
  const visit = (node: ts.Node): void => {
    for (const range of [
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.end) ?? []),
    ])
      ranges.set(range.pos, range.end);
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...ranges].map(([start, end]) => ({ text: text.slice(start, end), start }));
}

/**
 * Where a named path may be read from. A path from a top-level folder is the repository's; any other is
 * relative to the file's folder or one above it within its top-level folder (`lib/locale.ts` in shared/model/
 * is shared/lib/locale.ts), and names a project file only where its first folder exists there: `lucide/dist/…`
 * is a package's.
 */
function basesOf(file: string, named: string): string[] {
  const first = named.split('/')[0]!;
  if (TOP_FOLDERS.includes(first)) return ['.'];
  if (first.startsWith('.')) return [path.posix.dirname(file)];
  const bases: string[] = [];
  for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) bases.push(dir);
  return bases.filter((base) => fs.existsSync(path.posix.join(base, first)));
}

/** One line per path a comment of one of `files` names that no file has. */
export function missingCommentPaths(files: string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const comment of commentsOf(file, text)) {
      for (const match of comment.text.matchAll(PATH)) {
        const named = match[0];
        const bases = basesOf(file, named);
        if (bases.length === 0 || bases.some((base) => fs.existsSync(path.posix.join(base, named)))) continue;
        const line = text.slice(0, comment.start + match.index).split('\n').length;
        problems.push(`${file}:${line} names ${named}, which does not exist.`);
      }
    }
  }
  return problems;
}
