/**
 * The privacy journal (decision 062): what a restore carries from the database it replaces into the back-up it
 * puts in place, and applies there before anything can be sent from it. Erasures keep a record of their own (the
 * erasures table); the rest is what the database holds anyway: the suppression list, the addresses unsubscribed
 * and not yet purged, the corrected leads with their corrections, and the consent ledger (decision 067), carried
 * whole. All of it lives in the database, so it
 * is shared by every instance on PostgreSQL, and a restore reads it before replacing anything.
 */
import type { Carried } from '../cli/backup';
import type { Database, Queryable } from '../db';
import { readSalt } from '../db/salt';
import { settleConsents } from './consents';
import { CORRECTABLE_FIELDS } from './correction';
import { createSuppressions } from './suppressions';

/** An erasure: the address's keyed hash, when, and the leads it deleted as [id, received_at]. */
interface Erasure {
  hash: string;
  erasedAt: string;
  leads: [number, string][];
}

/** Records an erasure, in the erasure's own transaction. */
export async function recordErasure(tx: Queryable, erasure: Erasure): Promise<void> {
  await tx.run(
    'INSERT INTO erasures (hash, erased_at, leads) VALUES (?, ?, ?) ON CONFLICT (hash, erased_at) DO NOTHING',
    erasure.hash,
    erasure.erasedAt,
    JSON.stringify(erasure.leads),
  );
}

/** A lead corrected at its owner's request: which it is, the corrected fields' values now, and its corrections. */
interface CorrectedLead {
  id: number;
  receivedAt: string;
  values: Record<string, string>;
  corrections: { at: string; fields: string }[];
}

/** A row of the consent ledger (decision 067), as it is stored. */
type ConsentRow = Record<(typeof CONSENT_COLUMNS)[number], string | number | null>;
const CONSENT_COLUMNS = [
  'purpose',
  'record_id',
  'hash',
  'notice',
  'locale',
  'channel',
  'asked_at',
  'given_at',
  'ended_at',
] as const;

interface Journal {
  erasures: Erasure[];
  /** The consent ledger as it is now: a back-up's is older, and nothing in it may be lost (decision 067). */
  consents: ConsentRow[];
  /** Addresses no longer to be written to (suppressed, or unsubscribed and not yet purged): hash and since when. */
  ended: Map<string, string>;
  corrected: CorrectedLead[];
}

/** The privacy requests recorded in `db` (the database a restore is about to replace), ready to apply to the back-up. */
export async function readJournal(db: Queryable): Promise<Carried> {
  const suppressions = createSuppressions(db);
  const erasures = (
    await db.all<{ hash: string; erased_at: string; leads: string }>(
      'SELECT hash, erased_at, leads FROM erasures ORDER BY erased_at',
    )
  ).map((row) => ({ hash: row.hash, erasedAt: row.erased_at, leads: JSON.parse(row.leads) as [number, string][] }));
  const ended = new Map<string, string>();
  for (const row of await db.all<{ hash: string; created_at: string }>('SELECT hash, created_at FROM suppressions'))
    ended.set(row.hash, row.created_at);
  for (const row of await db.all<{ email: string; unsubscribed_at: string }>(
    'SELECT email, unsubscribed_at FROM subscribers WHERE unsubscribed_at IS NOT NULL',
  )) {
    const hash = await suppressions.hash(row.email);
    if (!ended.has(hash)) ended.set(hash, row.unsubscribed_at);
  }
  const corrected: CorrectedLead[] = [];
  for (const lead of await db.all<Record<string, string> & { id: number; received_at: string }>(
    `SELECT id, received_at, ${CORRECTABLE_FIELDS.join(', ')} FROM leads
     WHERE id IN (SELECT lead_id FROM lead_corrections) ORDER BY id`,
  )) {
    const corrections = await db.all<{ at: string; fields: string }>(
      'SELECT at, fields FROM lead_corrections WHERE lead_id = ? ORDER BY id',
      lead.id,
    );
    const fields = CORRECTABLE_FIELDS.filter((field) =>
      corrections.some((correction) => correction.fields.split(',').includes(field)),
    );
    corrected.push({
      id: lead.id,
      receivedAt: lead.received_at,
      values: Object.fromEntries(fields.map((field) => [field, lead[field]!])),
      corrections,
    });
  }
  const consents = await db.all<ConsentRow>(`SELECT ${CONSENT_COLUMNS.join(', ')} FROM consents`);
  const journal = { erasures, ended, corrected, consents };
  return {
    // Corrections name their lead by id and time; erasures, ended subscriptions and consents by a hash keyed with the salt.
    key: erasures.length + ended.size + consents.length > 0 ? await readSalt(db) : undefined,
    replay: (restored) => replay(restored, journal),
  };
}

/**
 * Applies the journal to a restored database, in one transaction: an erasure deletes the leads and the
 * subscription its address had by then (and the leads it deleted, whatever their address is in the back-up); a
 * subscription the replaced database had ended goes, as the daily purge takes an unsubscribed one, and its
 * suppression comes along; a corrected lead gets the corrected values and its corrections. Returns how many of
 * each the back-up did not reflect yet.
 */
function replay(db: Database, { erasures, ended, corrected, consents }: Journal) {
  return db.transaction(async (tx) => {
    const suppressions = createSuppressions(tx);
    const leads = await tx.all<{ id: number; email: string; received_at: string }>(
      'SELECT id, email, received_at FROM leads',
    );
    const subscribers = await tx.all<{ id: number; email: string; created_at: string }>(
      'SELECT id, email, created_at FROM subscribers',
    );
    const hashes = new Map<string, string>();
    for (const { email } of [...leads, ...subscribers]) hashes.set(email, await suppressions.hash(email));
    const byHash = <T extends { email: string }>(rows: T[]) => {
      const found = new Map<string, T[]>();
      for (const row of rows) {
        const hash = hashes.get(row.email)!;
        found.set(hash, [...(found.get(hash) ?? []), row]);
      }
      return found;
    };
    const [leadsByHash, subscribersByHash] = [byHash(leads), byHash(subscribers)];
    const leadByKey = new Map(leads.map((lead) => [`${lead.id} ${lead.received_at}`, lead]));
    const goneLeads = new Set<number>();
    const goneSubscribers = new Set<number>();
    const reapplied = { erasures: 0, unsubscribes: 0, corrections: 0 };

    for (const erasure of erasures) {
      // A lead or sign-up made after the erasure is a new one, with its own consent.
      const lost = [
        ...(leadsByHash.get(erasure.hash) ?? []).filter((lead) => lead.received_at <= erasure.erasedAt),
        ...erasure.leads.flatMap(([id, receivedAt]) => leadByKey.get(`${id} ${receivedAt}`) ?? []),
      ].filter((lead) => !goneLeads.has(lead.id));
      const left = (subscribersByHash.get(erasure.hash) ?? []).filter(
        (subscriber) => !goneSubscribers.has(subscriber.id) && subscriber.created_at <= erasure.erasedAt,
      );
      if (lost.length + left.length > 0) reapplied.erasures += 1;
      for (const lead of lost) goneLeads.add(lead.id);
      for (const subscriber of left) goneSubscribers.add(subscriber.id);
      await recordErasure(tx, erasure);
    }
    for (const subscriber of subscribers)
      if (!goneSubscribers.has(subscriber.id) && ended.has(hashes.get(subscriber.email)!)) {
        goneSubscribers.add(subscriber.id);
        reapplied.unsubscribes += 1;
      }
    for (const [hash, since] of ended)
      await tx.run(
        'INSERT INTO suppressions (hash, created_at) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING',
        hash,
        since,
      );
    // Notes, history, corrections and messages go with their lead or subscriber (ON DELETE CASCADE).
    for (const id of goneLeads) await tx.run('DELETE FROM leads WHERE id = ?', id);
    for (const id of goneSubscribers) await tx.run('DELETE FROM subscribers WHERE id = ?', id);
    // The ledger is the replaced database's, whole; a consent whose record the back-up lacks has ended.
    await tx.run('DELETE FROM consents');
    for (const row of consents)
      await tx.run(
        `INSERT INTO consents (${CONSENT_COLUMNS.join(', ')}) VALUES (${CONSENT_COLUMNS.map(() => '?').join(', ')})`,
        ...CONSENT_COLUMNS.map((column) => row[column]),
      );
    await settleConsents(tx, new Date());

    for (const lead of corrected) {
      const restored = leads.find((row) => row.id === lead.id && row.received_at === lead.receivedAt);
      if (!restored || goneLeads.has(restored.id)) continue;
      const before = await tx.all('SELECT id FROM lead_corrections WHERE lead_id = ?', lead.id);
      if (before.length >= lead.corrections.length) continue;
      const fields = Object.keys(lead.values);
      // The column names come from the fixed list of correctable fields, never from the data.
      await tx.run(
        `UPDATE leads SET ${fields.map((field) => `${field} = ?`).join(', ')} WHERE id = ?`,
        ...fields.map((field) => lead.values[field]!),
        lead.id,
      );
      await tx.run('DELETE FROM lead_corrections WHERE lead_id = ?', lead.id);
      for (const { at, fields: which } of lead.corrections)
        await tx.run('INSERT INTO lead_corrections (lead_id, at, fields) VALUES (?, ?, ?)', lead.id, at, which);
      reapplied.corrections += 1;
    }
    return reapplied;
  });
}
