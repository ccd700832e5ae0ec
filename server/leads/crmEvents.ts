/**
 * A lead's events for the lab's CRM (decision 081), and the whole contract: these with the erasure (crm/), one
 * strict schema from which docs/crm-events.schema.json is generated. Each event is queued in the transaction of
 * the change it tells.
 */
import { z } from 'zod';

import type { ContactFieldName } from '../../shared/content/contactFields';
import { CONTACT_FIELDS } from '../../shared/content/contactFields';
import type { PlanId } from '../../shared/content/data';
import { currency, planFacts } from '../../shared/content/data';
import { locales } from '../../shared/lib/locale';
import { readAttribution } from '../analytics/attribution';
import { envelope, externalLeadId, leadErased } from '../crm';
import type { LostReason, WonDeal } from './deal';
import { LOST_REASONS } from './deal';
import type { LeadStatus } from './leadStatus';
import { LEAD_STATUSES } from './leadStatus';
import { postedLead } from './messages';
import type { AssignedLead } from './store';

const leadRef = z.strictObject({ id: externalLeadId });
const status = z.enum(LEAD_STATUSES);
const person = z
  .strictObject({ email: z.email(), name: z.string().max(200) })
  .describe('A member of the lab’s staff, by the address they sign in with');

/** A form field as the visitor sent it ("" when left empty); its values and limits are the form's. */
const formFields = Object.fromEntries(
  CONTACT_FIELDS.map((field) => [
    field.name,
    field.control === 'select' ? z.enum(['', ...field.options]) : z.string().max(field.limit),
  ]),
) as unknown as Record<ContactFieldName, z.ZodString>;

const touch = z.strictObject({
  source: z.string(),
  medium: z.string(),
  campaign: z.string(),
  content: z.string(),
  referrer: z.string(),
  landing: z.string(),
});

const created = z
  .strictObject({
    ...envelope,
    type: z.literal('lead.created'),
    lead: z.strictObject({
      id: externalLeadId,
      receivedAt: z.iso.datetime(),
      ...formFields,
      serviceLabel: z.string().nullable().describe('The service’s name in English, null when none was chosen'),
      locale: z.enum(locales).describe('The language of the form it was sent from'),
      source: z.string().nullable().describe('The first touch’s source (decision 047)'),
      campaign: z.string().nullable(),
      attribution: z
        .strictObject({ first: touch, last: touch, formPage: z.string(), pagesSeen: z.int().min(0) })
        .nullable(),
    }),
  })
  .describe('A visitor sent the contact form');

const assigned = z
  .strictObject({ ...envelope, type: z.literal('lead.assigned'), lead: leadRef, owner: person.nullable() })
  .describe('The lead was given an owner (on arrival by the lab’s rule, or by the staff), or taken from one (null)');

const statusChanged = z
  .strictObject({
    ...envelope,
    type: z.literal('lead.status_changed'),
    lead: leadRef,
    from: status,
    to: status,
  })
  .describe('The lead moved to another status; won with its deal and lost with its reason are events of their own');

const won = z
  .strictObject({
    ...envelope,
    type: z.literal('lead.won'),
    lead: leadRef,
    from: status,
    deal: z.strictObject({
      plan: z.enum(planFacts.map((plan) => plan.id) as [PlanId, ...PlanId[]]),
      monthlyValue: z.int().min(0).describe(`Whole ${currency} dollars a month`),
      currency: z.literal(currency),
      startDate: z.iso.date(),
    }),
  })
  .describe('The lead became a client: the plan, its monthly value and the day it starts');

const lost = z
  .strictObject({
    ...envelope,
    type: z.literal('lead.lost'),
    lead: leadRef,
    from: status,
    reason: z.enum(LOST_REASONS),
  })
  .describe('The lead was lost, for a reason from the lab’s short list');

/** Every event the site posts to the CRM, by its type. */
export const crmEventSchema = z
  .discriminatedUnion('type', [created, assigned, statusChanged, won, lost, leadErased])
  .meta({ title: 'Meridian Lab CRM event', description: 'One signed POST per event (decision 081)' });

/** An event as a lead's change writes it; the envelope (version, id, time) is added when it is queued. */
type EventBody<Schema extends z.ZodType> = Omit<z.infer<Schema>, keyof typeof envelope>;

/** What a lead's arrival tells: it was created, and, when the rule gave it one, its owner. */
export function arrivalEvents(lead: AssignedLead): (EventBody<typeof created> | EventBody<typeof assigned>)[] {
  const posted = { ...postedLead(lead, readAttribution(lead.attribution)), id: lead.externalId };
  const owner = lead.owner ? { email: lead.owner, name: lead.ownerName } : undefined;
  return [
    // The lead webhook's own body (messages.ts), under the CRM's id: one list of properties for both.
    { type: 'lead.created', lead: posted as EventBody<typeof created>['lead'] },
    ...(owner ? [assignedEvent(lead.externalId, owner)] : []),
  ];
}

export const assignedEvent = (
  externalId: string,
  owner: { email: string; name: string } | undefined,
): EventBody<typeof assigned> => ({ type: 'lead.assigned', lead: { id: externalId }, owner: owner ?? null });

/** A status change's event: won with its deal, lost with its reason, any other move as it is. */
export function statusEvent(
  externalId: string,
  { from, to, deal, reason }: { from: LeadStatus; to: LeadStatus; deal?: WonDeal; reason?: LostReason },
): EventBody<typeof statusChanged> | EventBody<typeof won> | EventBody<typeof lost> {
  const lead = { id: externalId };
  if (to === 'won' && deal) {
    const { plan, monthly, start } = deal;
    return { type: 'lead.won', lead, from, deal: { plan, monthlyValue: monthly, currency, startDate: start } };
  }
  if (to === 'lost' && reason) return { type: 'lead.lost', lead, from, reason };
  return { type: 'lead.status_changed', lead, from, to };
}
