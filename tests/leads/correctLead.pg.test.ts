import { afterAll, describe, expect, it } from 'vitest';

import type { Database } from '../../server/db';
import { correctLeads } from '../../server/privacy/correction';
import { erasePersonalData, exportPersonalData } from '../../server/privacy/personalData';
import { engines } from '../support/engines';
import { testApp } from '../support/helpers';
import { npmRun } from '../support/serverProcess';

const opened: Database[] = [];
afterAll(() => Promise.all(opened.map((db) => db.close())));

const addLead = (db: Database, name: string, email: string, message: string) =>
  db.run(
    `INSERT INTO leads (received_at, name, email, company, phone, message, client_hash)
     VALUES (?, ?, ?, 'Old Co', '+1 305 000 0000', ?, 'hash')`,
    new Date().toISOString(),
    name,
    email,
    message,
  );

async function seeded(open: () => Promise<Database>): Promise<Database> {
  const db = await open();
  opened.push(db);
  await addLead(db, 'Ana Gomes', 'Ana@Example.com', 'A new website, please.');
  await addLead(db, 'Ana Gomes', 'ana@example.com', 'And an AI receptionist.');
  await addLead(db, 'Ben Ortiz', 'ben@example.com', 'Ads for our bakery.');
  return db;
}

describe.each(engines)('correcting a lead on request ($engine)', ({ open }) => {
  it("replaces the given fields on every lead from the address, records when and which, and keeps the rest and others' leads", async () => {
    const db = await seeded(open);
    const at = new Date('2026-11-26T10:00:00.000Z');
    const corrected = await correctLeads(
      db,
      'ANA@example.com',
      { name: 'Ana Gómez', phone: '', email: 'ana.gomez@example.com' },
      at,
    );
    expect(corrected).toBe(2);
    expect(await exportPersonalData(db, 'ana@example.com')).toMatchObject({ leads: [] });
    const { leads } = await exportPersonalData(db, 'ana.gomez@example.com');
    expect(leads).toHaveLength(2);
    for (const lead of leads) {
      expect(lead).toMatchObject({ name: 'Ana Gómez', phone: '', company: 'Old Co', email: 'ana.gomez@example.com' });
      // The history says when and what, not the old values: they are what the owner asked to have replaced.
      expect(lead.corrections).toEqual([{ at: at.toISOString(), fields: 'name,phone,email' }]);
    }
    expect(leads.map((lead) => lead.message)).toEqual(['A new website, please.', 'And an AI receptionist.']);
    expect((await exportPersonalData(db, 'ben@example.com')).leads[0]).toMatchObject({
      name: 'Ben Ortiz',
      corrections: [],
    });
  });

  it('corrects nothing for an address without leads, and erasure takes the correction history too', async () => {
    const db = await seeded(open);
    expect(await correctLeads(db, 'nobody@example.com', { name: 'X' })).toBe(0);
    await correctLeads(db, 'ben@example.com', { company: 'Ortiz Bakery' });
    expect(await db.get('SELECT COUNT(*) AS n FROM lead_corrections')).toEqual({ n: 1 });
    await erasePersonalData(db, 'ben@example.com');
    expect(await db.get('SELECT COUNT(*) AS n FROM lead_corrections')).toEqual({ n: 0 });
  });
});

describe('npm run data -- correct', () => {
  it('corrects from the command line and refuses bad input with a clear message, never a stack', async () => {
    const app = testApp();
    const db = app.db;
    try {
      await addLead(db, 'Ana Gomes', 'ana@example.com', 'A new website, please.');
      const dataDir = app.config.dataDir;
      const run = (...args: string[]) => npmRun('data', ['correct', ...args], dataDir);

      const done = await run('ana@example.com', '--name', ' Ana Gómez ', '--company', '');
      expect(done.code).toBe(0);
      expect(JSON.parse(done.stdout)).toEqual({ corrected: { leads: 1, fields: ['name', 'company'] } });
      expect((await exportPersonalData(db, 'ana@example.com')).leads[0]).toMatchObject({
        name: 'Ana Gómez',
        company: '',
      });

      for (const [args, message] of [
        [['ana@example.com'], 'correct: Nothing to correct: give at least one of --name, --company, --phone, --email.'],
        [['ana@example.com', '--email', 'not-an-address'], 'correct: --email: not an e-mail address'],
        [['ana@example.com', '--name', ''], 'correct: --name: must not be empty'],
        [['ana@example.com', '--phone', '1'.repeat(51)], 'correct: --phone: at most 50 characters'],
        [['ana@example.com', '--message', 'other words'], "correct: Unknown option '--message'"],
        [['--name', 'Ana'], 'correct needs one e-mail address.'],
      ] as const) {
        const refused = await run(...args);
        expect(refused.code, args.join(' ')).toBe(2);
        expect(refused.stderr, args.join(' ')).toContain(message);
        expect(refused.stderr).toContain('Usage: npm run --silent data');
      }
      const unknown = await run('nobody@example.com', '--name', 'Nobody');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe('No lead has the address nobody@example.com: nothing was corrected.\n');
    } finally {
      app.db.close();
    }
  }, 90_000); // eight npm processes, each starting Node: seconds on a busy machine
});
