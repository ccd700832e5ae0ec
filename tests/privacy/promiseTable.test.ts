import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { generatedFiles, LEGAL_DIR, LEGAL_PAGES } from '../../build/content/generate';
import { promiseMarkIds, withoutPromiseMarks } from '../../build/content/promiseMarks';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** Line breaks and runs of spaces as one space: Markdown may wrap where the table does not. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Each legal page's Markdown, by language, as written (with its marks). */
const pages = {
  en: LEGAL_PAGES.map((name) => ({ file: `${LEGAL_DIR}/${name}.md`, text: read(`${LEGAL_DIR}/${name}.md`) })),
  es: LEGAL_PAGES.map((name) => ({ file: `${LEGAL_DIR}/es/${name}.md`, text: read(`${LEGAL_DIR}/es/${name}.md`) })),
};
/** The pages' words as a reader gets them: the marks are not part of any sentence. */
const legal = {
  en: flat(withoutPromiseMarks(pages.en.map((page) => page.text).join('\n'))),
  es: flat(withoutPromiseMarks(pages.es.map((page) => page.text).join('\n'))),
};
const marks = {
  en: pages.en.flatMap((page) => promiseMarkIds(page.text)),
  es: pages.es.flatMap((page) => promiseMarkIds(page.text)),
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
  marks: string[];
  english: string;
  spanish: string;
  proof: string;
}

/** The table's rows: number, the marks it cites, the two sentences without their quotes, and what proves them. */
const rows: Row[] = read('docs/privacy-promises.md')
  .split('\n')
  .filter((line) => /^\| \d+ \|/.test(line))
  .map((line) => {
    const [number, cited, english, spanish, proof] = line
      .slice(2, -2)
      .split(' | ')
      .map((cell) => cell.trim());
    const unquoted = (cell: string) => cell.replace(/^"|"$/g, '');
    return {
      number: number!,
      marks: [...cited!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!),
      english: unquoted(english!),
      spanish: unquoted(spanish!),
      proof: proof!,
    };
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
      // A test file another change is adding may not be here yet; once it is, it is checked like *to extend*.
      if (name === '*to write*' && !fs.existsSync(path.join(ROOT, file))) continue;
      expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
      // A test whose code is still being changed names only its file until it is written.
      if (!name.startsWith('*to extend*') && name !== '*to write*')
        expect(read(file), `${file} › ${name}`).toContain(name);
    }
    for (const anchor of procedures) expect(operationsAnchors, anchor).toContain(anchor);
  });

  it.each(rows)('row $number cites marks the legal pages carry', (row) => {
    expect(row.marks.length, `row ${row.number} cites no mark`).toBeGreaterThan(0);
    for (const id of row.marks) expect(marks.en, id).toContain(id);
  });
});

describe('the marks of the legal pages', () => {
  it('are the same in both languages, in the same order, each once', () => {
    expect(marks.es).toEqual(marks.en);
    expect(new Set(marks.en).size).toBe(marks.en.length);
  });

  it('each have a row of docs/privacy-promises.md', () => {
    const cited = new Set(rows.flatMap((row) => row.marks));
    expect(marks.en.filter((id) => !cited.has(id))).toEqual([]);
  });

  it('are only ever marks: a brace and a hash start nothing else', () => {
    for (const page of [...pages.en, ...pages.es]) expect(withoutPromiseMarks(page.text), page.file).not.toMatch(/\{#/);
  });

  it('never reach a page: the content step takes them out', () => {
    const files = generatedFiles(ROOT);
    for (const name of LEGAL_PAGES)
      for (const file of [`shared/generated/legal/${name}.ts`, `shared/generated/legal/es/${name}.ts`])
        expect(files.get(file), file).not.toMatch(/\{#/);
  });
});
