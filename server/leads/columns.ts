import type { CsvColumns } from '../lib/csv';
import type { Lead } from './store';

/** A lead's columns in every export of leads, in this order. */
export const leadColumns: CsvColumns<Lead> = [
  ['id', 'id'],
  ['receivedAt', 'received_at'],
  ['name', 'name'],
  ['email', 'email'],
  ['company', 'company'],
  ['phone', 'phone'],
  ['service', 'service'],
  ['message', 'message'],
  ['clientHash', 'client_hash'],
  ['userAgent', 'user_agent'],
  ['source', 'source'],
  ['campaign', 'campaign'],
  ['attribution', 'attribution'],
];
