import { cancelCallsOfErased } from '../booking';
import type { CrmEvents } from '../crm';
import type { Database } from '../db';
import type { OutboxStore } from '../outbox/store';
import { consentsOf, settleConsents } from './consents';
import { recordErasure } from './journal';
import { createSuppressions } from './suppressions';

/** Everything the site holds about one e-mail address: what a person may ask to see. */
export interface PersonalData {
  email: string;
  leads: Record<string, unknown>[];
  /** Booked calls, past, to come and cancelled (decision 082). */
  bookings: Record<string, unknown>[];
  subscription: Record<string, unknown> | null;
  messages: Record<string, unknown>[];
  /** The proof of each consent the address gave, kept after its subscription or leads (decision 067). */
  consents: Record<string, unknown>[];
  suppressed: boolean;
}

export interface Erased {
  leads: number;
  notes: number;
  statusChanges: number;
  messages: number;
  subscriptions: number;
  /** Booked calls deleted: one to come is cancelled so, its time free again (decision 082). */
  bookings: number;
}

const sameAddress = 'lower(email) = lower(?)';

/** Leads with their notes, status history and corrections, the newsletter record and every message about them. */
/**
 * What a message said, for an access request: an e-mail's subject and text (a link still to be used left out),
 * a campaign's number and subject in the reader's language; nothing for a lead's, which keeps nothing once
 * sent (the lead itself is exported).
 */
async function messageContent(db: Database, payload: string, locale: 'en' | 'es'): Promise<unknown> {
  const stored = JSON.parse(payload) as { mail?: { subject: string; text: string }; secret?: string; body?: unknown };
  if (stored.mail) {
    const { subject, text } = stored.mail;
    return { subject, text: stored.secret ? text.replaceAll(stored.secret, '[link left out]') : text };
  }
  const campaign = (stored.body as { campaign?: unknown } | null | undefined)?.campaign;
  if (typeof campaign !== 'number') return null;
  const row = await db.get<{ subject: string }>(
    `SELECT subject_${locale} AS subject FROM campaigns WHERE id = ?`,
    campaign,
  );
  return { campaign, subject: row?.subject ?? null };
}

export async function exportPersonalData(db: Database, email: string): Promise<PersonalData> {
  const leads = await db.all<{ id: number }>(`SELECT * FROM leads WHERE ${sameAddress} ORDER BY id`, email);
  const subscription = await db.get<{ id: number }>(
    `SELECT id, email, locale, created_at, confirmed_at, unsubscribed_at, confirmation_sent_at, hard_bounces, bounced_at,
     bounce_reason, attribution, source, notice, consent_channel FROM subscribers WHERE ${sameAddress}`,
    email,
  );
  const rows = await db.all<Record<string, unknown> & { payload: string }>(
    `SELECT kind, status, created_at, sent_at, attempts, payload FROM outbox
     WHERE lead_id IN (SELECT id FROM leads WHERE ${sameAddress}) OR subscriber_id = ? ORDER BY id`,
    email,
    subscription?.id ?? null,
  );
  const locale = (subscription as { locale?: string } | undefined)?.locale === 'es' ? 'es' : 'en';
  const messages = await Promise.all(
    rows.map(async ({ payload, ...message }) => ({ ...message, content: await messageContent(db, payload, locale) })),
  );
  const withHistory = await Promise.all(
    leads.map(async (lead) => ({
      ...lead,
      notes: await db.all(
        'SELECT id, staff_email, created_at, body FROM lead_notes WHERE lead_id = ? ORDER BY id',
        lead.id,
      ),
      // A note's earlier wordings (decision 079); the lead's owner, next step and deal are columns of the lead above.
      noteEdits: await db.all(
        `SELECT note_id, edited_at, staff_email, previous_body FROM lead_note_edits
         WHERE note_id IN (SELECT id FROM lead_notes WHERE lead_id = ?) ORDER BY id`,
        lead.id,
      ),
      statusChanges: await db.all(
        'SELECT staff_email, at, from_status, to_status FROM lead_events WHERE lead_id = ? ORDER BY id',
        lead.id,
      ),
      corrections: await db.all('SELECT at, fields FROM lead_corrections WHERE lead_id = ? ORDER BY id', lead.id),
    })),
  );
  return {
    email,
    leads: withHistory,
    bookings: await db.all(`SELECT * FROM bookings WHERE ${sameAddress} ORDER BY id`, email),
    subscription: subscription ?? null,
    messages,
    consents: await consentsOf(db, email),
    suppressed: await createSuppressions(db).has(email),
  };
}

/**
 * Deletes everything held about an address (leads, their notes, history and
 * messages, booked calls, the newsletter record and its messages) in one transaction, and
 * keeps only a suppression hash so the address is not added again by mistake,
 * the erasure's record, which a restore applies to an older back-up (journal.ts),
 * and the proof of its consents, ended now and kept their years (consents.ts). Each lead's erasure is told to the
 * lab's CRM by its external id alone (decision 081), queued in the same transaction.
 */
export async function erasePersonalData(
  db: Database,
  email: string,
  now = new Date(),
  crm?: CrmEvents,
  /** Where the calls to come queue their person's cancel (decision 087); none: they are deleted unannounced. */
  outbox?: OutboxStore,
): Promise<Erased> {
  const erased = await db.transaction(async (tx) => {
    const count = async (sql: string, ...params: (string | number | null)[]) =>
      (await tx.get<{ n: number }>(sql, ...params))!.n;
    const leadIds = `SELECT id FROM leads WHERE ${sameAddress}`;
    const subscriber = await tx.get<{ id: number }>(`SELECT id FROM subscribers WHERE ${sameAddress}`, email);
    const erased: Erased = {
      leads: await count(`SELECT COUNT(*) AS n FROM leads WHERE ${sameAddress}`, email),
      notes: await count(`SELECT COUNT(*) AS n FROM lead_notes WHERE lead_id IN (${leadIds})`, email),
      statusChanges: await count(`SELECT COUNT(*) AS n FROM lead_events WHERE lead_id IN (${leadIds})`, email),
      messages: await count(
        `SELECT COUNT(*) AS n FROM outbox WHERE lead_id IN (${leadIds}) OR subscriber_id = ?`,
        email,
        subscriber?.id ?? null,
      ),
      subscriptions: subscriber ? 1 : 0,
      bookings: await count(`SELECT COUNT(*) AS n FROM bookings WHERE ${sameAddress}`, email),
    };
    const leads = await tx.all<{ id: number; received_at: string; external_id: string }>(
      `SELECT id, received_at, external_id FROM leads WHERE ${sameAddress} ORDER BY id`,
      email,
    );
    // No row of the lead: the event outlives it, and says nothing but the id the CRM knows it by.
    for (const lead of leads) await crm?.queue(tx, { type: 'lead.erased', lead: { id: lead.external_id } }, now);
    // Notes, history and messages go with their lead or subscriber (ON DELETE CASCADE).
    await tx.run(`DELETE FROM leads WHERE ${sameAddress}`, email);
    await tx.run(`DELETE FROM subscribers WHERE ${sameAddress}`, email);
    // A form post held as likely automated (decision 073) is erased with the rest.
    await tx.run(`DELETE FROM form_quarantine WHERE ${sameAddress}`, email);
    // A call to come is cancelled (its person told, the visitor not), then deleted: its time is free again, and its
    // messages went with its lead.
    if (outbox) await cancelCallsOfErased(tx, outbox, email, now);
    await tx.run(`DELETE FROM bookings WHERE ${sameAddress}`, email);
    await settleConsents(tx, now);
    const suppressions = createSuppressions(tx);
    const hash = await suppressions.hash(email);
    await suppressions.add(email, now);
    // A lapsed sign-up's unsubscribe link: the suppression above does what it would.
    await tx.run('DELETE FROM unsubscribe_links WHERE suppression_hash = ?', hash);
    await recordErasure(tx, {
      hash,
      erasedAt: now.toISOString(),
      leads: leads.map((lead) => [lead.id, lead.received_at]),
    });
    return erased;
  });
  crm?.committed();
  return erased;
}
