import { afterAll, describe, expect, it } from 'vitest';

import { createAccountStore } from '../../server/console/accounts';
import type { Database } from '../../server/db';
import { createInbox } from '../../server/leads/inbox';
import { funnelReport } from '../../server/leads/reports/funnel';
import { speedReport } from '../../server/leads/reports/speedReport';
import { createLeadStore } from '../../server/leads/store';
import { mailUnanswered } from '../../server/leads/unanswered';
import { createOutboxStore } from '../../server/outbox/store';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';
import { engines } from '../support/engines';

const opened: Database[] = [];
afterAll(() => Promise.all(opened.map((db) => db.close())));

const client = { address: '203.0.113.9', userAgent: 'Test/1.0' };
const period = { from: '2026-11-30', to: '2026-12-13' };

describe.each(engines)('speed to lead, its alerts and the funnel ($engine)', ({ open }) => {
  it('keeps the first action’s office time, alerts once, and reports the won value by office', async () => {
    const db = await open();
    opened.push(db);
    const profile = { name: 'Diego', office: 'Bogota' as const, languages: ['en' as const], role: 'owner' as const };
    const password = { hash: 'x', salt: 'x', params: { N: 2, r: 1, p: 1, keyLength: 1 } };
    await createAccountStore(db).add('diego@lab.test', password, profile);
    const outbox = createOutboxStore(db, 'lab.test');
    const store = createLeadStore(db);
    const lead = (at: string) =>
      store.add(
        { ...EMPTY_CONTACT_VALUES, name: 'Ana', email: 'ana@client.test', message: 'Hi' },
        client,
        new Date(at),
      );
    // Friday 4 December 2026, 17:30 in Bogotá (UTC−5), its owner's office; a note on Monday at 09:15.
    const answered = await lead('2026-12-04T22:30:00Z');
    const waiting = await lead('2026-12-04T22:30:00Z');
    const inbox = createInbox(db);
    await inbox.addNote(answered, 'Called.', 'diego@lab.test', new Date('2026-12-07T14:15:00Z'));
    await inbox.changeStatus(answered, {
      ...{ from: 'new', to: 'contacted', staffEmail: 'diego@lab.test', now: new Date('2026-12-07T15:00:00Z') },
    });
    await inbox.changeStatus(answered, {
      ...{ from: 'contacted', to: 'won', staffEmail: 'diego@lab.test' },
      won: { plan: 'all-in-one', monthly: 900, start: '2026-12-14' },
    });

    const speed = await speedReport(db, period);
    expect([speed.answered, speed.waiting]).toEqual([1, 1]);
    expect(speed.byOffice).toEqual([{ key: 'Bogota', leads: 1, median: 45, p90: 45 }]);
    expect(speed.byWeek.map((figure) => figure.key)).toEqual(['2026-11-30']);
    expect(await funnelReport(db, period, 'office')).toEqual([
      { group: 'Bogota', leads: 2, contacted: 1, won: 1, monthly: 900, booked: 0 },
    ]);

    const options = { db, outbox, siteUrl: 'https://lab.test', committed: () => {} };
    const thresholds = { leadOwnerMinutes: 5, leadOwnersMinutes: 30 };
    // Its owner at 5 office minutes, the owners' list at 30, at Friday's closing: Diego is both; then nothing more.
    const check = (at: string) => mailUnanswered({ ...options, thresholds }, new Date(at));
    expect(await check('2026-12-04T22:34:00Z')).toBe(0);
    expect(await check('2026-12-04T22:35:00Z')).toBe(1);
    expect(await check('2026-12-04T22:59:00Z')).toBe(0);
    expect(await check('2026-12-04T23:00:00Z')).toBe(1);
    expect(await check('2026-12-06T12:00:00Z')).toBe(0);
    expect(await check('2026-12-07T14:01:00Z')).toBe(0);
    const keys = await db.all<{ key: string }>(
      "SELECT dedupe_key AS key FROM outbox WHERE kind = 'lead-unanswered' ORDER BY id",
    );
    expect(keys.map((row) => row.key)).toEqual([
      `lead-unanswered:owner:${waiting}:diego@lab.test`,
      `lead-unanswered:owners:${waiting}:diego@lab.test`,
    ]);
  });
});
