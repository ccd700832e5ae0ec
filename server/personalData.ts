import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from './db';
import { createSuppressions } from './suppressions';

/** Everything the site holds about one e-mail address: what a person may ask to see. */
export interface PersonalData {
  email: string;
  leads: Record<string, unknown>[];
  subscription: Record<string, unknown> | null;
  messages: Record<string, unknown>[];
  suppressed: boolean;
}

export interface Erased {
  leads: number;
  notes: number;
  statusChanges: number;
  messages: number;
  subscriptions: number;
}

const sameAddress = 'lower(email) = lower(?)';

/** Leads with their notes and status history, the newsletter record and every message about them. */
export function exportPersonalData(db: DatabaseSync, email: string): PersonalData {
  const leads = db.prepare(`SELECT * FROM leads WHERE ${sameAddress} ORDER BY id`).all(email) as { id: number }[];
  const notes = db.prepare('SELECT staff_email, created_at, body FROM lead_notes WHERE lead_id = ? ORDER BY id');
  const events = db.prepare('SELECT staff_email, at, from_status, to_status FROM lead_events WHERE lead_id = ? ORDER BY id');
  const subscription = db
    .prepare(`SELECT id, email, created_at, confirmed_at, unsubscribed_at, confirmation_sent_at FROM subscribers WHERE ${sameAddress}`)
    .get(email) as { id: number } | undefined;
  const messages = db
    .prepare(
      `SELECT kind, status, created_at, sent_at, attempts FROM outbox
       WHERE lead_id IN (SELECT id FROM leads WHERE ${sameAddress}) OR subscriber_id = ? ORDER BY id`,
    )
    .all(email, subscription?.id ?? null);
  const suppressed = createSuppressions(db).has(email);
  return {
    email,
    leads: leads.map((lead) => ({ ...lead, notes: notes.all(lead.id), statusChanges: events.all(lead.id) })),
    subscription: subscription ?? null,
    messages,
    suppressed,
  };
}

/**
 * Deletes everything held about an address (leads, their notes, history and
 * messages, the newsletter record and its messages) in one transaction, and
 * keeps only a suppression hash so the address is not added again by mistake.
 */
export function erasePersonalData(db: DatabaseSync, email: string, now = new Date()): Erased {
  return inTransaction(db, () => {
    const count = (sql: string, ...params: (string | number | null)[]) => (db.prepare(sql).get(...params) as { n: number }).n;
    const leadIds = `SELECT id FROM leads WHERE ${sameAddress}`;
    const subscriber = db.prepare(`SELECT id FROM subscribers WHERE ${sameAddress}`).get(email) as { id: number } | undefined;
    const erased: Erased = {
      leads: count(`SELECT COUNT(*) AS n FROM leads WHERE ${sameAddress}`, email),
      notes: count(`SELECT COUNT(*) AS n FROM lead_notes WHERE lead_id IN (${leadIds})`, email),
      statusChanges: count(`SELECT COUNT(*) AS n FROM lead_events WHERE lead_id IN (${leadIds})`, email),
      messages: count(`SELECT COUNT(*) AS n FROM outbox WHERE lead_id IN (${leadIds}) OR subscriber_id = ?`, email, subscriber?.id ?? null),
      subscriptions: subscriber ? 1 : 0,
    };
    // Notes, history and messages go with their lead or subscriber (ON DELETE CASCADE).
    db.prepare(`DELETE FROM leads WHERE ${sameAddress}`).run(email);
    db.prepare(`DELETE FROM subscribers WHERE ${sameAddress}`).run(email);
    createSuppressions(db).add(email, now);
    return erased;
  });
}
