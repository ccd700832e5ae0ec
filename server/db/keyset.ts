/**
 * Console lists a page at a time from a keyset cursor, never an OFFSET (decision 084, decision 091): a page starts
 * just past a row of the list's order, so the index walks straight to it however deep the page. The order is
 * newest first: a sort key column (a time) and then the id, both descending; or the id alone.
 */
import type { Database, SqlValue } from './types';

/** A row of the order and the side of it the page lies on: older rows after it, newer rows before it. */
export interface Cursor {
  key: string;
  id: number;
  direction: 'after' | 'before';
}

/** A page: its rows in the list's order, and the cursors of the pages either side (null where there is none). */
export interface KeysetPage<Row> {
  rows: Row[];
  next: Cursor | null;
  previous: Cursor | null;
}

const TIME = /^\d{4}-\d{2}-\d{2}T[\d:.]{8,12}Z$/;

/**
 * The cursor of a page link's query (`?after=<key>_<id>` or `?before=…`), or null for the first page: anything else
 * typed there. `key` is what a sort key looks like (an ISO time by default); "" for a list ordered by id alone.
 */
export function cursorOf(query: Record<string, unknown>, key: RegExp | '' = TIME): Cursor | null {
  for (const direction of ['after', 'before'] as const) {
    const raw = query[direction];
    const match = typeof raw === 'string' ? /^(.*)_(\d{1,15})$/.exec(raw) : null;
    if (match && (key === '' ? match[1] === '' : key.test(match[1]!)))
      return { key: match[1]!, id: Number(match[2]), direction };
  }
  return null;
}

/** A cursor as its query parameter: `{ after: "<key>_<id>" }`. */
export const cursorParam = (cursor: Cursor): Record<string, string> => ({
  [cursor.direction]: `${cursor.key}_${cursor.id}`,
});

interface PageQuery<Row> {
  /** The selected columns, `FROM …` and its joins. */
  select: string;
  /** The filter's condition ("" for none) and its parameters. */
  where: string;
  params: readonly SqlValue[];
  /** The sort key's column ("" to order by the id alone) and the id's. */
  keyColumn: string;
  idColumn: string;
  /** A row's sort key and id, as a cursor holds them. */
  keyOf: (row: Row) => string;
  idOf: (row: Row) => number;
  cursor: Cursor | null;
  limit: number;
}

/**
 * One page of a list, newest first. A page before a cursor is read the other way (oldest first, from the cursor)
 * and turned round, so it too starts at the index rather than at the top of the list.
 */
export async function keysetPage<Row>(db: Database, query: PageQuery<Row>): Promise<KeysetPage<Row>> {
  const { keyColumn, idColumn, cursor, limit } = query;
  const columns = keyColumn ? `(${keyColumn}, ${idColumn})` : idColumn;
  const values = keyColumn ? '(?, ?)' : '?';
  const backwards = cursor?.direction === 'before';
  const conditions = [
    ...(query.where ? [`(${query.where})`] : []),
    ...(cursor ? [`${columns} ${backwards ? '>' : '<'} ${values}`] : []),
  ];
  const way = backwards ? 'ASC' : 'DESC';
  const order = keyColumn ? `${keyColumn} ${way}, ${idColumn} ${way}` : `${idColumn} ${way}`;
  const fetched = await db.all<Row>(
    `${query.select} ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''} ORDER BY ${order} LIMIT ?`,
    ...query.params,
    ...(cursor ? (keyColumn ? [cursor.key, cursor.id] : [cursor.id]) : []),
    limit + 1,
  );
  const more = fetched.length > limit;
  const shown = fetched.slice(0, limit);
  const rows = backwards ? shown.reverse() : shown;
  const at = (row: Row | undefined, direction: Cursor['direction']): Cursor | null =>
    row ? { key: keyColumn ? query.keyOf(row) : '', id: query.idOf(row), direction } : null;
  return {
    rows,
    // Older rows follow when more were read going forwards, or when the page was reached going backwards.
    next: backwards || more ? at(rows.at(-1), 'after') : null,
    // Newer rows come before when the page was reached going forwards, or more were read going backwards.
    previous: (backwards ? more : cursor !== null) ? at(rows[0], 'before') : null,
  };
}
