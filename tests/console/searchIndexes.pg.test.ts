/**
 * The console's search through a trigram index (decision 097), on both engines: the same matches as the substring
 * search it serves (part of a name, an address, a company, a word of the message; any ASCII case; accents as typed;
 * LIKE's wildcards as themselves), an erased person and a purged lead gone from the index, and the plans of the
 * searched inbox and subscriber list reading through it rather than the table.
 */
import { afterAll, describe, expect, it } from 'vitest';

import type { Database, SqlValue } from '../../server/db';
import { migrations } from '../../server/db';
import { searchIndexes } from '../../server/db/searchIndexes';
import { createInbox } from '../../server/leads/inbox';
import { createSubscriberList } from '../../server/newsletter/subscriberList';
import { erasePersonalData } from '../../server/privacy/personalData';
import { purgeExpired } from '../../server/privacy/retention';
import { engines } from '../support/engines';

const opened: Database[] = [];
afterAll(() => Promise.all(opened.map((db) => db.close())));

const NO_FILTER = { status: '', service: '', search: '', source: '', campaign: '', owner: '', due: '' } as const;

const addLead = (db: Database, name: string, email: string, company: string, message: string) =>
  db.run(
    `INSERT INTO leads (received_at, name, email, company, message, client_hash, status)
     VALUES ('2026-11-29T12:00:00.000Z', ?, ?, ?, ?, 'hash', 'new')`,
    name,
    email,
    company,
    message,
  );
const addReader = (db: Database, email: string) =>
  db.run(
    "INSERT INTO subscribers (email, created_at, confirmed_at) VALUES (?, '2026-11-01T00:00:00Z', '2026-11-01T00:05:00Z')",
    email,
  );

/** A lead of each kind the staff search for, and the readers. */
async function seeded(open: () => Promise<Database>) {
  const db = await open();
  opened.push(db);
  await addLead(db, 'Ana Gómez', 'ana@clinic.test', 'Clínica Sol', 'A new website, please.');
  await addLead(db, 'Ben Ortiz', 'ben@bakery.test', 'Ortiz Bakery', 'Ads for 50% of our "best" loaves');
  await addLead(db, 'Zoe Diaz', 'zoe_d@studio.test', '', 'Quiero una web para mi estudio');
  for (const email of ['ana@clinic.test', 'zoe_d@studio.test', 'ben@bakery.test']) await addReader(db, email);
  return db;
}

/** Which of `fragments` the pages of SQLite's search indexes hold, as bytes. */
async function fragmentsInPages(db: Database, fragments: string[]) {
  const held: string[] = [];
  for (const index of ['leads_search', 'subscribers_search']) {
    const pages = (await db.all<{ block: Uint8Array | number }>(`SELECT block FROM ${index}_data`))
      .map(({ block }) => (typeof block === 'number' ? '' : Buffer.from(block).toString('latin1')))
      .join('\n');
    held.push(...fragments.filter((fragment) => pages.includes(fragment)).map((fragment) => `${index}: ${fragment}`));
  }
  return held;
}

const namesFound = async (db: Database, search: string) =>
  (await createInbox(db).page({ ...NO_FILTER, search }, null, 25)).leads.map((lead) => lead.name).sort();
const readersFound = async (db: Database, search: string) =>
  (await createSubscriberList(db).confirmedPage(search, null, 25)).subscribers.map((reader) => reader.email).sort();

describe.each(engines)('the console search on $engine', ({ engine, open, older }) => {
  it('finds the leads and readers stored before the index was made', async () => {
    const { db: before, current } = await older(migrations.slice(0, migrations.indexOf(searchIndexes)));
    await addLead(before, 'Ana Gómez', 'ana@clinic.test', 'Clínica Sol', 'A new website, please.');
    await addReader(before, 'ana@clinic.test');
    await before.close();
    const db = await current();
    opened.push(db);
    expect(await namesFound(db, 'clínica')).toEqual(['Ana Gómez']);
    expect(await readersFound(db, 'clinic')).toEqual(['ana@clinic.test']);
  });

  it('finds what the substring search finds, through the index from three characters', async () => {
    const db = await seeded(open);
    const cases: [string, string[]][] = [
      ['gómez', ['Ana Gómez']],
      ['GóMEZ', ['Ana Gómez']],
      ['gomez', []],
      ['CLINIC.TEST', ['Ana Gómez']],
      ['bakery', ['Ben Ortiz']],
      ['Clínica', ['Ana Gómez']],
      ['web', ['Ana Gómez', 'Zoe Diaz']],
      ['50%', ['Ben Ortiz']],
      ['5%', []],
      ['"best"', ['Ben Ortiz']],
      ['e_d', ['Zoe Diaz']],
      ['a_a', []],
      ['OR', ['Ben Ortiz']],
      ['z', ['Ana Gómez', 'Ben Ortiz', 'Zoe Diaz']],
      ['estudio para', []],
      ['para mi', ['Zoe Diaz']],
      // A NUL character, which only a typed URL sends: no match, and no error.
      ['\0web', []],
    ];
    for (const [search, names] of cases) expect([search, await namesFound(db, search)]).toEqual([search, names]);
    expect(await readersFound(db, 'CLINIC')).toEqual(['ana@clinic.test']);
    expect(await readersFound(db, 'e_d')).toEqual(['zoe_d@studio.test']);
    expect(await readersFound(db, 'a_a')).toEqual([]);
    expect(await readersFound(db, '\0clinic')).toEqual([]);
    expect(await readersFound(db, '.test')).toHaveLength(3);
    // A lead changed keeps its index in step: the old wording no longer found, the new one found.
    await db.run("UPDATE leads SET company = 'Sol Dental' WHERE email = 'ana@clinic.test'");
    expect(await namesFound(db, 'Clínica')).toEqual([]);
    expect(await namesFound(db, 'dental')).toEqual(['Ana Gómez']);
  });

  it('leaves nothing of an erased person in the search index', async () => {
    const db = await seeded(open);
    await addLead(db, 'Qian Zqxjkv', 'qian.zqxjkv@mail.test', 'Zqxjkv Labs', 'Call me about Wyvqjx');
    await addReader(db, 'qian.zqxjkv@mail.test');
    expect(await namesFound(db, 'zqxjkv')).toEqual(['Qian Zqxjkv']);
    await erasePersonalData(db, 'qian.zqxjkv@mail.test', new Date('2026-11-30T00:00:00Z'));
    expect(await namesFound(db, 'zqxjkv')).toEqual([]);
    expect(await namesFound(db, 'wyvqjx')).toEqual([]);
    expect(await readersFound(db, 'zqxjkv')).toEqual([]);
    expect(await namesFound(db, 'gómez')).toEqual(['Ana Gómez']);
    if (engine !== 'sqlite') return;
    // Secure-delete took the person's trigrams out of the index's pages, rather than adding a mark that they are
    // deleted beside them: no page of either index holds a trigram of theirs.
    expect(await fragmentsInPages(db, ['zqx', 'qxj', 'xjk', 'jkv', 'wyv', 'yvq', 'vqj', 'qjx'])).toEqual([]);
  });

  it('leaves nothing of a lead past its retention in the search index after the daily purge', async () => {
    const db = await seeded(open);
    await addLead(db, 'Qian Zqxjkv', 'qian.zqxjkv@mail.test', 'Zqxjkv Labs', 'Call me about Wyvqjx');
    await db.run(
      "UPDATE leads SET status_changed_at = '2020-01-01T00:00:00.000Z' WHERE email = 'qian.zqxjkv@mail.test'",
    );
    await purgeExpired(db, new Date('2026-11-30T00:00:00Z'));
    expect(await namesFound(db, 'zqxjkv')).toEqual([]);
    expect(await namesFound(db, 'gómez')).toEqual(['Ana Gómez']);
    if (engine !== 'sqlite') return;
    // Deleted without secure-delete's row-by-row rewrite, then the index rewritten whole: no fragment stays.
    expect(await fragmentsInPages(db, ['zqx', 'qxj', 'xjk', 'jkv', 'wyv', 'yvq', 'vqj', 'qjx'])).toEqual([]);
    expect(await db.all("SELECT v FROM leads_search_config WHERE k = 'secure-delete'")).toEqual([{ v: 1 }]);
  });

  it('reads the searched inbox and subscriber list through the trigram index, not the tables', async () => {
    const db = await seeded(open);
    const rows = 5000;
    // Thousands of leads and readers, their statistics taken: enough for PostgreSQL to weigh an index.
    await db.run(
      `INSERT INTO leads (received_at, name, email, company, message, client_hash, status)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       SELECT '2026-10-01T12:00:00.000Z', 'Lead ' || i, 'lead' || i || '@client.test', 'Garcia Labs',
         'A website for our clinic, please', 'hash', CASE WHEN i % 3 = 0 THEN 'lost' ELSE 'new' END FROM n`,
      rows,
    );
    await db.run(
      `INSERT INTO subscribers (email, created_at, confirmed_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       SELECT 'reader' || i || '@client.test', '2026-10-01T00:00:00Z', '2026-10-01T00:05:00Z' FROM n`,
      rows,
    );
    if (engine === 'postgres') for (const table of ['leads', 'subscribers']) await db.run(`VACUUM ANALYZE ${table}`);
    if (engine === 'postgres')
      console.log(await db.all("SELECT indexname FROM pg_indexes WHERE indexname LIKE '%trgm'"));
    const statements: { sql: string; params: SqlValue[] }[] = [];
    const recorded: Database = {
      ...db,
      engine: db.engine,
      all: (sql, ...params) => (statements.push({ sql, params }), db.all(sql, ...params)),
      get: (sql, ...params) => (statements.push({ sql, params }), db.get(sql, ...params)),
    };
    await createInbox(recorded).page({ ...NO_FILTER, search: 'ortiz' }, null, 25);
    await createInbox(recorded).page({ ...NO_FILTER, status: 'lost', search: 'ortiz' }, null, 25);
    await createSubscriberList(recorded).confirmedPage('bakery', null, 25);
    expect(statements).toHaveLength(6);
    for (const { sql, params } of statements) {
      const table = sql.includes('FROM subscribers') ? 'subscribers' : 'leads';
      if (engine === 'sqlite') {
        const plan = (await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, ...params))
          .map((row) => row.detail)
          .join('\n');
        expect(plan).toMatch(new RegExp(`SCAN ${table}_search VIRTUAL TABLE INDEX`));
        expect(plan).not.toMatch(new RegExp(`SCAN ${table}( |$)`, 'm'));
      } else {
        const plan = (await db.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, ...params))
          .map((row) => row['QUERY PLAN'])
          .join('\n');
        expect(plan).toMatch(`Bitmap Index Scan on ${table === 'leads' ? 'leads_search' : 'subscribers_email'}_trgm`);
        expect(plan).not.toMatch(new RegExp(`Seq Scan on ${table}`));
      }
    }
  });
});
