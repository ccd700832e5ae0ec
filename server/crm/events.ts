/**
 * What every event posted to the lab's CRM carries (decision 081), and the one event no lead feature sends: the
 * erasure, which privacy/ queues. The lead's own events (created, assigned, status, won, lost) are
 * leads/crmEvents.ts; together they are the contract, published as docs/crm-events.schema.json.
 */
import { randomUUID } from 'node:crypto';

import { z } from 'zod';

import type { MailConfig } from '../config';
import type { Queryable } from '../db';
import type { OutboxKind } from '../outbox/kinds';
import type { NewOutboxMessage, OutboxStore } from '../outbox/store';

/** Raised when a field changes meaning or goes: a receiver reads the version before anything else. */
const CRM_EVENT_VERSION = 1;

/**
 * The lead as the CRM knows it: a random UUID given on arrival and kept with the lead, never its row number, which
 * would tell anyone who sees two events how many leads the lab had between them.
 */
export const externalLeadId = z.uuid().describe('The lead’s stable external id (a random UUID, never a row number)');

/** The fields every event has, beside its type and its lead. */
export const envelope = {
  version: z.literal(CRM_EVENT_VERSION).describe('The payload’s version'),
  id: z.uuid().describe('The event’s id, also the x-meridian-delivery header: the same on every attempt'),
  occurredAt: z.iso.datetime().describe('When the change happened, in UTC'),
};

/** The erasure of a lead at its person's request: its id alone, so the CRM can delete its copy. */
export const leadErased = z
  .strictObject({ ...envelope, type: z.literal('lead.erased'), lead: z.strictObject({ id: externalLeadId }) })
  .describe('The lead was erased at its person’s request: delete the CRM’s copy. It carries no personal data.');

/** An event as a feature writes it: the envelope is added when it is queued. */
interface CrmEventBody {
  type: `lead.${string}`;
  lead: { id: string };
}

/** The CRM's signed posts, through the outbox like the lead webhook's. */
export const crmKind = { name: 'crm-event', channel: 'crm' } as const satisfies OutboxKind;

export interface CrmEvents {
  /**
   * The messages an event makes: one signed post, or none while CRM_WEBHOOK_URL is unset. `leadId` is the lead's
   * row: an erasure takes an event still queued with it, and a sent one keeps nothing of the lead. The erasure's
   * own event has none, so that it outlives the lead.
   */
  messages(event: CrmEventBody, at: Date, leadId?: number): NewOutboxMessage[];
  /** The same queued in `tx`, the transaction that makes the change it tells. */
  queue(tx: Queryable, event: CrmEventBody, at: Date, leadId?: number): Promise<void>;
  /** After the commit: the worker sends what was queued now. */
  committed(): void;
}

export function crmEvents(outbox: OutboxStore, crm: MailConfig['crm'], committed: () => void = () => {}): CrmEvents {
  const messages: CrmEvents['messages'] = (event, at, leadId) => {
    if (!crm) return [];
    // The event's id is its delivery id: a receiver drops a repeat of an at-least-once post by either.
    const id = randomUUID();
    const { type, ...rest } = event;
    const body = { version: CRM_EVENT_VERSION, id, type, occurredAt: at.toISOString(), ...rest };
    return [{ kind: crmKind.name, leadId, deliveryId: id, body }];
  };
  return {
    messages,
    async queue(tx, event, at, leadId) {
      for (const message of messages(event, at, leadId)) await outbox.enqueue(message, at, tx);
    },
    committed,
  };
}
