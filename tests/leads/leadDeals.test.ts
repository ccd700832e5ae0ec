import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LAB_TIME_ZONE } from '../../server/console/texts';
import { wallClock } from '../../server/lib/zonedTime';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, insertLead, sessionFor } from '../support/staffHelpers';

const app = testApp();
let client: StaffClient;
const page = async (id: number) => (await request(app).get(`/staff/leads/${id}`).set('Cookie', client.cookie)).text;
const post = (path: string, fields: Record<string, string>) =>
  consolePost(app, path, client, { csrf: client.csrf, ...fields });
const lead = (id: number) =>
  app.db.connection
    .prepare('SELECT status, deal_plan, deal_monthly, deal_start, lost_reason FROM leads WHERE id = ?')
    .get(id);
/** The buttons of the status panel, each as "primary|secondary to". */
const buttons = (html: string) =>
  [
    ...html.matchAll(
      /class="button button--(primary|secondary)" type="submit" (?:value="(\w+)" name="to"|name="to" value="(\w+)")/g,
    ),
  ].map((match) => `${match[1]} ${match[2] ?? match[3]}`);

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test', undefined, { role: 'sales', name: 'Ana' });
  client = await sessionFor(app, 'ana@meridianlab.test');
});
afterAll(() => app.db.close());

describe('closing a lead', () => {
  it('marks it won with the plan, the listed price when the value is left empty, and the start day', async () => {
    const id = insertLead(app.db, { service: 'marketing-ads' });
    expect(buttons(await page(id))).toEqual(['primary contacted', 'secondary spam']);
    await post(`/staff/leads/${id}/status`, { from: 'new', to: 'contacted' });
    const contacted = await page(id);
    // The plan the visitor asked about, with its price from the price table.
    expect(contacted).toMatch(
      /<option value="marketing-ads" selected="">Marketing with Ads \(\$299 a month\)<\/option>/,
    );
    expect(contacted).toMatch(/id="deal-monthly"[^>]*value="299"/);
    // In the price table's currency, and starting, unless changed, on the lab's today.
    expect(contacted).toContain('Monthly value (CAD)');
    expect(contacted).toMatch(new RegExp(`id="deal-start"[^>]*value="${wallClock(new Date(), LAB_TIME_ZONE).day}"`));
    expect(buttons(contacted)).toEqual(['primary won', 'secondary lost', 'secondary spam']);
    const won = await post(`/staff/leads/${id}/status`, {
      from: 'contacted',
      to: 'won',
      plan: 'all-in-one',
      monthly: '',
      start: '2026-12-01',
    });
    expect(won.status).toBe(303);
    expect(lead(id)).toEqual({
      status: 'won',
      deal_plan: 'all-in-one',
      deal_monthly: 1000,
      deal_start: '2026-12-01',
      lost_reason: '',
    });
    const shown = await page(id);
    expect(shown).toContain('All-in-One Package, $1,000 CAD a month from 2026-12-01');
    // A won lead's only move is to reopen it, and that is no primary action.
    expect(buttons(shown)).toEqual(['secondary contacted']);
    expect(
      app.db.connection
        .prepare("SELECT detail FROM audit_log WHERE action = 'lead.status' ORDER BY id DESC LIMIT 1")
        .get(),
    ).toEqual({ detail: 'contacted → won: all-in-one, $1,000 a month from 2026-12-01' });
    // Reopened, it keeps no deal; the audit log keeps what it was.
    await post(`/staff/leads/${id}/status`, { from: 'won', to: 'contacted' });
    expect(lead(id)).toMatchObject({ status: 'contacted', deal_plan: '', deal_monthly: null, deal_start: null });
  });

  it('takes a value the staff typed instead of the price, and refuses a bad deal with what was typed kept', async () => {
    const id = insertLead(app.db);
    await post(`/staff/leads/${id}/status`, { from: 'new', to: 'contacted' });
    const refused = await post(`/staff/leads/${id}/status`, {
      from: 'contacted',
      to: 'won',
      plan: 'gold',
      monthly: '12.5',
      start: '2026-02-30',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Choose the plan the client takes.');
    expect(refused.text).toContain('The monthly value is a whole number of dollars');
    expect(refused.text).toContain('Give the day the plan starts');
    expect(refused.text).toMatch(/id="deal-monthly"[^>]*value="12.5"/);
    expect(refused.text).toMatch(/id="deal-start"[^>]*value="2026-02-30"/);
    expect(lead(id)).toMatchObject({ status: 'contacted' });
    await post(`/staff/leads/${id}/status`, {
      from: 'contacted',
      to: 'won',
      plan: 'web-subscription',
      monthly: '$1,250',
      start: '2027-01-04',
    });
    expect(lead(id)).toMatchObject({ status: 'won', deal_plan: 'web-subscription', deal_monthly: 1250 });
  });

  it('marks it lost only with a reason from the list', async () => {
    const id = insertLead(app.db);
    await post(`/staff/leads/${id}/status`, { from: 'new', to: 'contacted' });
    const refused = await post(`/staff/leads/${id}/status`, { from: 'contacted', to: 'lost', reason: 'bored' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Choose why the lead was lost.');
    await post(`/staff/leads/${id}/status`, { from: 'contacted', to: 'lost', reason: 'competitor' });
    expect(lead(id)).toMatchObject({ status: 'lost', lost_reason: 'competitor' });
    expect(await page(id)).toContain('Reason: Chose another provider');
  });
});

describe('a lead’s page', () => {
  it('keeps the user agent and the sender hash under "Technical details", out of the business fields', async () => {
    const html = await page(insertLead(app.db));
    const technical =
      /<details class="staff-technical"><summary>Technical details<\/summary>([\s\S]*?)<\/details>/.exec(html)?.[1];
    expect(technical).toContain('Test Browser/1.0');
    expect(technical).toContain('<code class="staff-code">hash</code>');
    expect(html.replace(/<details class="staff-technical">[\s\S]*?<\/details>/, '')).not.toContain('Test Browser/1.0');
  });

  it('rewords a note, keeping each earlier wording with who replaced it; an empty one is refused as typed', async () => {
    const id = insertLead(app.db);
    await post(`/staff/leads/${id}/notes`, { body: 'Call Tuesday' });
    const noteId = (app.db.connection.prepare('SELECT id FROM lead_notes WHERE lead_id = ?').get(id) as { id: number })
      .id;
    const edited = await post(`/staff/leads/${id}/notes/${noteId}`, { body: 'Call Wednesday' });
    expect(edited.headers.location).toBe(`/staff/leads/${id}?saved=noteEdit#notes`);
    const html = await page(id);
    expect(html).toContain('<p class="staff-note__body">Call Wednesday</p>');
    expect(html).toMatch(
      /Earlier wordings<\/summary><ol><li><p class="staff-note__body">Call Tuesday<\/p><p class="staff-note__meta">replaced by Ana/,
    );
    const empty = await post(`/staff/leads/${id}/notes/${noteId}`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toMatch(/<details class="staff-note__edit" open="">/);
    const otherLead = insertLead(app.db);
    expect((await post(`/staff/leads/${otherLead}/notes/${noteId}`, { body: 'Hijack' })).status).toBe(404);
    expect((await post(`/staff/leads/${id}/notes/x`, { body: 'Bad' })).status).toBe(404);
    expect(app.db.connection.prepare('SELECT body FROM lead_notes WHERE id = ?').get(noteId)).toEqual({
      body: 'Call Wednesday',
    });
    expect(
      app.db.connection.prepare("SELECT actor, object, detail FROM audit_log WHERE action = 'lead.note.edit'").all(),
    ).toEqual([{ actor: 'ana@meridianlab.test', object: `lead ${id}`, detail: `note ${noteId}` }]);
  });
});
