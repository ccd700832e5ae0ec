/** What a lead's owner is e-mailed (decision 079): the lead assigned to them, and its next step when due. */
import { formatLabTime } from '../console/kit/format';
import { headerText } from '../outbox/headerText';
import type { OutboxKind } from '../outbox/kinds';
import type { NewOutboxMessage } from '../outbox/store';
import { ownerMail } from './texts';

const assigned = { name: 'lead-assigned', channel: 'mail' } as const satisfies OutboxKind;
const stepDue = { name: 'lead-step-due', channel: 'mail' } as const satisfies OutboxKind;
const unanswered = { name: 'lead-unanswered', channel: 'mail' } as const satisfies OutboxKind;
export const ownerKinds: readonly OutboxKind[] = [assigned, stepDue, unanswered];

interface LeadOf {
  id: number;
  name: string;
}

const leadLink = (siteUrl: string, id: number) => `${siteUrl}/staff/leads/${id}`;

/** "Lead assigned to you", once per lead and owner. */
export function assignedMail(siteUrl: string, lead: LeadOf, owner: string): NewOutboxMessage {
  const name = headerText(lead.name);
  return {
    kind: assigned.name,
    leadId: lead.id,
    dedupeKey: `lead-assigned:${lead.id}:${owner.toLowerCase()}`,
    mail: {
      to: owner,
      subject: ownerMail.assignedSubject(name),
      text: ownerMail.assignedText({ name, link: leadLink(siteUrl, lead.id) }),
    },
  };
}

/**
 * "Next step due", once per step and due time: the key names both, so a run of the job that finds it again queues
 * nothing, and a step set anew is told anew.
 */
export function stepDueMail(
  siteUrl: string,
  lead: LeadOf & { owner: string; nextStep: string; nextStepDueAt: string },
): NewOutboxMessage {
  const name = headerText(lead.name);
  return {
    kind: stepDue.name,
    leadId: lead.id,
    dedupeKey: `lead-step-due:${lead.id}:${lead.nextStepDueAt}`,
    mail: {
      to: lead.owner,
      subject: ownerMail.dueSubject(name),
      text: ownerMail.dueText({
        name,
        step: lead.nextStep,
        due: formatLabTime(lead.nextStepDueAt),
        link: leadLink(siteUrl, lead.id),
      }),
    },
  };
}

/**
 * "Lead waiting", once per lead, stage and person (decision 080): the key names them, so the job that finds the lead
 * again every minute queues nothing more, and the lead's owner who is one of the lab's owners too is told at each
 * stage (`owner`, then `owners`).
 */
export function unansweredMail(
  siteUrl: string,
  lead: LeadOf & { owner: string },
  { stage, to, minutes }: { stage: 'owner' | 'owners'; to: string; minutes: number },
): NewOutboxMessage {
  const name = headerText(lead.name);
  return {
    kind: unanswered.name,
    leadId: lead.id,
    dedupeKey: `lead-unanswered:${stage}:${lead.id}:${to.toLowerCase()}`,
    mail: {
      to,
      subject: ownerMail.unansweredSubject(name, minutes),
      text: ownerMail.unansweredText({ name, minutes, owner: lead.owner, link: leadLink(siteUrl, lead.id) }),
    },
  };
}
