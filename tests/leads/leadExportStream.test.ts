/**
 * The leads' exports stream (decision 091): read a batch at a time, so no read holds every lead, and written as the
 * same bytes the whole array gave.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../../server/db';
import { csvRows, exportColumns, exportedLeads } from '../../server/leads/exportRows';
import { createInbox } from '../../server/leads/inbox';
import { csvChunks, toCsv } from '../../server/lib/csv';
import { jsonArrayChunks } from '../../server/lib/jsonChunks';
import { PIECE_CHARS } from '../../server/lib/textPieces';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, everyLead, insertLead, sessionFor } from '../support/staffHelpers';

const LEADS = 450;
/** The most rows any one read of the database returned. */
let largestRead = 0;
const app = testApp();
const counted: Database = {
  ...app.db,
  engine: app.db.engine,
  all: async (sql, ...params) => {
    const rows = await app.db.all(sql, ...params);
    largestRead = Math.max(largestRead, rows.length);
    return rows as never;
  },
  get: (sql, ...params) => app.db.get(sql, ...params),
  run: (sql, ...params) => app.db.run(sql, ...params),
  transaction: (work) => app.db.transaction(work),
  ready: () => app.db.ready(),
  close: () => app.db.close(),
};
const reading = testApp({ DATA_DIR: app.config.dataDir }, { db: counted });
let client: StaffClient;
const get = (path: string) => request(reading).get(path).set('Cookie', client.cookie).buffer(true);
const every = { status: '', service: '', search: '', source: '', campaign: '', owner: '', due: '' } as const;

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  await app.db.run('UPDATE staff_sessions SET checked_at = ?', new Date().toISOString());
  // Three leads to a time: a batch may end between two of them. Notes and moves on some, with "quotes", commas,
  // line breaks and text a spreadsheet would run.
  for (let n = 0; n < LEADS; n++) {
    const at = new Date(Date.UTC(2025, 0, 1) + Math.floor(n / 3) * 60_000).toISOString();
    const id = insertLead(app.db, { received_at: at, name: `Lead ${n}`, message: n % 7 ? 'Hi, "there"\nok' : '=1+1' });
    if (n % 5 === 0)
      app.db.connection
        .prepare("INSERT INTO lead_notes (lead_id, staff_email, created_at, body) VALUES (?, 'ana@x.test', ?, ?)")
        .run(id, at, `Note, "${n}"`);
    if (n % 4 === 0)
      app.db.connection
        .prepare(
          "INSERT INTO lead_events (lead_id, staff_email, at, from_status, to_status) VALUES (?, 'ana@x.test', ?, 'new', 'contacted')",
        )
        .run(id, at);
  }
});
afterAll(() => {
  reading.db.close();
  app.db.close();
});

describe("the leads' exports", () => {
  it('give the same bytes as the whole list written at once, in CSV and in JSON', async () => {
    const leads = await exportedLeads(app.db, await everyLead(createInbox(app.db), every));
    expect(leads).toHaveLength(LEADS);
    const csv = await get('/staff/leads.csv');
    expect(csv.status).toBe(200);
    expect(csv.text).toBe(toCsv(exportColumns, csvRows(leads)));
    const json = await get('/staff/leads.json');
    expect(json.text).toBe(`${JSON.stringify(leads, null, 2)}\n`);
    expect((await get('/staff/leads.json?q=nobody-at-all')).text).toBe('[]\n');
    expect((await get('/staff/leads.csv?q=nobody-at-all')).text).toBe(toCsv(exportColumns, []));
  });

  it('never read every lead at once: each read of the database is a batch', async () => {
    largestRead = 0;
    await get('/staff/leads.csv');
    await get('/staff/leads.json');
    expect(largestRead).toBeGreaterThan(0);
    expect(largestRead).toBeLessThan(LEADS / 2);
  });
});

describe('what an export writes at a time', () => {
  async function piecesOf(chunks: AsyncIterable<string>) {
    const pieces: string[] = [];
    for await (const piece of chunks) pieces.push(piece);
    return pieces;
  }
  async function* batches<T>(...lists: T[][]) {
    yield* lists;
  }
  // Two batches of 200 rows of about 1,000 characters: a batch is about 200,000 characters, past V8's large strings.
  const row = (n: number) => ({ name: `Lead ${n}`, message: `${'a long message, '.repeat(60)}${n}` });
  const first = Array.from({ length: 200 }, (_, n) => row(n));
  const second = Array.from({ length: 200 }, (_, n) => row(200 + n));
  // One row longer than a piece by itself: it is written alone, whole.
  const huge = { name: 'Huge', message: 'b'.repeat(PIECE_CHARS * 2) };
  const columns = [
    ['name', 'name'],
    ['message', 'message'],
  ] as const;

  it('is a piece of at most 32 K characters (decision 098), and the pieces are the whole text', async () => {
    const csv = await piecesOf(csvChunks(columns, batches(first, [huge], second)));
    expect(csv.join('')).toBe(toCsv(columns, [...first, huge, ...second]));
    const json = await piecesOf(jsonArrayChunks(batches(first, [huge], second)));
    expect(json.join('')).toBe(`${JSON.stringify([...first, huge, ...second], null, 2)}\n`);
    for (const pieces of [csv, json]) {
      expect(pieces.length).toBeGreaterThan(10);
      const long = pieces.filter((piece) => piece.length > PIECE_CHARS);
      expect(long).toHaveLength(1);
      expect(long[0]).toContain(huge.message);
    }
  });
});
