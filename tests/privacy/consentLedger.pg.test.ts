import { afterAll, describe, expect, it } from 'vitest';

import type { Database } from '../../server/db';
import { createLeadStore } from '../../server/leads/store';
import type { Confirmation } from '../../server/newsletter/store';
import { createSubscriberStore } from '../../server/newsletter/store';
import { createOutboxStore } from '../../server/outbox/store';
import { readJournal } from '../../server/privacy/journal';
import { noticeVersions } from '../../server/privacy/notices';
import { erasePersonalData, exportPersonalData } from '../../server/privacy/personalData';
import { purgeExpired } from '../../server/privacy/retention';
import { retention } from '../../shared/content/retention';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';
import { engines } from '../support/engines';

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1) + minutes * 60_000);
const yearsAfter = (date: Date, years: number, minutes: number) => {
  const later = new Date(date);
  later.setUTCFullYear(later.getUTCFullYear() + years);
  return new Date(later.getTime() + minutes * 60_000);
};

/** A subscriber store whose confirmation e-mails are queued, keeping their tokens for the test. */
function subscriberStore(db: Database) {
  const sent: Confirmation[] = [];
  const store = createSubscriberStore(db, {
    outbox: createOutboxStore(db, 'meridianlab.test'),
    messagesFor: (confirmation) => {
      sent.push(confirmation);
      return [
        {
          kind: 'newsletter-confirmation',
          subscriberId: confirmation.subscriberId,
          mail: { to: confirmation.email, subject: 'Confirm', text: 'Confirm' },
          secret: confirmation.confirmToken,
        },
      ];
    },
    committed: () => {},
  });
  return { store, sent };
}

/** A sign-up from the box of `locale`'s blog, confirmed from its e-mail: its confirmation. */
async function subscribeAndConfirm(db: Database, email: string, locale: 'en' | 'es', minutes: number) {
  const { store, sent } = subscriberStore(db);
  await store.signUp(email, { now: at(minutes), locale });
  expect(await store.confirm(sent.at(-1)!.confirmToken, at(minutes + 1))).toBe('confirmed');
  return { store, confirmation: sent.at(-1)! };
}

const ledger = (db: Database) =>
  db.all<Record<string, unknown>>(
    'SELECT purpose, hash, notice, locale, channel, asked_at, given_at, ended_at FROM consents ORDER BY given_at',
  );

describe.each(engines)('the consent ledger ($engine)', { timeout: 30_000 }, ({ open }) => {
  it('records each consent with its notice, language, channel and times; an erasure keeps only that, for 3 years', async () => {
    const db = await open();
    opened.push(db);
    await createLeadStore(db).add(
      { ...EMPTY_CONTACT_VALUES, name: 'Ana', email: 'ana@example.com', message: 'Hello.', locale: 'es' },
      { address: '203.0.113.7', userAgent: 'Test/1.0' },
      at(0),
    );
    await subscribeAndConfirm(db, 'Ana@Example.com', 'es', 5);

    const lead = {
      purpose: 'lead',
      notice: noticeVersions.lead,
      locale: 'es',
      channel: 'contact form on /es/contacto',
    };
    const newsletter = {
      purpose: 'newsletter',
      notice: noticeVersions.newsletter,
      locale: 'es',
      channel: 'newsletter box on /es/blog, then the button of the e-mailed confirmation link',
    };
    // The export shows the proof beside the records it belongs to.
    const before = await exportPersonalData(db, 'ana@example.com');
    expect(before.leads[0]).toMatchObject({ notice: noticeVersions.lead, consent_channel: lead.channel });
    expect(before.subscription).toMatchObject({
      notice: noticeVersions.newsletter,
      consent_channel: 'newsletter box on /es/blog',
    });
    expect(before.consents).toEqual([
      { ...lead, asked_at: at(0).toISOString(), given_at: at(0).toISOString(), ended_at: null },
      { ...newsletter, asked_at: at(5).toISOString(), given_at: at(6).toISOString(), ended_at: null },
    ]);

    await erasePersonalData(db, 'ana@example.com', at(20));
    const after = await exportPersonalData(db, 'ana@example.com');
    expect([after.leads, after.subscription]).toEqual([[], null]);
    expect(after.consents).toEqual(before.consents.map((consent) => ({ ...consent, ended_at: at(20).toISOString() })));
    // Minimal: no address, no name, no message; only the keyed hash the suppression list uses.
    const rows = await ledger(db);
    expect(JSON.stringify(rows)).not.toMatch(/ana|hello/i);
    expect(new Set(rows.map((row) => row.hash)).size).toBe(1);

    // Kept its years after the erasure, then gone with the daily purge.
    expect((await purgeExpired(db, yearsAfter(at(20), retention.consentRecordYears, -1))).consents).toBe(0);
    expect(await ledger(db)).toHaveLength(2);
    expect((await purgeExpired(db, yearsAfter(at(20), retention.consentRecordYears, 1))).consents).toBe(2);
    expect(await ledger(db)).toEqual([]);
  });

  it('ends a consent at its unsubscribe, keeps it once the address is purged, and records a consent given anew', async () => {
    const db = await open();
    opened.push(db);
    const { store, confirmation } = await subscribeAndConfirm(db, 'ben@example.com', 'en', 0);
    const token = (await store.unsubscribeToken(confirmation.subscriberId))!;
    expect(await store.unsubscribe(token, at(30))).toBe('unsubscribed');
    // Signed up and confirmed again before the purge: the first consent ended at the unsubscribe.
    await subscribeAndConfirm(db, 'ben@example.com', 'en', 120);
    await store.unsubscribe(token, at(200));
    await purgeExpired(db, at(24 * 60 * 2));
    expect(await db.all('SELECT email FROM subscribers')).toEqual([]);
    expect((await exportPersonalData(db, 'ben@example.com')).consents).toEqual([
      expect.objectContaining({
        channel: expect.stringMatching(/^newsletter box on \/blog/),
        ended_at: at(30).toISOString(),
      }),
      expect.objectContaining({ given_at: at(121).toISOString(), ended_at: at(200).toISOString() }),
    ]);
  });

  it('comes whole into a restored back-up, and a consent whose record the back-up lacks is ended there', async () => {
    const [current, backup] = [await open(), await open()];
    opened.push(current, backup);
    const { value } = (await current.get<{ value: string }>(
      "SELECT value FROM settings WHERE key = 'client_hash_salt'",
    ))!;
    await backup.run("UPDATE settings SET value = ? WHERE key = 'client_hash_salt'", value);
    await subscribeAndConfirm(current, 'cora@example.com', 'en', 0);
    await erasePersonalData(current, 'dan@example.com', at(5));

    const journal = await readJournal(current);
    expect(journal.key).toBe(value);
    await journal.replay(backup);
    const [row] = await ledger(backup);
    expect(row).toMatchObject({ notice: noticeVersions.newsletter, given_at: at(1).toISOString() });
    // Cora's subscription is not in the back-up: her proof stays, ended at the restore.
    expect(row!.ended_at).not.toBeNull();
  });
});
