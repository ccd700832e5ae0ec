/** Keyset pages (decision 091) on both engines: every row once, forwards and back, ties on the sort key kept apart by id. */
import { describe, expect, it } from 'vitest';

import type { Database } from '../../server/db';
import type { Cursor } from '../../server/db/keyset';
import { cursorOf, cursorParam, keysetPage } from '../../server/db/keyset';
import { engines } from '../support/engines';

type Row = { id: number; at: string; kind: string };

/** Every page from the first, then every page back from the last: the rows of each, in order. */
async function walk(db: Database, where: string, params: string[], keyColumn: 'at' | '', limit: number) {
  const read = (cursor: Cursor | null) =>
    keysetPage<Row>(db, {
      select: 'SELECT id, at, kind FROM things',
      where,
      params,
      keyColumn,
      idColumn: 'id',
      keyOf: (row) => row.at,
      idOf: (row) => row.id,
      cursor,
      limit,
    });
  const forwards: number[][] = [];
  let page = await read(null);
  expect(page.previous).toBeNull();
  forwards.push(page.rows.map((row) => row.id));
  while (page.next) {
    page = await read(page.next);
    forwards.push(page.rows.map((row) => row.id));
  }
  const backwards: number[][] = [];
  while (page.previous) {
    page = await read(page.previous);
    backwards.unshift(page.rows.map((row) => row.id));
  }
  return { forwards, backwards };
}

describe.each(engines)('keyset pages on $engine', ({ open }) => {
  it('give every row once, newest first, across pages that end between rows of one time, and lead back', async () => {
    const db = await open();
    await db.run('CREATE TABLE things (id INTEGER PRIMARY KEY, at TEXT NOT NULL, kind TEXT NOT NULL)');
    // Ten rows, three to a time (ids not in time order), every other one of kind "b".
    const times = ['2026-01-02', '2026-01-01', '2026-01-03', '2026-01-02', '2026-01-01', '2026-01-03', '2026-01-02'];
    for (const [index, day] of [...times, '2026-01-01', '2026-01-04', '2026-01-04'].entries())
      await db.run(
        'INSERT INTO things (id, at, kind) VALUES (?, ?, ?)',
        index + 1,
        `${day}T00:00:00.000Z`,
        'ab'[index % 2]!,
      );
    const newestFirst = (await db.all<Row>('SELECT id FROM things ORDER BY at DESC, id DESC')).map((row) => row.id);

    const all = await walk(db, '', [], 'at', 3);
    expect(all.forwards.flat()).toEqual(newestFirst);
    expect(all.forwards.map((page) => page.length)).toEqual([3, 3, 3, 1]);
    expect(all.backwards).toEqual(all.forwards.slice(0, -1));

    const kindB = await walk(db, 'kind = ?', ['b'], 'at', 2);
    expect(kindB.forwards.flat()).toEqual(newestFirst.filter((id) => id % 2 === 0));
    expect(kindB.backwards).toEqual(kindB.forwards.slice(0, -1));

    const byId = await walk(db, '', [], '', 4);
    expect(byId.forwards).toEqual([
      [10, 9, 8, 7],
      [6, 5, 4, 3],
      [2, 1],
    ]);
    expect(byId.backwards).toEqual(byId.forwards.slice(0, -1));

    // One page: no link either way.
    const one = await keysetPage<Row>(db, {
      ...{ select: 'SELECT id, at, kind FROM things', where: '', params: [], keyColumn: 'at', idColumn: 'id' },
      ...{ keyOf: (row) => row.at, idOf: (row) => row.id, cursor: null, limit: 10 },
    });
    expect([one.rows.length, one.next, one.previous]).toEqual([10, null, null]);
    await db.close();
  });
});

describe('a cursor in a link', () => {
  it('reads back as it was written; anything else typed is the first page', () => {
    const cursor: Cursor = { key: '2026-01-02T03:04:05.678Z', id: 42, direction: 'before' };
    expect(cursorOf(cursorParam(cursor))).toEqual(cursor);
    expect(cursorOf({ after: '_7' }, '')).toEqual({ key: '', id: 7, direction: 'after' });
    for (const query of [
      {},
      { after: "'; DROP TABLE leads; --" },
      { after: '2026-01-02T03:04:05.678Z_' },
      { after: '2026-01-02_5' },
      { before: ['2026-01-02T03:04:05.678Z_5'] },
      { after: '_5' },
    ])
      expect(cursorOf(query)).toBeNull();
    expect(cursorOf({ after: '2026-01-02T03:04:05.678Z_5' }, '')).toBeNull();
  });
});
