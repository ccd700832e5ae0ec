/**
 * A console list's search: rows where any of `columns` holds the text typed, in any ASCII case (SQLite's LIKE,
 * PostgreSQL's ILIKE), its wildcards matched as themselves. Served by the trigram indexes of decision 097: on
 * PostgreSQL pg_trgm's GIN indexes serve ILIKE as written; on SQLite the table's FTS5 trigram index
 * (`<table>_search`) finds the rows holding the text's trigrams, and LIKE then keeps today's meaning exactly (the
 * index folds case beyond ASCII, so it finds a few more, never fewer). Under three characters there is no trigram to
 * look up, and SQLite reads the rows as before.
 */
import type { Engine } from './types';

/** The fewest characters a trigram index serves. */
const TRIGRAM = 3;

/** LIKE's wildcards in the text typed are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** FTS5's phrase of the text: every character as typed, its quotes doubled. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

export function substringSearch(
  engine: Engine,
  table: string,
  columns: readonly string[],
  text: string,
): { sql: string; params: string[] } {
  const like = engine === 'postgres' ? 'ILIKE' : 'LIKE';
  const pattern = likePattern(text);
  const sql = `(${columns.map((column) => `${column} ${like} ? ESCAPE '\\'`).join(' OR ')})`;
  const params = columns.map(() => pattern);
  if (engine === 'postgres' || [...text].length < TRIGRAM) return { sql, params };
  const index = `${table}_search`;
  return {
    sql: `id IN (SELECT rowid FROM ${index} WHERE ${index} MATCH ?) AND ${sql}`,
    params: [phrase(text), ...params],
  };
}
