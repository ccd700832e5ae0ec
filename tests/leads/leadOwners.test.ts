import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { StaffAccount } from '../../server/console/accounts';
import { chooseOwner } from '../../server/leads/assignment';
import { mailDueSteps } from '../../server/leads/dueSteps';
import { createOutbox } from '../../server/outbox/delivery';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { mailingApp } from '../support/mailingApp';
import type { MailServer } from '../support/mailServer';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, insertLead, sessionFor } from '../support/staffHelpers';

/** Working hours every day, all day: whoever has them is at work whenever a test runs. */
const ALWAYS = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    { from: '00:00', to: '23:59' },
  ]),
);
const WEEKDAYS_9_TO_5 = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [day, { from: '09:00', to: '17:00' }]),
);

describe('the assignment rule', () => {
  let id = 0;
  const person = (email: string, profile: Partial<StaffAccount>): StaffAccount =>
    ({
      id: ++id,
      email,
      name: email.split('@')[0]!,
      office: 'Miami',
      languages: ['en'],
      timeZone: 'America/New_York',
      hours: WEEKDAYS_9_TO_5,
      role: 'sales',
      disabledAt: null,
      ...profile,
    }) as StaffAccount;
  const staff = [
    person('ana@lab.test', { role: 'owner' }),
    person('ben@lab.test', {}),
    person('diego@lab.test', { office: 'Bogota', languages: ['es', 'en'], timeZone: 'America/Bogota' }),
    person('sofia@lab.test', { office: 'Bogota', languages: ['es'], timeZone: 'America/Bogota', hours: {} }),
    person('eve@lab.test', { role: 'editor', languages: ['es', 'en'], hours: ALWAYS }),
    person('gone@lab.test', { languages: ['es'], hours: ALWAYS, disabledAt: '2026-01-01T00:00:00Z' }),
  ];
  // Wednesday 2 December 2026, 10:00 in New York (UTC−5) and in Bogotá (UTC−5).
  const wednesdayMorning = new Date('2026-12-02T15:00:00Z');
  // Saturday 5 December 2026, 10:00 in both: nobody works.
  const saturday = new Date('2026-12-05T15:00:00Z');

  it('gives a lead to the least-loaded person at work who speaks its language, never an editor or a disabled account', () => {
    const idle = new Map<string, number>();
    expect(chooseOwner(staff, idle, { locale: 'es', at: wednesdayMorning })?.email).toBe('diego@lab.test');
    // Two at work speak English: the one with fewer open leads, then the longest on the staff.
    expect(chooseOwner(staff, idle, { locale: 'en', at: wednesdayMorning })?.email).toBe('ana@lab.test');
    const busyAna = new Map([['ana@lab.test', 3]]);
    expect(chooseOwner(staff, busyAna, { locale: 'en', at: wednesdayMorning })?.email).toBe('ben@lab.test');
  });

  it('keeps to the lead’s office when it names one', () => {
    expect(chooseOwner(staff, new Map(), { locale: 'en', office: 'Bogota', at: wednesdayMorning })?.email).toBe(
      'diego@lab.test',
    );
  });

  it('falls back to the least-loaded of the language out of hours, then to anyone who may read leads', () => {
    const load = new Map([['diego@lab.test', 2]]);
    expect(chooseOwner(staff, load, { locale: 'es', at: saturday })?.email).toBe('sofia@lab.test');
    expect(chooseOwner(staff, new Map(), { locale: 'fr', at: saturday })?.email).toBe('ana@lab.test');
    expect(chooseOwner([staff[4]!, staff[5]!], new Map(), { locale: 'es', at: saturday })).toBeUndefined();
  });
});

describe('a lead from the form, with the real SMTP server', () => {
  const cleanups: (() => unknown)[] = [];
  let app: TestApp;
  let smtp: MailServer;
  let owner: StaffClient;
  let other: StaffClient;
  let leadId = 0;
  const subjects = () => smtp.received.map((mail) => `${mail.recipients.join(',')}: ${mail.parsed.subject}`);

  beforeAll(async () => {
    ({ app, smtp } = await mailingApp(cleanups, { TRUST_PROXY: '1' }));
    await addAccount(app.db, 'ana@meridianlab.test', undefined, { role: 'owner', name: 'Ana', languages: ['en'] });
    await addAccount(app.db, 'diego@meridianlab.test', undefined, {
      ...{ role: 'sales', name: 'Diego', office: 'Bogota', languages: ['es', 'en'] },
      ...{ timeZone: 'America/Bogota', hours: ALWAYS },
    });
    await addAccount(app.db, 'eve@meridianlab.test', undefined, { role: 'editor', languages: ['es'], hours: ALWAYS });
    owner = await sessionFor(app, 'diego@meridianlab.test');
    other = await sessionFor(app, 'ana@meridianlab.test');
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('is assigned by the rule on arrival, its owner e-mailed and the assignment in the audit log', async () => {
    const posted = await request(app)
      .post('/api/contact?locale=es')
      .set('Content-Type', 'application/json')
      .set('X-Forwarded-For', '203.0.113.7')
      .send(
        JSON.stringify({
          ...(await guardFields(app, 'contact')),
          name: 'Lucía Pérez',
          email: 'lucia@cliente.test',
          message: 'Necesitamos un sitio nuevo.',
        }),
      );
    expect(posted.status).toBe(201);
    const lead = app.db.connection.prepare('SELECT id, owner FROM leads').get() as { id: number; owner: string };
    expect(lead.owner).toBe('diego@meridianlab.test');
    leadId = lead.id;
    await smtp.waitFor(2);
    const assigned = smtp.received.find((mail) => mail.parsed.subject === 'Lead assigned to you: Lucía Pérez');
    expect(assigned?.recipients).toEqual(['diego@meridianlab.test']);
    expect(assigned?.parsed.text).toContain(`/staff/leads/${leadId}`);
    // The message stays in the console: the owner's e-mail carries no words of the visitor's but the name.
    expect(assigned?.parsed.text).not.toContain('Necesitamos');
    expect(
      app.db.connection.prepare("SELECT actor, object, detail FROM audit_log WHERE action = 'lead.owner'").all(),
    ).toEqual([{ actor: 'assignment', object: `lead ${leadId}`, detail: 'diego@meridianlab.test' }]);
  });

  it('e-mails a next step once when it comes due, across two runs of the job, and shows it to its owner alone', async () => {
    const set = await consolePost(app, `/staff/leads/${leadId}/step`, owner, {
      csrf: owner.csrf,
      step: 'Call back about the demo',
      due: '2026-11-02T09:30',
    });
    expect(set.status).toBe(303);
    // Read on the lab's clock (New York, still on summer time that morning) and kept in UTC.
    expect(app.db.connection.prepare('SELECT next_step, next_step_due_at FROM leads WHERE id = ?').get(leadId)).toEqual(
      {
        next_step: 'Call back about the demo',
        next_step_due_at: '2026-11-02T14:30:00.000Z',
      },
    );
    const job = {
      db: app.db,
      outbox: createOutbox(app.db, app.config),
      siteUrl: app.config.siteUrl,
      committed: () => {},
    };
    expect(await mailDueSteps(job)).toBe(1);
    const [due] = (await smtp.waitFor(3)).slice(2);
    expect(due?.recipients).toEqual(['diego@meridianlab.test']);
    expect(due?.parsed.subject).toBe('Next step due: Lucía Pérez');
    expect(due?.parsed.text).toContain('Call back about the demo');
    expect(await mailDueSteps(job)).toBe(0);
    expect(app.db.connection.prepare("SELECT count(*) AS n FROM outbox WHERE kind = 'lead-step-due'").get()).toEqual({
      n: 1,
    });

    const alertBar = (html: string) => /<section class="staff-alerts"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    const mine = await request(app).get('/staff/leads').set('Cookie', owner.cookie);
    expect(alertBar(mine.text)).toContain('1 next step of your leads due');
    expect(alertBar(mine.text)).toContain('href="/staff/leads?owner=me&amp;due=overdue"');
    const theirs = await request(app).get('/staff/leads').set('Cookie', other.cookie);
    expect(alertBar(theirs.text)).not.toContain('next step');
    // Once the lead is done, its step is no longer due.
    await consolePost(app, `/staff/leads/${leadId}/status`, owner, { csrf: owner.csrf, from: 'new', to: 'spam' });
    expect(alertBar((await request(app).get('/staff/leads').set('Cookie', owner.cookie)).text)).not.toContain(
      'next step',
    );
    await consolePost(app, `/staff/leads/${leadId}/status`, owner, { csrf: owner.csrf, from: 'spam', to: 'new' });
    expect(subjects().filter((subject) => subject.includes('Next step due'))).toHaveLength(1);
  });

  it('filters the inbox by owner and by steps due today or overdue', async () => {
    const later = insertLead(app.db, { name: 'Later Larry', email: 'larry@later.test' });
    const nobody = insertLead(app.db, { name: 'Nobody Nora', email: 'nora@none.test' });
    app.db.connection
      .prepare(
        "UPDATE leads SET owner = 'ana@meridianlab.test', next_step = 'Write', next_step_due_at = ? WHERE id = ?",
      )
      .run(new Date(Date.now() + 3 * 86_400_000).toISOString(), later);
    const list = async (query: string, client = owner) =>
      [
        ...(await request(app).get(`/staff/leads${query}`).set('Cookie', client.cookie)).text.matchAll(
          /class="staff-table__primary" href="\/staff\/leads\/(\d+)"/g,
        ),
      ].map((match) => Number(match[1]));
    expect(await list('?owner=me')).toEqual([leadId]);
    expect(await list('?owner=me', other)).toEqual([later]);
    expect(await list('?owner=ANA@meridianlab.test')).toEqual([later]);
    expect(await list('?owner=none')).toEqual([nobody]);
    expect(await list('?due=overdue')).toEqual([leadId]);
    expect(await list('?due=today')).toEqual([leadId]);
    expect(await list('?due=whenever')).toEqual([nobody, later, leadId]);
    const inbox = await request(app).get('/staff/leads?owner=me').set('Cookie', owner.cookie);
    expect(inbox.text).toContain('<td data-label="Owner">Diego</td>');
    expect(inbox.text).toMatch(
      /Call back about the demo<span class="staff-table__secondary"><strong class="staff-due">Overdue/,
    );
    // A won lead's step is past, not overdue: there is nothing left to do.
    app.db.connection
      .prepare("UPDATE leads SET status = 'won', next_step_due_at = '2026-01-01T00:00:00.000Z' WHERE id = ?")
      .run(later);
    const won = await request(app).get('/staff/leads?owner=ana%40meridianlab.test').set('Cookie', owner.cookie);
    expect(won.text).toContain('Write<span class="staff-table__secondary">Due');
    expect(won.text).not.toContain('class="staff-due"');
  });

  it('changes the owner to one of the staff who may read leads, and refuses anyone else', async () => {
    const refused = await consolePost(app, `/staff/leads/${leadId}/owner`, owner, {
      csrf: owner.csrf,
      owner: 'eve@meridianlab.test',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Choose one of the staff who may read leads');
    const moved = await consolePost(app, `/staff/leads/${leadId}/owner`, owner, {
      csrf: owner.csrf,
      owner: 'ANA@meridianlab.test',
    });
    expect(moved.headers.location).toBe(`/staff/leads/${leadId}?saved=owner`);
    expect(app.db.connection.prepare('SELECT owner FROM leads WHERE id = ?').get(leadId)).toEqual({
      owner: 'ana@meridianlab.test',
    });
    expect(
      app.db.connection
        .prepare("SELECT actor, detail FROM audit_log WHERE action = 'lead.owner' ORDER BY id DESC LIMIT 1")
        .get(),
    ).toEqual({ actor: 'diego@meridianlab.test', detail: 'ana@meridianlab.test' });
  });

  it('refuses a step without a due time or with a time that is none, keeping what was typed', async () => {
    const noDue = await consolePost(app, `/staff/leads/${leadId}/step`, owner, {
      csrf: owner.csrf,
      step: 'Send the quote',
      due: '',
    });
    expect(noDue.status).toBe(400);
    expect(noDue.text).toContain('Give the next step a date and time it is due.');
    expect(noDue.text).toContain('value="Send the quote"');
    const badDue = await consolePost(app, `/staff/leads/${leadId}/step`, owner, {
      csrf: owner.csrf,
      step: 'Send the quote',
      due: '2026-02-30T10:00',
    });
    expect(badDue.status).toBe(400);
    expect(badDue.text).toContain('value="2026-02-30T10:00"');
    const cleared = await consolePost(app, `/staff/leads/${leadId}/step`, owner, {
      csrf: owner.csrf,
      step: '',
      due: '',
    });
    expect(cleared.status).toBe(303);
    expect(app.db.connection.prepare('SELECT next_step, next_step_due_at FROM leads WHERE id = ?').get(leadId)).toEqual(
      {
        next_step: '',
        next_step_due_at: null,
      },
    );
    expect(app.db.connection.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'lead.step'").get()).toEqual({
      n: 2,
    });
  });

  it('refuses an owner, a step or a note saved from a page shown before someone else’s save, keeping what was typed', async () => {
    const page = async (client: StaffClient) =>
      (await request(app).get(`/staff/leads/${leadId}`).set('Cookie', client.cookie)).text;
    /** The value the page's form sends back to say what it showed. */
    const was = (html: string, action: string) =>
      new RegExp(
        `action="${action}" method="post"><input[^>]*csrf[^>]*/><input type="hidden" name="was" value="([^"]*)"`,
      )
        .exec(html)?.[1]
        ?.replace(/&quot;/g, '"');
    const note = await consolePost(app, `/staff/leads/${leadId}/notes`, owner, { csrf: owner.csrf, body: 'Call her' });
    expect(note.status).toBe(303);
    const noteId = (app.db.connection.prepare('SELECT max(id) AS id FROM lead_notes').get() as { id: number }).id;
    // Both open the lead; Ana saves first.
    const [diegoSaw, anaSaw] = [await page(owner), await page(other)];
    const forms = [
      `/staff/leads/${leadId}/owner`,
      `/staff/leads/${leadId}/step`,
      `/staff/leads/${leadId}/notes/${noteId}`,
    ];
    for (const action of forms) expect(was(anaSaw, action), action).toBeDefined();
    const saves: { action: string; fields: Record<string, string> }[] = [
      { action: forms[0]!, fields: { owner: 'diego@meridianlab.test' } },
      { action: forms[1]!, fields: { step: 'Demo on Tuesday', due: '2026-12-08T10:00' } },
      { action: forms[2]!, fields: { body: 'Call her on Tuesday' } },
    ];
    for (const { action, fields } of saves)
      expect(
        (await consolePost(app, action, other, { csrf: other.csrf, was: was(anaSaw, action)!, ...fields })).status,
      ).toBe(303);
    // Diego, from the page he opened before, saves other choices: each is refused, his words kept, Ana's standing.
    const stale: { action: string; fields: Record<string, string>; text: string }[] = [
      { action: forms[0]!, fields: { owner: '' }, text: 'Someone changed the owner meanwhile' },
      {
        action: forms[1]!,
        fields: { step: 'Send the quote', due: '2026-12-09T11:00' },
        text: 'value="Send the quote"',
      },
      { action: forms[2]!, fields: { body: 'Call her on Friday' }, text: 'Call her on Friday</textarea>' },
    ];
    for (const { action, fields, text } of stale) {
      const refused = await consolePost(app, action, owner, {
        csrf: owner.csrf,
        was: was(diegoSaw, action)!,
        ...fields,
      });
      expect(refused.status, action).toBe(409);
      expect(refused.text, action).toContain('meanwhile');
      expect(refused.text, action).toContain(text);
    }
    expect(
      app.db.connection
        .prepare('SELECT owner, next_step, (SELECT body FROM lead_notes WHERE id = ?) AS note FROM leads WHERE id = ?')
        .get(noteId, leadId),
    ).toEqual({ owner: 'diego@meridianlab.test', next_step: 'Demo on Tuesday', note: 'Call her on Tuesday' });
    // Saved again from the page that refused it, Diego's step replaces Ana's: he has seen it now.
    const refusedPage = await consolePost(app, forms[1]!, owner, {
      csrf: owner.csrf,
      was: was(diegoSaw, forms[1]!)!,
      step: 'x',
      due: '',
    });
    const again = await consolePost(app, forms[1]!, owner, {
      ...{ csrf: owner.csrf, was: was(await page(owner), forms[1]!)! },
      ...{ step: 'Send the quote', due: '2026-12-09T11:00' },
    });
    expect(refusedPage.status).toBe(400);
    expect(again.status).toBe(303);
  });
});
