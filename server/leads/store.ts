import type { Locale } from '../../shared/lib/locale';
import type { ContactValues } from '../../shared/model/contactForm';
import type { Database } from '../db';
import { readSalt, saltedHash } from '../db/salt';
import type { Delivery } from '../outbox/port';

/** A stored lead as the staff export shows it. */
export interface Lead extends ContactValues {
  id: number;
  /** ISO 8601, UTC. */
  receivedAt: string;
  /** Salted SHA-256 of the sender's address: tells repeat senders apart without keeping the address. */
  clientHash: string;
  userAgent: string;
  /** The language of the form it was sent from. */
  locale: Locale;
  /** Where the visit came from (decision 047): JSON of its first and last touch, form page and pages seen. */
  attribution: string;
  /** The first touch's source and campaign ("" when unknown). */
  source: string;
  campaign: string;
}

/** What a visitor sent: the form's fields, the language of the page it was on (English when not said) and the visit's source. */
type NewLead = ContactValues & { locale?: Locale } & Partial<Pick<Lead, 'attribution' | 'source' | 'campaign'>>;

interface LeadClient {
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
  /** Every lead, oldest first. */
  all(): Promise<Lead[]>;
}

interface LeadRow {
  id: number;
  received_at: string;
  name: string;
  email: string;
  company: string;
  phone: string;
  service: string;
  message: string;
  client_hash: string;
  user_agent: string;
  locale: Locale;
  attribution: string;
  source: string;
  campaign: string;
}

export function createLeadStore(db: Database, delivery?: Delivery<Lead>): LeadStore {
  let salt: Promise<string> | undefined;

  return {
    async add(values, client, receivedAt = new Date()) {
      const lead = {
        ...values,
        locale: values.locale ?? 'en',
        attribution: values.attribution ?? '{}',
        source: values.source ?? '',
        campaign: values.campaign ?? '',
        receivedAt: receivedAt.toISOString(),
        clientHash: saltedHash(await (salt ??= readSalt(db)), client.address),
        userAgent: client.userAgent.slice(0, USER_AGENT_LIMIT),
      };
      const id = await db.transaction(async (tx) => {
        const row = await tx.get<{ id: number }>(
          `INSERT INTO leads (received_at, name, email, company, phone, service, message, client_hash, user_agent, locale,
             attribution, source, campaign)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
          lead.receivedAt,
          lead.name,
          lead.email,
          lead.company,
          lead.phone,
          lead.service,
          lead.message,
          lead.clientHash,
          lead.userAgent,
          lead.locale,
          lead.attribution,
          lead.source,
          lead.campaign,
        );
        const stored = { ...lead, id: row!.id };
        for (const message of delivery?.messagesFor(stored) ?? [])
          await delivery!.outbox.enqueue(message, receivedAt, tx);
        return stored.id;
      });
      delivery?.committed();
      return id;
    },
    async all() {
      return (await db.all<LeadRow>('SELECT * FROM leads ORDER BY id')).map((row) => ({
        id: row.id,
        receivedAt: row.received_at,
        name: row.name,
        email: row.email,
        company: row.company,
        phone: row.phone,
        service: row.service,
        message: row.message,
        clientHash: row.client_hash,
        userAgent: row.user_agent,
        locale: row.locale,
        attribution: row.attribution,
        source: row.source,
        campaign: row.campaign,
      }));
    },
  };
}
