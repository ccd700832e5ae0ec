import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { ContactValues } from '../shared/lib/contactForm';

/** A stored lead as the staff export shows it. */
export interface Lead extends ContactValues {
  id: number;
  /** ISO 8601, UTC. */
  receivedAt: string;
  /** Salted SHA-256 of the sender's address: tells repeat senders apart without keeping the address. */
  clientHash: string;
  userAgent: string;
}

export interface LeadClient {
  address: string;
  userAgent: string;
}

/** Longest user agent kept; real ones are far shorter. */
const USER_AGENT_LIMIT = 512;

export interface LeadStore {
  /** Stores one lead and returns its id once the row is committed (synchronous FULL: on disk). */
  add(values: ContactValues, client: LeadClient, receivedAt?: Date): number;
  /** Every lead, oldest first. */
  all(): Lead[];
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
}

/** The salt the migration generated once for this database. */
function readSalt(db: DatabaseSync): string {
  const row = db.prepare("SELECT value FROM settings WHERE key = 'client_hash_salt'").get() as { value: string } | undefined;
  if (!row) throw new Error('The database has no client hash salt: its migrations did not run.');
  return row.value;
}

export function hashClientAddress(salt: string, address: string): string {
  return createHash('sha256').update(`${salt}:${address}`).digest('hex');
}

export function createLeadStore(db: DatabaseSync): LeadStore {
  const salt = readSalt(db);
  const insert = db.prepare(
    `INSERT INTO leads (received_at, name, email, company, phone, service, message, client_hash, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const selectAll = db.prepare('SELECT * FROM leads ORDER BY id');

  return {
    add(values, client, receivedAt = new Date()) {
      const result = insert.run(
        receivedAt.toISOString(),
        values.name,
        values.email,
        values.company,
        values.phone,
        values.service,
        values.message,
        hashClientAddress(salt, client.address),
        client.userAgent.slice(0, USER_AGENT_LIMIT),
      );
      return Number(result.lastInsertRowid);
    },
    all() {
      return (selectAll.all() as unknown as LeadRow[]).map((row) => ({
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
      }));
    },
  };
}
