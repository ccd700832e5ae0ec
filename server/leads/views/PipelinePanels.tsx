/** A lead's owner, next step and status with its deal (decision 079): the side of the lead's page. */
import type { ReactNode } from 'react';

import { planFacts } from '../../../shared/content/data';
import type { ConsoleUser } from '../../console/kit/ConsoleDocument';
import { CsrfField } from '../../console/kit/ConsoleDocument';
import { formatDollars, toLabTime } from '../../console/kit/format';
import { LabelledField } from '../../console/kit/LabelledField';
import { LabTime } from '../../console/kit/LabTime';
import { SelectField } from '../../console/kit/SelectField';
import type { StaffName } from '../../console/people/names';
import { LAB_TIME_ZONE } from '../../console/texts';
import { wallClock } from '../../lib/zonedTime';
import { serviceLabel } from '../../pages/serviceLabel';
import { lostReasonLabels, pipelineCopy, statusActions, statusLabels } from '../consoleTexts';
import { LOST_REASONS, planPrice } from '../deal';
import type { InboxLead, LeadDetail } from '../inbox';
import { stepSeen } from '../inbox';
import type { LeadStatus } from '../leadStatus';
import { STATUS_MOVES } from '../leadStatus';
import { StatusBadge } from './leadParts';

/** The longest next step: a line, not a note. */
export const STEP_LIMIT = 200;

/** The move a status leads on to, shown as the primary button; a closed lead has none (reopening is no goal). */
const PRIMARY_MOVE: Partial<Record<LeadStatus, LeadStatus>> = { new: 'contacted', contacted: 'won' };

type Owner = { email: string; name: string };

export function OwnerPanel({
  user,
  lead,
  owners,
  nameOf,
}: {
  user: ConsoleUser;
  lead: InboxLead;
  owners: Owner[];
  nameOf: StaffName;
}) {
  // An owner who left the staff's readers stays chosen, by the name the records give them.
  const listed = owners.some((owner) => owner.email.toLowerCase() === lead.owner.toLowerCase());
  const options: [string, string][] = [
    ['', pipelineCopy.nobody],
    ...(lead.owner && !listed ? [[lead.owner, nameOf(lead.owner)] as [string, string]] : []),
    ...owners.map((owner): [string, string] => [owner.email.toLowerCase(), owner.name]),
  ];
  return (
    <section className="staff-panel card" aria-labelledby="owner-title">
      <h2 id="owner-title">{pipelineCopy.owner}</h2>
      <form className="staff-form" method="post" action={`/staff/leads/${lead.id}/owner`}>
        <CsrfField user={user} />
        {/* What this page showed: a save after someone else's is refused, not silently over theirs. */}
        <input type="hidden" name="was" value={lead.owner.toLowerCase()} />
        <SelectField
          id="lead-owner"
          name="owner"
          label={pipelineCopy.owner}
          value={lead.owner.toLowerCase()}
          options={options}
        />
        <button className="button button--secondary" type="submit">
          Change owner
        </button>
      </form>
    </section>
  );
}

export function StepPanel({
  user,
  lead,
  draft,
}: {
  user: ConsoleUser;
  lead: InboxLead;
  draft?: { step: string; due: string };
}) {
  const due = draft?.due ?? (lead.nextStepDueAt ? toLabTime(new Date(lead.nextStepDueAt)) : '');
  return (
    <section className="staff-panel card" aria-labelledby="step-title">
      <h2 id="step-title">{pipelineCopy.nextStep}</h2>
      {lead.nextStep && lead.nextStepDueAt ? (
        <p>
          {lead.nextStep}
          <span className="staff-history__meta">
            {pipelineCopy.due} <LabTime iso={lead.nextStepDueAt} />
          </span>
        </p>
      ) : (
        <p className="staff-muted">{pipelineCopy.noStep}</p>
      )}
      <form className="staff-form" method="post" action={`/staff/leads/${lead.id}/step`}>
        <CsrfField user={user} />
        <input type="hidden" name="was" value={stepSeen(lead.nextStep, lead.nextStepDueAt)} />
        <LabelledField id="step-text" label={pipelineCopy.nextStep}>
          <input
            className="contact-field__control"
            id="step-text"
            name="step"
            type="text"
            defaultValue={draft?.step ?? lead.nextStep}
            placeholder="Demo on Tuesday, follow up on Friday"
          />
        </LabelledField>
        <LabelledField id="step-due" label={pipelineCopy.dueLabel}>
          <input className="contact-field__control" id="step-due" name="due" type="datetime-local" defaultValue={due} />
        </LabelledField>
        <button className="button button--secondary" type="submit">
          Save next step
        </button>
      </form>
    </section>
  );
}

/** The deal a won lead came to, or the reason a lost one was lost. */
function Outcome({ lead }: { lead: InboxLead }) {
  if (lead.status === 'won' && lead.dealPlan && lead.dealMonthly !== null && lead.dealStart)
    return <p>{pipelineCopy.won(serviceLabel(lead.dealPlan), lead.dealMonthly, lead.dealStart)}</p>;
  if (lead.status === 'lost' && lead.lostReason)
    return (
      <p>
        {pipelineCopy.lostReason}:{' '}
        {lostReasonLabels[lead.lostReason as keyof typeof lostReasonLabels] ?? lead.lostReason}
      </p>
    );
  return null;
}

/** A form that moves the lead on from the status this page showed (a move from another is refused as stale). */
function StatusForm({
  user,
  lead,
  className,
  children,
}: {
  user: ConsoleUser;
  lead: InboxLead;
  className: string;
  children: ReactNode;
}) {
  return (
    <form className={className} method="post" action={`/staff/leads/${lead.id}/status`}>
      <CsrfField user={user} />
      <input type="hidden" name="from" value={lead.status} />
      {children}
    </form>
  );
}

/** Won: the plan (the lead's own service when it is one), its listed price, and the start day. */
function WonForm({ user, lead, draft }: { user: ConsoleUser; lead: InboxLead; draft?: Record<string, string> }) {
  const plan = draft?.plan ?? (planPrice(lead.service) === undefined ? planFacts[0]!.id : lead.service);
  return (
    <StatusForm user={user} lead={lead} className="staff-form staff-deal">
      <SelectField
        id="deal-plan"
        name="plan"
        label={pipelineCopy.dealPlan}
        value={plan}
        options={planFacts.map(
          (fact) => [fact.id, `${serviceLabel(fact.id)} (${formatDollars(fact.price)} a month)`] as const,
        )}
      />
      <LabelledField id="deal-monthly" label={pipelineCopy.dealMonthly}>
        <input
          className="contact-field__control"
          id="deal-monthly"
          name="monthly"
          inputMode="numeric"
          defaultValue={draft?.monthly ?? String(planPrice(plan) ?? '')}
          aria-describedby="deal-monthly-hint"
        />
      </LabelledField>
      <p className="staff-muted" id="deal-monthly-hint">
        {pipelineCopy.dealMonthlyHint}
      </p>
      <LabelledField id="deal-start" label={pipelineCopy.dealStart}>
        <input
          className="contact-field__control"
          id="deal-start"
          name="start"
          type="date"
          // Most deals start the day they are won; the day is the lab's.
          defaultValue={draft?.start ?? wallClock(new Date(), LAB_TIME_ZONE).day}
        />
      </LabelledField>
      <button className="button button--primary" type="submit" name="to" value="won">
        {statusActions.won}
      </button>
    </StatusForm>
  );
}

function LostForm({ user, lead, draft }: { user: ConsoleUser; lead: InboxLead; draft?: Record<string, string> }) {
  return (
    <StatusForm user={user} lead={lead} className="staff-form staff-deal">
      <SelectField
        id="lost-reason"
        name="reason"
        label={pipelineCopy.lostReason}
        value={draft?.reason ?? ''}
        options={[
          ['', 'Choose a reason'],
          ...LOST_REASONS.map((reason) => [reason, lostReasonLabels[reason]] as const),
        ]}
      />
      <button className="button button--secondary" type="submit" name="to" value="lost">
        {statusActions.lost}
      </button>
    </StatusForm>
  );
}

/** Where the lead stands, the moves from there (the one it leads on to as the primary button), and its history. */
export function StatusPanel({
  user,
  detail,
  nameOf,
  draftDeal,
}: {
  user: ConsoleUser;
  detail: LeadDetail;
  nameOf: StaffName;
  draftDeal?: Record<string, string>;
}) {
  const { lead, events } = detail;
  const moves = STATUS_MOVES[lead.status];
  const plain = moves.filter((to) => to !== 'won' && to !== 'lost');
  return (
    <section className="staff-panel card" aria-labelledby="status-title">
      <h2 id="status-title">Status</h2>
      <p>
        Now: <StatusBadge status={lead.status} />
      </p>
      <Outcome lead={lead} />
      {moves.includes('won') && <WonForm user={user} lead={lead} draft={draftDeal} />}
      {moves.includes('lost') && <LostForm user={user} lead={lead} draft={draftDeal} />}
      {plain.length > 0 && (
        <StatusForm user={user} lead={lead} className="staff-status-form">
          {plain.map((to) => (
            <button
              key={to}
              className={`button ${PRIMARY_MOVE[lead.status] === to ? 'button--primary' : 'button--secondary'}`}
              type="submit"
              name="to"
              value={to}
            >
              {statusActions[to]}
            </button>
          ))}
        </StatusForm>
      )}
      <h3 className="staff-panel__subtitle">History</h3>
      {events.length === 0 ? (
        <p className="staff-muted">Not moved yet.</p>
      ) : (
        <ol className="staff-history">
          {events.map((event, index) => (
            <li key={index}>
              {statusLabels[event.from]} → {statusLabels[event.to]}
              <span className="staff-history__meta">
                {nameOf(event.staffEmail)}, <LabTime iso={event.at} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
