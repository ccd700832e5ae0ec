/**
 * The decision records and their index: a record the index leaves out is one nobody finds, and one
 * without a `Status:` line does not tell its reader whether a later record changed it.
 */
import fs from 'node:fs';
import path from 'node:path';

const DIR = 'docs/decisions';
const INDEX = `${DIR}/README.md`;
const RECORD = /^\d{3}-[\w-]+\.md$/;

/** One line per record the index does not list (or lists out of order, or that is gone) and per missing or broken Status line. */
export function decisionRecordProblems(): string[] {
  const problems: string[] = [];
  const records = fs.readdirSync(DIR).filter((name) => RECORD.test(name));
  const listed = [...fs.readFileSync(INDEX, 'utf8').matchAll(/\]\(\.?\/?(\d{3}-[\w-]+\.md)\)/g)].map((m) => m[1]!);
  for (const record of records) if (!listed.includes(record)) problems.push(`${INDEX} does not list ${record}.`);
  for (const [i, record] of listed.entries()) {
    if (!records.includes(record)) problems.push(`${INDEX} lists ${record}, which does not exist.`);
    if (i > 0 && record < listed[i - 1]!) problems.push(`${INDEX} lists ${record} after ${listed[i - 1]}.`);
  }
  for (const record of records) {
    const status = /^Status: .+$/m.exec(fs.readFileSync(path.posix.join(DIR, record), 'utf8'))?.[0];
    if (!status) problems.push(`${DIR}/${record} has no Status: line.`);
    for (const [, linked] of status?.matchAll(/\]\(\.?\/?([^)]+)\)/g) ?? [])
      if (!records.includes(linked!)) problems.push(`${DIR}/${record}'s Status names ${linked}, which does not exist.`);
  }
  return problems;
}
