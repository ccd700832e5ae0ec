import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { leadColumns } from '../../server/leads/columns';
import { csvRecords, parseCsv } from '../support/csv';
import { executableInlineScripts, testApp } from '../support/helpers';
import { pageLink } from '../support/pageLinks';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, insertLead, sessionFor } from '../support/staffHelpers';

const app = testApp();
let client: StaffClient;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const get = (path: string) => request(app).get(path).set('Cookie', client.cookie);

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  insertLead(app.db, {
    received_at: '2025-01-15T17:30:00.000Z',
    name: 'Oldest Olga',
    email: 'olga@old.test',
    service: 'consultation',
    message: 'An old question',
  });
  insertLead(app.db, {
    received_at: hoursAgo(5),
    name: 'Waiting Walter',
    email: 'walter@wait.test',
    company: 'Wait & Co',
    service: 'ai-voice-systems',
    message: 'Please call 100% soon',
  });
  insertLead(app.db, {
    received_at: hoursAgo(1),
    name: '=HYPERLINK("http://evil.example")',
    email: 'evil@evil.test',
    service: '',
    message: '@SUM(A1)',
  });
  for (let i = 0; i < 26; i++)
    insertLead(app.db, {
      received_at: `2024-06-${String(1 + i).padStart(2, '0')}T12:00:00.000Z`,
      name: `Archive ${i}`,
      email: `a${i}@archive.test`,
      service: 'web-subscription',
    });
  app.db.connection
    .prepare(
      `INSERT INTO outbox (kind, lead_id, payload, message_id, status, attempts, last_error, created_at, next_attempt_at, sent_at)
       VALUES ('lead-email', 2, '{}', 'm-1', 'failed', 5, 'SMTP 550 mailbox unavailable', ?, ?, NULL),
              ('lead-webhook', 2, '{}', 'm-2', 'sent', 1, NULL, ?, ?, ?),
              ('lead-email', 3, '{}', 'm-3', 'queued', 0, NULL, ?, ?, NULL)`,
    )
    .run(hoursAgo(5), hoursAgo(5), hoursAgo(5), hoursAgo(5), hoursAgo(4.9), hoursAgo(3), hoursAgo(3));
});
afterAll(() => app.db.close());

describe('the inbox', () => {
  it('lists leads newest first, 25 a page, with pages that work as plain links', async () => {
    const first = await get('/staff/leads');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store, no-transform');
    expect(first.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(first.text).toContain('29 leads');
    const names = [...first.text.matchAll(/class="staff-table__primary" href="\/staff\/leads\/(\d+)"/g)].map((match) =>
      Number(match[1]),
    );
    expect(names.slice(0, 3)).toEqual([3, 2, 1]);
    expect(names).toHaveLength(25);
    // A keyset cursor (decision 091): the next page starts after the last lead shown; the archive's 26 share one
    // status and service, and the page after holds the rest, then leads back to the first.
    const next = pageLink(first.text, 'next')!;
    expect(next).toMatch(/^\/staff\/leads\?after=2024-06-\d\dT12%3A00%3A00.000Z_\d+$/);
    const second = await get(next);
    expect(second.text).toContain('Archive 0');
    expect(second.text).toContain('29 leads');
    expect(second.text).not.toContain('rel="next"');
    const previous = pageLink(second.text, 'prev')!;
    const back = await get(previous);
    expect([...back.text.matchAll(/href="\/staff\/leads\/(\d+)"/g)].map((match) => Number(match[1]))).toEqual(names);
    expect(back.text).not.toContain('rel="prev"');
    // A cursor that is none shows the first page, never an error.
    for (const junk of ['after=%27%3B--', 'before=x_1', 'after=2024-06-01T12:00:00.000Z_abc'])
      expect((await get(`/staff/leads?${junk}`)).text).toContain('29 leads');
  });

  it('filters by status and service and searches name, e-mail, company and message, keeping the filter in the pages and exports', async () => {
    const byService = await get('/staff/leads?service=ai-voice-systems');
    expect(byService.text).toContain('1 lead<');
    expect(byService.text).toContain('Waiting Walter');
    for (const search of ['walter', 'WAIT.TEST', 'wait &amp; co', '100%']) {
      const found = await get(`/staff/leads?q=${encodeURIComponent(search.replace('&amp;', '&'))}`);
      expect(found.text, search).toContain('1 lead<');
      expect(found.text, search).toContain('Waiting Walter');
    }
    expect((await get('/staff/leads?q=%25')).text).toContain('1 lead<'); // "%" is matched as itself
    const filtered = await get('/staff/leads?status=new&service=web-subscription&q=archive');
    expect(filtered.text).toContain('26 leads');
    expect(filtered.text).toMatch(
      /href="\/staff\/leads\?q=archive&amp;status=new&amp;service=web-subscription&amp;after=[^"]+" rel="next"/,
    );
    expect(filtered.text).toContain('href="/staff/leads.csv?q=archive&amp;status=new&amp;service=web-subscription"');
    // Unknown values show everything rather than fail.
    expect((await get('/staff/leads?status=bogus&service=%3Cx%3E')).text).toContain('29 leads');
  });

  it('counts the new leads still waiting beyond the 4-hour promise, and sums up the outbox', async () => {
    const page = await get('/staff/leads');
    expect(page.text).toMatch(
      /<span class="staff-stat__value">28<\/span><span class="staff-stat__label">new leads waiting longer than 4 hours<\/span>/,
    );
    expect(page.text).toMatch(
      /<span class="staff-stat__value">1<\/span><span class="staff-stat__label">notification queued, the oldest for 3 h 0 min/,
    );
    expect(page.text).toContain('1 sent · 1 failed');
  });

  it('has no script and no style attribute', async () => {
    const page = await get('/staff/leads');
    expect(page.text).not.toMatch(/<script/i);
    expect(executableInlineScripts(page.text)).toEqual([]);
    expect(page.text).not.toMatch(/\sstyle=/i);
  });
});

describe('a lead’s page', () => {
  it('shows every field, the time in New York, the delivery state from the outbox and a mailto reply', async () => {
    // The proof of consent the contact form stores with a lead (decision 067).
    app.db.connection
      .prepare(
        "UPDATE leads SET notice = 'lead-0123456789ab', consent_channel = 'contact form on /contact' WHERE id = 1",
      )
      .run();
    const page = await get('/staff/leads/1');
    expect(page.status).toBe(200);
    for (const text of [
      'Oldest Olga',
      'olga@old.test',
      'Acme',
      '+1 305 555 0100',
      'Consultation',
      'An old question',
      'Test Browser/1.0',
      'hash',
      'contact form on /contact, notice lead-0123456789ab',
    ]) {
      expect(page.text).toContain(text);
    }
    expect(page.text).toContain('<time dateTime="2025-01-15T17:30:00.000Z">Jan 15, 2025, 12:30 PM EST</time>');
    expect(page.text).toContain('href="mailto:olga@old.test?subject=Re%3A%20your%20message%20to%20Meridian%20Lab"');
    const walter = await get('/staff/leads/2');
    expect(walter.text).toContain('SMTP 550 mailbox unavailable');
    expect(walter.text).toMatch(/staff-badge--delivery-failed">Failed/);
    expect(walter.text).toMatch(/staff-badge--delivery-sent">Sent/);
  });

  it('shows the language the lead was written in, on its page and in the inbox', async () => {
    const id = insertLead(app.db, { name: 'Lucia Spanish', email: 'lucia@es.test', locale: 'es' });
    const page = await get(`/staff/leads/${id}`);
    expect(page.text).toMatch(/<dt>Language<\/dt><dd>Spanish<\/dd>/);
    expect((await get('/staff/leads/1')).text).toMatch(/<dt>Language<\/dt><dd>English<\/dd>/);
    expect((await get('/staff/leads?q=lucia')).text).toContain('lucia@es.test · Spanish');
  });

  it('answers 404 for a lead that does not exist', async () => {
    expect((await get('/staff/leads/999')).status).toBe(404);
    expect((await get('/staff/leads/abc')).status).toBe(404);
  });

  it('moves the status new → contacted → won, keeping who and when', async () => {
    const move = (from: string, to: string) =>
      consolePost(app, '/staff/leads/2/status', client, {
        ...{ csrf: client.csrf, from, to },
        // A lead marked won says what it came to (decision 079).
        ...(to === 'won' ? { plan: 'marketing-ads', monthly: '', start: '2026-12-01' } : {}),
      });
    const first = await move('new', 'contacted');
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/staff/leads/2?saved=status');
    const movedFrom = new Date().toISOString();
    expect((await move('contacted', 'won')).status).toBe(303);
    const movedBy = new Date().toISOString();
    const row = app.db.connection.prepare('SELECT status, status_changed_at FROM leads WHERE id = 2').get() as {
      status: string;
      status_changed_at: string;
    };
    expect(row.status).toBe('won');
    // When it moved: in order between the clock's readings on either side of the post (ISO strings sort by time).
    const stamps = [movedFrom, row.status_changed_at, movedBy];
    expect([...stamps].sort()).toEqual(stamps);
    expect(
      app.db.connection
        .prepare('SELECT staff_email, from_status, to_status FROM lead_events WHERE lead_id = 2 ORDER BY id')
        .all(),
    ).toEqual([
      { staff_email: 'ana@meridianlab.test', from_status: 'new', to_status: 'contacted' },
      { staff_email: 'ana@meridianlab.test', from_status: 'contacted', to_status: 'won' },
    ]);
    const page = await get('/staff/leads/2?saved=status');
    expect(page.text).toContain('Status changed.');
    expect(page.text).toMatch(/Contacted → Won<span class="staff-history__meta">ana@meridianlab.test/);
  });

  it('refuses a move the flow does not allow (400) and a move from a status that changed meanwhile (409)', async () => {
    const skip = await consolePost(app, '/staff/leads/3/status', client, { csrf: client.csrf, from: 'new', to: 'won' });
    expect(skip.status).toBe(400);
    expect(skip.text).toContain('That status change is not possible from here.');
    const stale = await consolePost(app, '/staff/leads/2/status', client, {
      csrf: client.csrf,
      from: 'new',
      to: 'contacted',
    });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('Someone changed this lead’s status meanwhile');
    const bogus = await consolePost(app, '/staff/leads/3/status', client, {
      csrf: client.csrf,
      from: 'new',
      to: 'archived',
    });
    expect(bogus.status).toBe(400);
    expect(app.db.connection.prepare('SELECT status FROM leads WHERE id = 3').get()).toEqual({ status: 'new' });
  });

  it('adds notes with who and when; an empty or overlong note is refused with what was typed kept', async () => {
    const added = await consolePost(app, '/staff/leads/1/notes', client, {
      csrf: client.csrf,
      body: '  Called, <b>left</b> a message.\r\nTry Friday.  ',
    });
    expect(added.status).toBe(303);
    expect(app.db.connection.prepare('SELECT staff_email, body FROM lead_notes').all()).toEqual([
      { staff_email: 'ana@meridianlab.test', body: 'Called, <b>left</b> a message.\nTry Friday.' },
    ]);
    const page = await get('/staff/leads/1');
    expect(page.text).toContain('Called, &lt;b&gt;left&lt;/b&gt; a message.');
    const empty = await consolePost(app, '/staff/leads/1/notes', client, { csrf: client.csrf, body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Write the note before adding it.');
    const long = 'x'.repeat(5001);
    const overlong = await consolePost(app, '/staff/leads/1/notes', client, { csrf: client.csrf, body: long });
    expect(overlong.status).toBe(400);
    expect(overlong.text).toContain(long);
    expect(overlong.text).not.toMatch(/<textarea[^>]*maxlength/i);
  });
});

describe('BREACH', () => {
  it('never compresses a console page, which holds the CSRF token beside the search from the URL', async () => {
    const page = await get('/staff/leads?q=csrf%22%20value%3D%22abc').set('Accept-Encoding', 'gzip, deflate, br');
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="csrf"');
    expect(page.headers['content-encoding']).toBeUndefined();
    // no-transform also keeps the proxy in front (Caddy's encode) from compressing it.
    expect(page.headers['cache-control']).toBe('no-store, no-transform');
  });
});

describe('the exports', () => {
  it('give the current filter as formula-safe CSV, as a download that is never stored', async () => {
    const response = await get('/staff/leads.csv?q=evil');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=leads-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(response.headers['cache-control']).toBe('no-store, no-transform');
    const [header] = parseCsv(response.text);
    expect(header).toEqual([
      ...leadColumns.map(([, column]) => column),
      ...['status', 'status_changed_at', 'owner', 'next_step', 'next_step_due_at'],
      ...['deal_plan', 'deal_monthly', 'deal_start', 'lost_reason', 'notes', 'history'],
    ]);
    const [row, ...rest] = csvRecords(response.text);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ name: `'=HYPERLINK("http://evil.example")`, message: "'@SUM(A1)" });
  });

  it('give the current filter as JSON, newest first', async () => {
    const response = await get('/staff/leads.json?service=web-subscription&q=archive');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=leads-\d{4}-\d{2}-\d{2}\.json$/);
    const leads = JSON.parse(response.text) as { name: string; status: string }[];
    expect(leads).toHaveLength(26);
    expect(leads[0]).toMatchObject({ name: 'Archive 25', status: 'new' });
  });

  it('carry the notes with their earlier wordings and the status history, the attribution as an object, times on the lab’s clock', async () => {
    const id = insertLead(app.db, {
      received_at: '2026-07-01T14:05:00.000Z',
      name: 'Export Erin',
      email: 'erin@x.test',
    });
    app.db.connection.prepare('UPDATE leads SET attribution = ? WHERE id = ?').run(
      JSON.stringify({
        first: { source: 'newsletter', medium: 'email', campaign: 'nov', content: '', referrer: '', landing: '/' },
        last: { source: '', medium: '', campaign: '', content: '', referrer: '', landing: '/' },
        formPage: '/contact',
        pagesSeen: 2,
      }),
      id,
    );
    await consolePost(app, `/staff/leads/${id}/notes`, client, { csrf: client.csrf, body: 'First try' });
    const noteId = (app.db.connection.prepare('SELECT id FROM lead_notes WHERE lead_id = ?').get(id) as { id: number })
      .id;
    await consolePost(app, `/staff/leads/${id}/notes/${noteId}`, client, { csrf: client.csrf, body: 'Second try' });
    await consolePost(app, `/staff/leads/${id}/status`, client, { csrf: client.csrf, from: 'new', to: 'contacted' });
    const [lead] = JSON.parse((await get('/staff/leads.json?q=erin')).text) as Record<string, unknown>[];
    // Summer time in New York: four hours behind UTC.
    expect(lead!.receivedAt).toBe('2026-07-01T10:05:00-04:00');
    expect(lead!.attribution).toMatchObject({ first: { source: 'newsletter', campaign: 'nov' }, pagesSeen: 2 });
    expect(lead!.notes).toEqual([
      {
        by: 'ana@meridianlab.test',
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[45]:00$/),
        body: 'Second try',
        earlier: [{ by: 'ana@meridianlab.test', replacedAt: expect.any(String), body: 'First try' }],
      },
    ]);
    expect(lead!.history).toEqual([
      { by: 'ana@meridianlab.test', at: expect.any(String), from: 'new', to: 'contacted' },
    ]);
    const [row] = csvRecords((await get('/staff/leads.csv?q=erin')).text);
    expect(row!.received_at).toBe('2026-07-01T10:05:00-04:00');
    expect(row!.notes).toMatch(
      / ana@meridianlab\.test: Second try\n {2}\(before .+, ana@meridianlab\.test: First try\)$/,
    );
    expect(row!.history).toMatch(/ ana@meridianlab\.test: new → contacted$/);
    expect(JSON.parse(row!.attribution!)).toMatchObject({ formPage: '/contact' });
  });
});
