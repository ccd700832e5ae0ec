/**
 * A stored lead: its properties, the column of `leads` that holds each, and
 * where each goes beyond the database. The store's INSERT and SELECT, the
 * console's inbox, the CSV export and the webhook are derived from this list;
 * the form's fields come from their own table (shared/content/contactFields.ts).
 */
import { CONTACT_FIELDS } from '../../shared/content/contactFields';
import type { Locale } from '../../shared/lib/locale';
import type { ContactValues } from '../../shared/model/contactForm';
import type { CsvColumns } from '../lib/csv';

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
  /** Its id for the lab's CRM (decision 081): a random UUID, which tells nobody how many leads there are. */
  externalId: string;
  /** The proof of consent (decision 067): the version of the form's notice shown, and the form and page it was sent from. */
  notice: string;
  consentChannel: string;
}

interface LeadColumn {
  property: keyof Lead;
  column: string;
  /** A column of the CSV export. */
  csv: boolean;
  /** A key of the webhook's body. */
  webhook: boolean;
}

/** In the order the exports and the webhook list them. */
const LEAD_COLUMNS: readonly LeadColumn[] = [
  { property: 'id', column: 'id', csv: true, webhook: true },
  // The CRM's id goes in the CRM's events only (decision 081); the exports keep their columns.
  { property: 'externalId', column: 'external_id', csv: false, webhook: false },
  { property: 'receivedAt', column: 'received_at', csv: true, webhook: true },
  // A form field is kept in a column of its name.
  ...CONTACT_FIELDS.map(({ name }) => ({ property: name, column: name, csv: true, webhook: true })),
  // The sender's hash and browser are for the staff, not for a chat channel or a CRM.
  { property: 'clientHash', column: 'client_hash', csv: true, webhook: false },
  { property: 'userAgent', column: 'user_agent', csv: true, webhook: false },
  // The CSV has never carried the language: adding it would change the export's format.
  { property: 'locale', column: 'locale', csv: false, webhook: true },
  { property: 'source', column: 'source', csv: true, webhook: true },
  { property: 'campaign', column: 'campaign', csv: true, webhook: true },
  { property: 'attribution', column: 'attribution', csv: true, webhook: true },
  // Proof of consent, for the lab: not for a chat channel or a CRM.
  { property: 'notice', column: 'notice', csv: true, webhook: false },
  { property: 'consentChannel', column: 'consent_channel', csv: true, webhook: false },
];

/** Every column but the id, which the database hands out. */
const inserted = LEAD_COLUMNS.filter(({ property }) => property !== 'id');

/** Stores a new lead; its values come from insertedValues, in the same order. */
export const LEAD_INSERT = `INSERT INTO leads (${inserted.map(({ column }) => column).join(', ')})
  VALUES (${inserted.map(() => '?').join(', ')}) RETURNING id`;

export const insertedValues = (lead: Omit<Lead, 'id'>) =>
  inserted.map(({ property }) => lead[property as Exclude<keyof Lead, 'id'>]);

/**
 * The SELECT list that reads a row as a Lead, each column under its property's
 * name (quoted: PostgreSQL folds bare names to lower case): no mapping after.
 */
export const LEAD_SELECT = LEAD_COLUMNS.map(({ property, column }) => `${column} AS "${property}"`).join(', ');

/** A lead's columns in every CSV export of leads, in this order. */
export const leadColumns: CsvColumns<Lead> = LEAD_COLUMNS.filter(({ csv }) => csv).map(({ property, column }) => [
  property,
  column,
]);

/** The properties the webhook posts, in this order. */
export const webhookProperties = LEAD_COLUMNS.filter(({ webhook }) => webhook).map(({ property }) => property);
