import { afterAll, describe, expect, it } from 'vitest';

import type { Database } from '../../server/db';
import { createLeadStore } from '../../server/leads/store';
import { correctLeads } from '../../server/privacy/correction';
import { readJournal } from '../../server/privacy/journal';
import { erasePersonalData } from '../../server/privacy/personalData';
import { createSuppressions } from '../../server/privacy/suppressions';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';
import { engines } from '../support/engines';

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1) + minutes * 60_000);
const client = { address: '203.0.113.7', userAgent: 'Test/1.0' };

/**
 * A database and its back-up: the same salt (one database, copied), the back-up's rows written into both,
 * then what happens after the back-up into the current one only.
 */
async function databaseAndBackup(open: () => Promise<Database>) {
  const [current, backup] = [await open(), await open()];
  opened.push(current, backup);
  const { value } = (await current.get<{ value: string }>(
    "SELECT value FROM settings WHERE key = 'client_hash_salt'",
  ))!;
  await backup.run("UPDATE settings SET value = ? WHERE key = 'client_hash_salt'", value);
  const both = async (write: (db: Database) => Promise<unknown>) => {
    await write(current);
    await write(backup);
  };
  return { current, backup, both };
}

const addLead = (db: Database, name: string, email: string, minutes: number) =>
  createLeadStore(db).add({ ...EMPTY_CONTACT_VALUES, name, email, message: 'Hello.' }, client, at(minutes));
const subscribe = (db: Database, email: string, minutes: number) =>
  db.run(
    'INSERT INTO subscribers (email, created_at, confirmed_at) VALUES (?, ?, ?)',
    email,
    at(minutes).toISOString(),
    at(minutes).toISOString(),
  );
const names = async (db: Database) =>
  (await db.all<{ name: string }>('SELECT name FROM leads ORDER BY id')).map((row) => row.name);
const subscribers = async (db: Database) =>
  (await db.all<{ email: string }>('SELECT email FROM subscribers ORDER BY email')).map((row) => row.email);

describe.each(engines)('the privacy journal a restore applies ($engine)', { timeout: 30_000 }, ({ open }) => {
  it('re-applies an erasure to what the address had by then, including a lead whose address was corrected since, and to nothing newer', async () => {
    const { current, backup, both } = await databaseAndBackup(open);
    await both((db) => addLead(db, 'Ana Old', 'ana@old.example', 0));
    await both((db) => addLead(db, 'Ana', 'ana@example.com', 1));
    await both((db) => subscribe(db, 'ana@example.com', 2));
    await both((db) => addLead(db, 'Ben', 'ben@example.com', 3));
    // After the back-up: Ana's first lead gets her new address, then she asks to be erased.
    await correctLeads(current, 'ana@old.example', { email: 'ana@example.com' }, at(10));
    await erasePersonalData(current, 'ana@example.com', at(20));
    // A back-up taken after the erasure can hold a new lead and sign-up of hers: her new consent, kept.
    await addLead(backup, 'Ana Again', 'ana@example.com', 30);

    const reapplied = await (await readJournal(current)).replay(backup);
    expect(reapplied).toEqual({ erasures: 1, unsubscribes: 0, corrections: 0 });
    expect(await names(backup)).toEqual(['Ben', 'Ana Again']);
    expect(await subscribers(backup)).toEqual([]);
    expect(await createSuppressions(backup).has('ana@example.com')).toBe(true);
    // The erasure's record comes along, for the next restore; a second replay changes nothing.
    expect(await (await readJournal(current)).replay(backup)).toEqual({ erasures: 0, unsubscribes: 0, corrections: 0 });
    expect(await backup.all('SELECT hash FROM erasures')).toHaveLength(1);
  });

  it('ends a subscription the current database ended, suppressed or not yet purged, and keeps one confirmed anew', async () => {
    const { current, backup, both } = await databaseAndBackup(open);
    for (const [email, minutes] of [
      ['left@example.com', 0],
      ['purged@example.com', 1],
      ['back@example.com', 2],
      ['kept@example.com', 3],
    ] as const)
      await both((db) => subscribe(db, email, minutes));
    await current.run(
      "UPDATE subscribers SET unsubscribed_at = ? WHERE email = 'left@example.com'",
      at(10).toISOString(),
    );
    // Unsubscribed, then purged: only its suppression hash is left.
    await current.run("DELETE FROM subscribers WHERE email = 'purged@example.com'");
    await createSuppressions(current).add('purged@example.com', at(11));
    // Unsubscribed and confirmed again: the suppression was lifted, the subscription stands.
    await current.run("UPDATE subscribers SET confirmed_at = ? WHERE email = 'back@example.com'", at(12).toISOString());

    expect(await (await readJournal(current)).replay(backup)).toEqual({
      erasures: 0,
      unsubscribes: 2,
      corrections: 0,
    });
    expect(await subscribers(backup)).toEqual(['back@example.com', 'kept@example.com']);
    const suppressions = createSuppressions(backup);
    expect(await suppressions.has('left@example.com')).toBe(true);
    expect(await suppressions.has('purged@example.com')).toBe(true);
  });

  it('gives a corrected lead its corrected values and the record of its corrections, and leaves the rest as backed up', async () => {
    const { current, backup, both } = await databaseAndBackup(open);
    await both((db) => addLead(db, 'Cora Misspelt', 'cora@example.com', 0));
    await both((db) => db.run("UPDATE leads SET status = 'contacted'"));
    await correctLeads(current, 'cora@example.com', { name: 'Cora Right', phone: '+57 300 000 0000' }, at(10));
    await current.run("UPDATE leads SET status = 'won'");

    expect(await (await readJournal(current)).replay(backup)).toEqual({
      erasures: 0,
      unsubscribes: 0,
      corrections: 1,
    });
    expect(await backup.get('SELECT name, phone, status FROM leads')).toEqual({
      name: 'Cora Right',
      phone: '+57 300 000 0000',
      status: 'contacted',
    });
    expect(await backup.all('SELECT at, fields FROM lead_corrections')).toEqual([
      { at: at(10).toISOString(), fields: 'name,phone' },
    ]);
  });

  it('has nothing to carry, and no key to match, for a database without requests', async () => {
    const { current, backup } = await databaseAndBackup(open);
    const journal = await readJournal(current);
    expect(journal.key).toBeUndefined();
    expect(await journal.replay(backup)).toEqual({ erasures: 0, unsubscribes: 0, corrections: 0 });
  });
});
