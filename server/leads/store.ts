import { createHmac, randomUUID } from 'node:crypto';

import type { Locale } from '../../shared/lib/locale';
import type { ContactValues } from '../../shared/model/contactForm';
import { localizePath } from '../../shared/routes';
import { ASSIGNMENT_ACTOR, recordAudit } from '../console/audit/record';
import type { Database, Queryable } from '../db';
import type { Delivery } from '../outbox/port';
import { recordConsent } from '../privacy/consents';
import { noticeVersions } from '../privacy/notices';
import type { LeadOwner } from './assignment';
import { ownerFor, staffForAssignment } from './assignment';
import type { Lead } from './columns';
import { insertedValues, LEAD_INSERT, LEAD_SELECT } from './columns';
import { recordFirstAction } from './firstAction';

/**
 * A lead as committed: with its owner's address, "" when the staff has nobody who may read leads (decision 079),
 * and their name.
 */
export type AssignedLead = Lead & { owner: string; ownerName: string };

/** What a visitor sent: the form's fields, the language of the page it was on (English when not said) and the visit's source. */
export type NewLead = ContactValues & { locale?: Locale } & Partial<Pick<Lead, 'attribution' | 'source' | 'campaign'>>;

interface LeadClient {
  /** '' for a message the quarantine held, which keeps no address: its lead has no client hash. */
  address: string;
  userAgent: string;
}

/** Longest user agent kept; real ones are far shorter. */
const USER_AGENT_LIMIT = 512;

export interface LeadStore {
  /**
   * Stores one lead, and queues its messages in the same transaction, so a
   * lead is never kept without its notification nor the other way round.
   * Resolves to its id once committed (SQLite: synchronous FULL; PostgreSQL: COMMIT acknowledged).
   */
  add(values: NewLead, client: LeadClient, receivedAt?: Date): Promise<number>;
  /**
   * A booked call's lead, in the booking's transaction (decision 082): a returning visitor's latest lead takes the
   * call as its next step; a new one is stored with the person who takes the call as its owner, from the booking
   * page. `committed` is the caller's to call once its transaction has committed.
   */
  bookedIn(tx: Queryable, booking: BookedLead, client: LeadClient): Promise<number>;
  /** Wakes what a committed lead queued. */
  committed(): void;
  /** Every lead, oldest first. */
  all(): Promise<Lead[]>;
}

/** A booked call as its lead reads it: the visitor's fields, the page, who takes it and when. */
interface BookedLead {
  values: NewLead;
  page: string;
  owner: LeadOwner;
  step: string;
  at: Date;
  receivedAt: Date;
}

/** The visitor's most recent lead with an owner: a returning lead goes back to its owner (decision 082). */
export async function returningLead(q: Queryable, email: string) {
  return q.get<{ id: number; owner: string }>(
    "SELECT id, owner FROM leads WHERE lower(email) = lower(?) AND owner <> '' ORDER BY id DESC LIMIT 1",
    email,
  );
}

/**
 * `clientKey` (ANALYTICS_KEY, decision 065) keys the client hash, which tells a client's repeated leads apart:
 * the database holds no key, so neither the address nor the day's visitor hashes can be worked out from it.
 * Without a key (a store that only reads) a lead keeps no client hash.
 */
export function createLeadStore(db: Database, delivery?: Delivery<AssignedLead>, clientKey?: string): LeadStore {
  const prepared = (values: NewLead, client: LeadClient, receivedAt: Date, page: string) => {
    const locale = values.locale ?? 'en';
    return {
      ...values,
      locale,
      attribution: values.attribution ?? '{}',
      source: values.source ?? '',
      campaign: values.campaign ?? '',
      receivedAt: receivedAt.toISOString(),
      externalId: randomUUID(),
      clientHash:
        clientKey && client.address
          ? createHmac('sha256', clientKey).update(`lead\n${client.address}`).digest('hex')
          : '',
      userAgent: client.userAgent.slice(0, USER_AGENT_LIMIT),
      notice: noticeVersions.lead,
      consentChannel: page,
    };
  };

  /** The lead, its owner, its proof of consent and its messages, in `tx`. */
  async function insert(tx: Queryable, lead: ReturnType<typeof prepared>, owner: LeadOwner | undefined) {
    const row = await tx.get<{ id: number }>(LEAD_INSERT, ...insertedValues(lead));
    const stored = { ...lead, id: row!.id, owner: owner?.email ?? '', ownerName: owner?.name ?? '' };
    const receivedAt = new Date(lead.receivedAt);
    if (owner) {
      await tx.run('UPDATE leads SET owner = ? WHERE id = ?', owner.email, stored.id);
      const entry = { actor: ASSIGNMENT_ACTOR, action: 'lead.owner', object: `lead ${stored.id}` } as const;
      await recordAudit(tx, { ...entry, detail: owner.email }, receivedAt);
    }
    // The proof of consent outlives the lead (decision 067).
    await recordConsent(tx, lead.email, {
      purpose: 'lead',
      recordId: stored.id,
      notice: lead.notice,
      locale: lead.locale,
      channel: lead.consentChannel,
      askedAt: lead.receivedAt,
      givenAt: lead.receivedAt,
    });
    for (const message of delivery?.messagesFor(stored) ?? []) await delivery!.outbox.enqueue(message, receivedAt, tx);
    return stored.id;
  }

  return {
    async add(values, client, receivedAt = new Date()) {
      const lead = prepared(
        values,
        client,
        receivedAt,
        `contact form on ${localizePath('/contact', values.locale ?? 'en')}`,
      );
      const people = await staffForAssignment(db);
      const id = await db.transaction(async (tx) =>
        // Assigned on arrival, in the same transaction: the load it reads counts every lead committed before.
        insert(tx, lead, await ownerFor(tx, people, { locale: lead.locale, at: receivedAt })),
      );
      delivery?.committed();
      return id;
    },
    async bookedIn(tx, { values, page, owner, step, at, receivedAt }, client) {
      const returning = await returningLead(tx, values.email);
      const id =
        returning?.id ?? (await insert(tx, prepared(values, client, receivedAt, `booking form on ${page}`), owner));
      await tx.run('UPDATE leads SET next_step = ?, next_step_due_at = ? WHERE id = ?', step, at.toISOString(), id);
      // A booked call answers its lead: the first action, if the staff had taken none (decision 080).
      await recordFirstAction(tx, id, receivedAt);
      return id;
    },
    committed: () => delivery?.committed(),
    all() {
      return db.all<Lead>(`SELECT ${LEAD_SELECT} FROM leads ORDER BY id`);
    },
  };
}
