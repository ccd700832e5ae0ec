import { afterAll, describe, expect, it } from 'vitest';

import { createAccountStore } from '../../server/console/accounts';
import type { Database } from '../../server/db';
import { dueStepAlerts, mailDueSteps } from '../../server/leads/dueSteps';
import { createInbox } from '../../server/leads/inbox';
import { createLeadStore } from '../../server/leads/store';
import { createOutboxStore } from '../../server/outbox/store';
import { erasePersonalData, exportPersonalData } from '../../server/privacy/personalData';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';
import { engines } from '../support/engines';
import { everyLead } from '../support/staffHelpers';

const opened: Database[] = [];
afterAll(() => Promise.all(opened.map((db) => db.close())));

const client = { address: '203.0.113.9', userAgent: 'Test/1.0' };
const noFilter = { status: '', service: '', search: '', source: '', campaign: '', owner: '', due: '' } as const;
const at = (iso: string) => new Date(iso);

describe.each(engines)('a lead’s owner, next step, deal and notes ($engine)', ({ open }) => {
  it('are stored, filtered, e-mailed once when due, exported and erased with the lead', async () => {
    const db = await open();
    opened.push(db);
    const accounts = createAccountStore(db);
    const profile = { name: 'Diego', office: 'Bogota' as const, languages: ['es' as const], role: 'sales' as const };
    await accounts.add('Diego@Lab.test', { hash: 'x', salt: 'x', params: { N: 2, r: 1, p: 1, keyLength: 1 } }, profile);
    const outbox = createOutboxStore(db, 'lab.test');
    const store = createLeadStore(db, {
      outbox,
      messagesFor: (lead) =>
        lead.owner
          ? [{ kind: 'lead-assigned', leadId: lead.id, mail: { to: lead.owner, subject: 's', text: 't' } }]
          : [],
      committed: () => {},
    });
    const id = await store.add(
      { ...EMPTY_CONTACT_VALUES, name: 'Lucía', email: 'lucia@client.test', message: 'Hola', locale: 'es' },
      client,
      at('2026-11-30T14:00:00Z'),
    );
    const inbox = createInbox(db);
    expect((await inbox.detail(id))!.lead.owner).toBe('Diego@Lab.test');

    expect(await inbox.setNextStep(id, { step: 'Demo', dueAt: at('2026-12-01T15:00:00Z'), by: 'diego@lab.test' })).toBe(
      'done',
    );
    const bounds = { now: at('2026-12-01T16:00:00Z'), endOfToday: at('2026-12-02T05:00:00Z') };
    expect(
      (await everyLead(inbox, { ...noFilter, owner: 'diego@lab.test', due: 'overdue' }, bounds)).map((l) => l.id),
    ).toEqual([id]);
    expect(await everyLead(inbox, { ...noFilter, owner: 'none' }, bounds)).toEqual([]);
    expect(await dueStepAlerts(db, 'DIEGO@lab.test', bounds.now)).toHaveLength(1);
    const job = { db, outbox, siteUrl: 'https://lab.test', committed: () => {} };
    expect(await mailDueSteps(job, bounds.now)).toBe(1);
    expect(await mailDueSteps(job, bounds.now)).toBe(0);

    await inbox.changeStatus(id, { from: 'new', to: 'contacted', staffEmail: 'diego@lab.test' });
    const won = { plan: 'marketing-ads', monthly: 250, start: '2026-12-15' } as const;
    expect(await inbox.changeStatus(id, { from: 'contacted', to: 'won', staffEmail: 'diego@lab.test', won })).toEqual({
      ok: true,
    });
    expect(await dueStepAlerts(db, 'diego@lab.test', bounds.now)).toEqual([]);
    await inbox.addNote(id, 'Called', 'diego@lab.test');
    const noteId = (await inbox.detail(id))!.notes[0]!.id;
    expect(await inbox.editNote(id, { note: noteId, body: 'Called twice', by: 'diego@lab.test', was: '0' })).toBe(
      'done',
    );
    expect(await inbox.editNote(id + 1, { note: noteId, body: 'Not this lead’s', by: 'diego@lab.test' })).toBe(
      'missing',
    );
    // A second edit from a page that showed none is someone else's change unseen: refused on PostgreSQL's count too.
    expect(await inbox.editNote(id, { note: noteId, body: 'Called once', by: 'ana@lab.test', was: '0' })).toBe('stale');

    const [exported] = (await exportPersonalData(db, 'lucia@client.test')).leads as Record<string, unknown>[];
    expect(exported).toMatchObject({
      owner: 'Diego@Lab.test',
      next_step: 'Demo',
      deal_plan: 'marketing-ads',
      deal_monthly: 250,
      deal_start: '2026-12-15',
      notes: [expect.objectContaining({ body: 'Called twice' })],
      noteEdits: [expect.objectContaining({ note_id: noteId, previous_body: 'Called' })],
    });
    const actions = await db.all<{ action: string }>(
      'SELECT action FROM audit_log WHERE object = ? ORDER BY id',
      `lead ${id}`,
    );
    expect(actions.map((row) => row.action)).toEqual([
      'lead.owner',
      'lead.step',
      'lead.status',
      'lead.status',
      'lead.note',
      'lead.note.edit',
    ]);

    await erasePersonalData(db, 'lucia@client.test');
    expect(Number((await db.get<{ n: number }>('SELECT count(*) AS n FROM lead_note_edits'))!.n)).toBe(0);
    expect(Number((await db.get<{ n: number }>('SELECT count(*) AS n FROM leads'))!.n)).toBe(0);
  });
});
