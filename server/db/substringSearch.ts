/**
 * A console list's search: rows where any of `columns` holds the text typed, in any ASCII case (SQLite's LIKE,
 * PostgreSQL's ILIKE), its wildcards matched as themselves. Served by the trigram indexes of decision 097, which find
 * the rows that may match, each then tested column by column as before, so the meaning is unchanged: on SQLite the
 * table's FTS5 trigram index (`<table>_search`; it folds case beyond ASCII, so it finds a few more, never fewer); on
 * PostgreSQL pg_trgm's GIN index on the columns' text joined (the searched text is in it if in any column). Under
 * three characters there is no trigram to look up: SQLite reads the rows as before (PostgreSQL's planner decides).
 */
import type { Engine } from './types';

/** The fewest characters a trigram index serves. */
const TRIGRAM = 3;

/** LIKE's wildcards in the text typed are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** FTS5's phrase of the text: every character as typed, its quotes doubled. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The columns' text joined, as PostgreSQL's trigram index holds it (searchIndexes.ts): the same expression. */
export const searchedText = (columns: readonly string[]) => `(${columns.join(" || ' ' || ")})`;

export function substringSearch(
  engine: Engine,
  table: string,
  columns: readonly string[],
  text: string,
): { sql: string; params: string[] } {
  // A NUL character (only a typed URL sends one) is in no stored text, and neither engine takes it in a pattern:
  // PostgreSQL refuses it, SQLite's LIKE and FTS5 read up to it, so it would match everything.
  if (text.includes('\0')) return { sql: '1 = 0', params: [] };
  const like = engine === 'postgres' ? 'ILIKE' : 'LIKE';
  const pattern = likePattern(text);
  const sql = `(${columns.map((column) => `${column} ${like} ? ESCAPE '\\'`).join(' OR ')})`;
  const params = columns.map(() => pattern);
  if (engine === 'postgres')
    return columns.length === 1
      ? { sql, params }
      : { sql: `${searchedText(columns)} ILIKE ? ESCAPE '\\' AND ${sql}`, params: [pattern, ...params] };
  if ([...text].length < TRIGRAM) return { sql, params };
  const index = `${table}_search`;
  return {
    sql: `id IN (SELECT rowid FROM ${index} WHERE ${index} MATCH ?) AND ${sql}`,
    params: [phrase(text), ...params],
  };
}
