import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAccountStore } from '../../server/console/accounts';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, articleForm, consolePost, insertLead, sessionFor } from '../support/staffHelpers';

const app = testApp();
let owner: StaffClient;
const accounts = () => createAccountStore(app.db);
const idOf = async (email: string) => (await accounts().find(email))!.id;

/** A whole profile form as the People page posts it. */
const form = (fields: Record<string, string> = {}) => ({
  name: 'Lucía Pardo',
  office: 'Bogota',
  language_es: 'on',
  language_en: 'on',
  timeZone: '',
  mondayFrom: '08:00',
  mondayTo: '16:30',
  role: 'sales',
  ...fields,
});

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test', undefined, { role: 'owner', name: 'Ana Ruiz' });
  await addAccount(app.db, 'lucia@meridianlab.test', undefined, { role: 'editor' });
  owner = await sessionFor(app, 'ana@meridianlab.test');
});
afterAll(() => app.db.close());

describe('the People section', () => {
  it('lists every staff member with their office, languages, time zone and role', async () => {
    const page = await request(app).get('/staff/people').set('Cookie', owner.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Ana Ruiz');
    expect(page.text).toContain('lucia@meridianlab.test');
    expect(page.text).toContain('America/New_York');
    // Each role with what it lets the person do, as the page's introduction promises.
    expect(page.text).toContain('Editor: articles and campaigns, no lead data');
  });

  it('saves a person’s name, office, languages, hours and role; an empty zone is the office’s', async () => {
    const id = await idOf('lucia@meridianlab.test');
    const saved = await consolePost(app, `/staff/people/${id}`, owner, { ...form(), csrf: owner.csrf });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe(`/staff/people/${id}?saved=saved`);
    expect(await accounts().find('lucia@meridianlab.test')).toMatchObject({
      name: 'Lucía Pardo',
      office: 'Bogota',
      languages: ['en', 'es'],
      timeZone: 'America/Bogota',
      hours: { monday: { from: '08:00', to: '16:30' } },
      role: 'sales',
    });
    const page = await request(app).get(`/staff/people/${id}?saved=saved`).set('Cookie', owner.cookie);
    expect(page.text).toContain('value="Lucía Pardo"');
    expect(page.text).toContain('value="16:30"');
  });

  it('takes any IANA zone Intl knows, in its own spelling, and refuses one it does not, keeping what was typed', async () => {
    const id = await idOf('lucia@meridianlab.test');
    expect(
      (
        await consolePost(app, `/staff/people/${id}`, owner, {
          ...form({ timeZone: 'europe/madrid' }),
          csrf: owner.csrf,
        })
      ).status,
    ).toBe(303);
    expect((await accounts().find('lucia@meridianlab.test'))!.timeZone).toBe('Europe/Madrid');
    const refused = await consolePost(app, `/staff/people/${id}`, owner, {
      ...form({ name: 'Lucía P.', timeZone: 'Mars/Olympus', tuesdayFrom: '18:00', tuesdayTo: '09:00' }),
      csrf: owner.csrf,
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('is not a time zone');
    expect(refused.text).toContain('The hours of Tuesday');
    expect(refused.text).toContain('value="Lucía P."');
    expect(refused.text).toContain('value="Mars/Olympus"');
    expect(refused.text).toContain('value="18:00"');
    expect((await accounts().find('lucia@meridianlab.test'))!.name).toBe('Lucía Pardo');
  });

  it('refuses a form without a name, an office, a language or a role, and never answers 500 to junk', async () => {
    const id = await idOf('lucia@meridianlab.test');
    const empty = await consolePost(app, `/staff/people/${id}`, owner, { csrf: owner.csrf });
    expect(empty.status).toBe(400);
    for (const problem of ['Enter the person', 'Choose an office', 'Tick at least one language', 'Choose a role'])
      expect(empty.text).toContain(problem);
    const junk = await consolePost(app, `/staff/people/${id}`, owner, {
      ...form({ office: 'Paris', role: 'god', name: 'x'.repeat(81), mondayFrom: '25:00' }),
      csrf: owner.csrf,
    });
    expect(junk.status).toBe(400);
    expect((await consolePost(app, '/staff/people/99999', owner, { ...form(), csrf: owner.csrf })).status).toBe(404);
    expect((await request(app).get('/staff/people/abc').set('Cookie', owner.cookie)).status).toBe(404);
  });

  it('never removes the last owner’s owner role, and says why; with a second owner it can', async () => {
    const ana = await idOf('ana@meridianlab.test');
    const refused = await consolePost(app, `/staff/people/${ana}`, owner, {
      ...form({ name: 'Ana Ruiz', role: 'editor' }),
      csrf: owner.csrf,
    });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('The console needs at least one owner');
    expect(refused.text).toMatch(/<option value="editor" selected="">/);
    expect((await accounts().find('ana@meridianlab.test'))!.role).toBe('owner');

    const lucia = await idOf('lucia@meridianlab.test');
    await consolePost(app, `/staff/people/${lucia}`, owner, { ...form({ role: 'owner' }), csrf: owner.csrf });
    const demoted = await consolePost(app, `/staff/people/${ana}`, owner, {
      ...form({ name: 'Ana Ruiz', role: 'editor' }),
      csrf: owner.csrf,
    });
    expect(demoted.status).toBe(303);
    // The new role holds at once, on the session already open.
    expect((await request(app).get('/staff/people').set('Cookie', owner.cookie)).status).toBe(403);
  });
});

describe('what the console says someone did', () => {
  it('names the person, not the address: lead history and notes, article saves and revisions, the header', async () => {
    await addAccount(app.db, 'eva@meridianlab.test', undefined, { role: 'owner', name: 'Eva Mora' });
    const eva = await sessionFor(app, 'eva@meridianlab.test');
    const lead = insertLead(app.db);
    await consolePost(app, `/staff/leads/${lead}/status`, eva, { csrf: eva.csrf, from: 'new', to: 'contacted' });
    await consolePost(app, `/staff/leads/${lead}/notes`, eva, { csrf: eva.csrf, body: 'Called back' });
    // A note by someone who has no account any more keeps the address it was written with.
    app.db.connection
      .prepare(
        "INSERT INTO lead_notes (lead_id, staff_email, created_at, body) VALUES (?, 'gone@meridianlab.test', ?, 'x')",
      )
      .run(lead, new Date().toISOString());
    const page = await request(app).get(`/staff/leads/${lead}`).set('Cookie', eva.cookie);
    expect(page.text.match(/Eva Mora, <time/g)).toHaveLength(2);
    expect(page.text).toContain('gone@meridianlab.test, <time');
    expect(page.text).not.toContain('eva@meridianlab.test, <time');
    expect(page.text).toMatch(/class="staff-user__email"[^>]*>Eva Mora</);

    const created = await consolePost(app, '/staff/articles', eva, { ...articleForm, csrf: eva.csrf });
    const id = /\/staff\/articles\/(\d+)/.exec(created.headers.location ?? '')![1];
    const list = await request(app).get('/staff/articles?q=Pipetting').set('Cookie', eva.cookie);
    expect(list.text).toContain('<span class="staff-table__secondary">Eva Mora</span>');
    const revisions = await request(app).get(`/staff/articles/${id}/revisions`).set('Cookie', eva.cookie);
    expect(revisions.text).toContain('<span class="staff-table__secondary">Eva Mora</span>');
    expect(revisions.text).not.toContain('eva@meridianlab.test</span>');
  });
});
