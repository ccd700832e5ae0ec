import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseCsv } from '../support/csv';
import { testApp } from '../support/helpers';
import { pageLink } from '../support/pageLinks';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';

const app = testApp();
let client: StaffClient;

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  const add = app.db.connection.prepare(
    'INSERT INTO subscribers (email, created_at, confirmed_at, unsubscribed_at) VALUES (?, ?, ?, ?)',
  );
  add.run('first@example.test', '2025-02-01T10:00:00.000Z', '2025-02-01T10:05:00.000Z', null);
  add.run('=cmd@example.test', '2025-03-01T10:00:00.000Z', '2025-03-01T11:00:00.000Z', null);
  add.run('pending@example.test', '2025-04-01T10:00:00.000Z', null, null);
  add.run('gone@example.test', '2025-01-01T10:00:00.000Z', '2025-01-01T10:01:00.000Z', '2025-01-20T00:00:00.000Z');
  // Refused for good by the mail server (decision 077): its reply kept, a pending one's too.
  const bounced = app.db.connection.prepare(
    'INSERT INTO subscribers (email, created_at, confirmed_at, hard_bounces, bounced_at, bounce_reason) VALUES (?, ?, ?, 1, ?, ?)',
  );
  bounced.run(
    'typo@exampel.test',
    '2025-05-01T10:00:00.000Z',
    '2025-05-01T10:01:00.000Z',
    '2025-06-02T15:00:00.000Z',
    "Can't send mail - all recipients were rejected: 550 5.1.1 No such mailbox <script>",
  );
  bounced.run('made-up@exampel.test', '2025-05-03T10:00:00.000Z', null, '2025-05-03T10:00:05.000Z', '');
});
afterAll(() => app.db.close());

const get = (path: string) => request(app).get(path).set('Cookie', client.cookie);

describe('subscribers', () => {
  it('lists the confirmed with their consent time, the pending apart, and not the unsubscribed', async () => {
    const page = await get('/staff/subscribers');
    expect(page.status).toBe(200);
    const [confirmed, pending] = page.text.split('id="pending-title"');
    expect(confirmed).toContain('first@example.test');
    expect(confirmed).toContain('<time dateTime="2025-02-01T10:05:00.000Z">Feb 1, 2025, 5:05 AM EST</time>');
    expect(confirmed).not.toContain('pending@example.test');
    expect(pending).toContain('pending@example.test');
    expect(page.text).not.toContain('gone@example.test');
  });

  it('shows a bounced address as bounced on its row, with the date and the mail server’s reply', async () => {
    const page = await get('/staff/subscribers');
    const rowOf = (email: string) => page.text.split(`<td data-label="E-mail">${email}</td>`)[1]!.split('</tr>')[0]!;
    expect(rowOf('typo@exampel.test')).toContain('Bounced');
    expect(rowOf('typo@exampel.test')).toContain(
      '<time dateTime="2025-06-02T15:00:00.000Z">Jun 2, 2025, 11:00 AM EDT</time>',
    );
    // The reply is the server's text, shown as text.
    expect(rowOf('typo@exampel.test')).toContain('550 5.1.1 No such mailbox &lt;script&gt;');
    expect(rowOf('made-up@exampel.test')).toContain('Bounced');
    expect(rowOf('=cmd@example.test')).toContain('Receiving');
    expect(rowOf('=cmd@example.test')).not.toContain('Bounced');
  });

  it('exports the confirmed as formula-safe CSV', async () => {
    const response = await get('/staff/subscribers.csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename=subscribers-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(parseCsv(response.text)).toEqual([
      ['email', 'signed_up_at', 'consent_at'],
      ['typo@exampel.test', '2025-05-01T10:00:00.000Z', '2025-05-01T10:01:00.000Z'],
      ["'=cmd@example.test", '2025-03-01T10:00:00.000Z', '2025-03-01T11:00:00.000Z'],
      ['first@example.test', '2025-02-01T10:00:00.000Z', '2025-02-01T10:05:00.000Z'],
    ]);
  });

  it('removes an address by unsubscribing it: the row and its consent stay on record', async () => {
    const { id } = app.db.connection.prepare("SELECT id FROM subscribers WHERE email = 'first@example.test'").get() as {
      id: number;
    };
    const removedFrom = new Date().toISOString();
    const response = await consolePost(app, `/staff/subscribers/${id}/remove`, client, { csrf: client.csrf });
    const removedBy = new Date().toISOString();
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/staff/subscribers?removed=${id}`);
    const row = app.db.connection
      .prepare('SELECT confirmed_at, unsubscribed_at FROM subscribers WHERE id = ?')
      .get(id) as Record<string, string | null>;
    expect(row.confirmed_at).toBe('2025-02-01T10:05:00.000Z');
    // When it was removed: in order between the clock's readings on either side of the post (ISO strings sort by time).
    const stamps = [removedFrom, row.unsubscribed_at!, removedBy];
    expect([...stamps].sort()).toEqual(stamps);
    const page = await get(response.headers.location!);
    expect(page.text).toContain('first@example.test is unsubscribed.');
    expect(page.text.split('id="pending-title"')[0]).not.toContain('<td data-label="E-mail">first@example.test');
  });

  it('says only what the database holds as removed: a crafted ?removed= link shows no text of its own', async () => {
    const crafted = await get(
      `/staff/subscribers?removed=${encodeURIComponent('ceo@meridianlab.dev and all others were exported to https://evil.example')}`,
    );
    expect(crafted.status).toBe(200);
    expect(crafted.text).not.toContain('evil.example');
    expect(crafted.text).not.toContain('is unsubscribed.');
    // A subscriber still on the list was not removed, whatever the link says.
    const { id } = app.db.connection
      .prepare("SELECT id FROM subscribers WHERE email = 'pending@example.test'")
      .get() as {
      id: number;
    };
    expect((await get(`/staff/subscribers?removed=${id}`)).text).not.toContain('is unsubscribed.');
  });
});

describe('a long list (decision 084)', () => {
  const big = testApp();
  let owner: StaffClient;
  beforeAll(async () => {
    await addAccount(big.db, 'ana@meridianlab.test');
    owner = await sessionFor(big, 'ana@meridianlab.test');
    const add = big.db.connection.prepare('INSERT INTO subscribers (email, created_at, confirmed_at) VALUES (?, ?, ?)');
    // Two readers per consent time: a page may end between them, and the cursor's id keeps them apart.
    for (let n = 0; n < 250; n++) {
      const at = new Date(Date.UTC(2025, 0, 1) + Math.floor(n / 2) * 60_000).toISOString();
      add.run(`reader${n}@example.test`, at, at);
    }
  });
  afterAll(() => big.db.close());
  const read = (path: string) => request(big).get(path).set('Cookie', owner.cookie);
  const addresses = (html: string) => [...html.matchAll(/data-label="E-mail">(reader\d+)@/g)].map((match) => match[1]!);

  it('pages by a cursor, newest consent first: every reader once, the total on every page, and back', async () => {
    const pages: string[][] = [];
    let path: string | undefined = '/staff/subscribers';
    let last = '';
    while (path) {
      const page = await read(path);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/Confirmed[^]*?250/);
      expect(addresses(page.text).length).toBeLessThanOrEqual(100);
      pages.push(addresses(page.text));
      last = page.text;
      path = pageLink(page.text, 'next');
    }
    const seen = pages.flat();
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    expect(seen[0]).toMatch(/reader24[89]/);
    expect(seen.at(-1)).toMatch(/reader[01]$/);
    // Newer pages lead back through the same pages, the first with no link further.
    const back: string[][] = [];
    for (let previous = pageLink(last, 'prev'); previous;) {
      const html = (await read(previous)).text;
      back.unshift(addresses(html));
      previous = pageLink(html, 'prev');
    }
    expect(back).toEqual(pages.slice(0, -1));
  });

  it('exports every reader, newest consent first, as the list shows them', async () => {
    await big.db.run('UPDATE staff_sessions SET checked_at = ?', new Date().toISOString());
    const csv = await read('/staff/subscribers.csv').buffer(true);
    const rows = parseCsv(csv.text).slice(1);
    expect(rows).toHaveLength(250);
    expect(rows[0]![0]).toMatch(/reader24[89]/);
    expect(new Set(rows.map((row) => row[0])).size).toBe(250);
  });

  it('searches the addresses, and takes any typed cursor as the first page', async () => {
    const found = await read('/staff/subscribers?q=READER12');
    expect(addresses(found.text).sort()).toEqual(
      ['reader12', ...Array.from({ length: 10 }, (_, n) => `reader12${n}`)].sort(),
    );
    const junk = await read('/staff/subscribers?after=%27%3B--&q=%25');
    expect(junk.status).toBe(200);
    expect(addresses(junk.text)).toHaveLength(0);
  });

  it('reads a page through the index, with no scan of the table or sort of its rows', () => {
    const plan = big.db.connection
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM subscribers
         WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL AND ('' = '' OR email LIKE '' ESCAPE '\\')
           AND (confirmed_at, id) < ('2026', 5) ORDER BY confirmed_at DESC, id DESC LIMIT 101`,
      )
      .all()
      .map((row) => String((row as { detail: string }).detail));
    expect(plan.join('\n')).toMatch(/USING INDEX subscribers_confirmed/);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });
});
