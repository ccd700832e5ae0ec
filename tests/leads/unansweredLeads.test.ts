import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { createInbox } from '../../server/leads/inbox';
import { mailUnanswered, unansweredAlerts } from '../../server/leads/unanswered';
import { createOutbox } from '../../server/outbox/delivery';
import { mailingApp } from '../support/mailingApp';
import { addAccount, consolePost, insertLead, sessionFor } from '../support/staffHelpers';

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** Thresholds other than the defaults (5 and 30), so the test shows they are the settings'. */
const SETTINGS = { ALERT_LEAD_OWNER_MINUTES: '7', ALERT_LEAD_OWNERS_MINUTES: '20' };

/** The app with its lab owners (Ana, Ben), a salesperson owning leads (Diego) and an editor, all in Miami. */
async function staffedApp() {
  const mailing = await mailingApp(cleanups, SETTINGS);
  const { app } = mailing;
  const office = { office: 'Miami' as const, languages: ['en' as const] };
  await addAccount(app.db, 'ana@meridianlab.test', undefined, { ...office, role: 'owner', name: 'Ana' });
  await addAccount(app.db, 'ben@meridianlab.test', undefined, { ...office, role: 'owner', name: 'Ben' });
  await addAccount(app.db, 'diego@meridianlab.test', undefined, { ...office, role: 'sales', name: 'Diego' });
  await addAccount(app.db, 'eve@meridianlab.test', undefined, { ...office, role: 'editor', name: 'Eve' });
  const lead = (receivedAt: string, name = 'Zora Quill') => {
    const id = insertLead(app.db, { received_at: receivedAt, name, message: 'Our secret plan' });
    app.db.connection.prepare("UPDATE leads SET owner = 'diego@meridianlab.test' WHERE id = ?").run(id);
    return id;
  };
  return { ...mailing, lead };
}

describe('a lead waiting for a first answer', () => {
  it('is e-mailed to its owner, then to the lab’s owners, each once, counting office hours only', async () => {
    const { app, smtp, lead } = await staffedApp();
    // Friday 13 November 2026, 17:58 in Miami (EST, UTC−5): two office minutes before closing; in the past, so the
    // messages queued at these times are due at once.
    const waiting = lead('2026-11-13T22:58:00.000Z');
    // Answered with a note at once: never told.
    const answered = lead('2026-11-13T22:58:00.000Z', 'Quick Answer');
    await createInbox(app.db).addNote(
      answered,
      'Called back.',
      'diego@meridianlab.test',
      new Date('2026-11-13T22:59Z'),
    );
    const options = {
      ...{ db: app.db, outbox: createOutbox(app.db, app.config), siteUrl: app.config.siteUrl },
      ...{ thresholds: app.config.alerts, committed: () => {} },
    };
    const check = (at: string) => mailUnanswered(options, new Date(at));

    // The evening and the weekend add nothing: two minutes on Friday, five more on Monday from 09:00.
    expect(await check('2026-11-13T23:30:00Z')).toBe(0);
    expect(await check('2026-11-15T17:00:00Z')).toBe(0);
    expect(await check('2026-11-16T14:04:00Z')).toBe(0);
    // Seven office minutes: its owner.
    expect(await check('2026-11-16T14:05:00Z')).toBe(1);
    expect(await check('2026-11-16T14:06:00Z')).toBe(0);
    // Twenty: every owner of the lab, once, however often the job runs.
    expect(await check('2026-11-16T14:18:00Z')).toBe(2);
    expect(await check('2026-11-16T14:19:00Z')).toBe(0);
    expect(await check('2026-11-17T14:00:00Z')).toBe(0);

    const mails = await smtp.waitFor(3);
    expect(mails.map((mail) => [mail.recipients, mail.parsed.subject]).sort()).toEqual([
      [['ana@meridianlab.test'], 'Lead waiting 20 office minutes: Zora Quill'],
      [['ben@meridianlab.test'], 'Lead waiting 20 office minutes: Zora Quill'],
      [['diego@meridianlab.test'], 'Lead waiting 7 office minutes: Zora Quill'],
    ]);
    for (const mail of mails) {
      expect(mail.parsed.text).toContain(`/staff/leads/${waiting}`);
      // The visitor's message stays in the console.
      expect(mail.raw).not.toContain('Our secret plan');
    }
    expect(mails.map((mail) => mail.raw).join('')).not.toContain('Quick Answer');

    // In the console's top bar meanwhile: to the owner past 7 minutes, to the lab's owners past 20.
    const bar = async (email: string, at: string) => {
      const person = { email, role: email.startsWith('diego') ? ('sales' as const) : ('owner' as const) };
      return (await unansweredAlerts(app.db, app.config.alerts, person, new Date(at))).map((alert) => alert.title);
    };
    expect(await bar('diego@meridianlab.test', '2026-11-16T14:04:00Z')).toEqual([]);
    expect(await bar('diego@meridianlab.test', '2026-11-16T14:05:00Z')).toEqual([
      '1 of your leads waiting over 7 office minutes for a first answer',
    ]);
    expect(await bar('ana@meridianlab.test', '2026-11-16T14:17:00Z')).toEqual([]);
    expect(await bar('ana@meridianlab.test', '2026-11-16T14:18:00Z')).toEqual([
      '1 lead waiting over 20 office minutes for a first answer',
    ]);
    // Once a status moves, it waits no more.
    await createInbox(app.db).changeStatus(waiting, {
      ...{ from: 'new', to: 'contacted', staffEmail: 'diego@meridianlab.test' },
      now: new Date('2026-11-16T14:30:00Z'),
    });
    expect(await bar('ana@meridianlab.test', '2026-11-16T14:31:00Z')).toEqual([]);
  });

  it('shows in the alert bar of the signed-in staff it concerns, until a note answers it', async () => {
    const { app, lead } = await staffedApp();
    // Thirteen days ago: past twenty office minutes whatever day the test runs on.
    const id = lead(new Date(Date.now() - 13 * 86_400_000).toISOString());
    const alertBar = async (email: string) => {
      const { cookie } = await sessionFor(app, email);
      const html = (await request(app).get('/staff/account').set('Cookie', cookie)).text;
      return /<section class="staff-alerts"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    };
    expect(await alertBar('diego@meridianlab.test')).toContain('1 of your leads waiting over 7 office minutes');
    expect(await alertBar('ana@meridianlab.test')).toContain('1 lead waiting over 20 office minutes');
    expect(await alertBar('ana@meridianlab.test')).not.toContain('of your leads');
    // An editor reads no leads: nothing of it.
    expect(await alertBar('eve@meridianlab.test')).toBe('');

    const diego = await sessionFor(app, 'diego@meridianlab.test');
    const note = await consolePost(app, `/staff/leads/${id}/notes`, diego, { csrf: diego.csrf, body: 'Called.' });
    expect(note.status).toBe(303);
    expect(await alertBar('diego@meridianlab.test')).toBe('');
    expect(await alertBar('ana@meridianlab.test')).toBe('');
  });
});
