/**
 * The console's substring search served by a trigram index (decision 097): the inbox's search of a lead's name,
 * e-mail, company and message, and the subscriber list's search of an address.
 *
 * SQLite: an FTS5 table with the trigram tokenizer for each, its content read from the table itself (external
 * content), kept in step by triggers; secure-delete so a deleted row's trigrams are removed from the index's pages,
 * not merely marked deleted (an erased person leaves no fragment). Case folds as the tokenizer does; accents are
 * kept (today's LIKE does not fold them). The migration fills each from the rows already there ('rebuild').
 *
 * PostgreSQL: pg_trgm's GIN index on the searched text (a lead's columns joined; an address), which serves
 * `ILIKE '%…%'` as written. A trusted extension (PostgreSQL 13+), so the database's owner may create it, as it
 * creates btree_gist (decision 082).
 */

import { searchedText } from './substringSearch';

/** SQLite: one external-content trigram table over `columns` of `table`, its triggers, filled from the table. */
const ftsOf = (table: string, columns: readonly string[]) => {
  const index = `${table}_search`;
  const list = columns.join(', ');
  const of = (row: 'new' | 'old') => columns.map((column) => `${row}.${column}`).join(', ');
  return `
  CREATE VIRTUAL TABLE ${index} USING fts5 (${list}, content='${table}', content_rowid='id', tokenize='trigram');
  INSERT INTO ${index} (${index}, rank) VALUES ('secure-delete', 1);
  INSERT INTO ${index} (${index}) VALUES ('rebuild');
  CREATE TRIGGER ${index}_insert AFTER INSERT ON ${table} BEGIN
    INSERT INTO ${index} (rowid, ${list}) VALUES (new.id, ${of('new')});
  END;
  CREATE TRIGGER ${index}_delete AFTER DELETE ON ${table} BEGIN
    INSERT INTO ${index} (${index}, rowid, ${list}) VALUES ('delete', old.id, ${of('old')});
  END;
  CREATE TRIGGER ${index}_update AFTER UPDATE OF ${list} ON ${table} BEGIN
    INSERT INTO ${index} (${index}, rowid, ${list}) VALUES ('delete', old.id, ${of('old')});
    INSERT INTO ${index} (rowid, ${list}) VALUES (new.id, ${of('new')});
  END;`;
};

/** PostgreSQL: a GIN trigram index on each searched column (or expression). */
const trigramIndexes = (indexes: Record<string, [table: string, searched: string]>) => `
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  ${Object.entries(indexes)
    .map(([name, [table, searched]]) => `CREATE INDEX ${name} ON ${table} USING gin ((${searched}) gin_trgm_ops);`)
    .join('\n  ')}`;

export const searchIndexes = {
  sqlite: ftsOf('leads', ['name', 'email', 'company', 'message']) + ftsOf('subscribers', ['email']),
  postgres: trigramIndexes({
    // One index over a lead's searched text, as searchedText joins it: the planner estimates a word's rows from its
    // statistics, where an OR of four columns that hold the same name counts it up to three times over.
    leads_search_trgm: ['leads', searchedText(['name', 'email', 'company', 'message'])],
    // The addresses' own collation ignores case and ILIKE refuses it: searched in the C collation (subscriberList.ts).
    subscribers_email_trgm: ['subscribers', 'email COLLATE "C"'],
  }),
};
