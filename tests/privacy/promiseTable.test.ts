import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** Line breaks and runs of spaces as one space: Markdown may wrap where the table does not. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const legal = {
  en: flat(['privacy', 'terms'].map((name) => read(`shared/content/legal/${name}.md`)).join('\n')),
  es: flat(['privacy', 'terms'].map((name) => read(`shared/content/legal/es/${name}.md`)).join('\n')),
};

/** The headings of docs/operations.md as GitHub anchors them. */
const operationsAnchors = [...read('docs/operations.md').matchAll(/^#+ (.+)$/gm)].map((match) =>
  match[1]!
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/\s/g, '-'),
);

interface Row {
  number: string;
  english: string;
  spanish: string;
  proof: string;
}

/** The table's rows: number, the two sentences without their quotes, and what proves them. */
const rows: Row[] = read('docs/privacy-promises.md')
  .split('\n')
  .filter((line) => /^\| \d+ \|/.test(line))
  .map((line) => {
    const [number, english, spanish, proof] = line
      .slice(2, -2)
      .split(' | ')
      .map((cell) => cell.trim());
    const unquoted = (cell: string) => cell.replace(/^"|"$/g, '');
    return { number: number!, english: unquoted(english!), spanish: unquoted(spanish!), proof: proof! };
  });

describe('docs/privacy-promises.md', () => {
  it('has a row for each promise, numbered in order', () => {
    expect(rows.length).toBeGreaterThan(25);
    expect(rows.map((row) => row.number)).toEqual(rows.map((_, index) => String(index + 1)));
  });

  it.each(rows)('row $number quotes sentences the legal pages still say, in both languages', (row) => {
    expect(legal.en).toContain(flat(row.english));
    expect(legal.es).toContain(flat(row.spanish));
  });

  it.each(rows)('row $number points at tests that exist, by file and name, or at a written procedure', (row) => {
    const tests = [...row.proof.matchAll(/`(tests\/[^`]+)` › (.+?)(?=<br>|$)/g)].map((match) => ({
      file: match[1]!,
      name: match[2]!.trim(),
    }));
    const procedures = [...row.proof.matchAll(/\]\(operations\.md#([\w-]+)\)/g)].map((match) => match[1]!);
    expect(tests.length + procedures.length, row.proof).toBeGreaterThan(0);
    for (const { file, name } of tests) {
      expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
      // A test whose code is still being changed names only its file until it is written.
      if (!name.startsWith('*to extend*')) expect(read(file), `${file} › ${name}`).toContain(name);
    }
    for (const anchor of procedures) expect(operationsAnchors, anchor).toContain(anchor);
  });
});
