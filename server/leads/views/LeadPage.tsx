import { siteFacts } from '../../../shared/content/data';
import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, Notice } from '../../console/kit/ConsoleDocument';
import { LabTime } from '../../console/kit/LabTime';
import type { StaffName } from '../../console/people/names';
import { heardLabel } from '../../pages/heardLabel';
import { serviceLabel } from '../../pages/serviceLabel';
import { deliveryLabels, pipelineCopy } from '../consoleTexts';
import type { LeadDetail } from '../inbox';
import { leadNotification } from '../texts';
import { Field, StatusBadge } from './leadParts';
import { LeadSource } from './LeadSource';
import { Notes } from './Notes';
import { OwnerPanel, StatusPanel, StepPanel } from './PipelinePanels';

export const NOTE_LIMIT = 5000;
export { STEP_LIMIT } from './PipelinePanels';

export interface LeadPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  detail: LeadDetail;
  /** Who moved the lead or wrote a note, by name. */
  nameOf: StaffName;
  /** Who may own it (decision 079). */
  owners: { email: string; name: string }[];
  notice?: { tone: 'success' | 'error'; text: string };
  /** A note that was refused, shown again as typed. */
  draftNote?: string;
  /** A next step, a deal and a note's new wording that were refused, shown again as typed. */
  draftStep?: { step: string; due: string };
  draftDeal?: Record<string, string>;
  draftEdit?: { id: number; body: string };
}

function Deliveries({ detail }: Pick<LeadPageProps, 'detail'>) {
  if (detail.deliveries.length === 0) return <p className="staff-muted">No notification was queued for this lead.</p>;
  return (
    <table className="staff-table staff-table--stack" aria-label="Notification delivery">
      <thead>
        <tr>
          <th scope="col">Message</th>
          <th scope="col">State</th>
          <th scope="col">Attempts</th>
          <th scope="col">Last error</th>
          <th scope="col">Sent</th>
        </tr>
      </thead>
      <tbody>
        {detail.deliveries.map((delivery, index) => (
          <tr key={index}>
            <td data-label="Message">{delivery.kind}</td>
            <td data-label="State">
              <span className={`staff-badge staff-badge--delivery-${delivery.status}`}>
                {deliveryLabels[delivery.status]}
              </span>
            </td>
            <td data-label="Attempts">{delivery.attempts}</td>
            <td data-label="Last error">{delivery.lastError ?? '—'}</td>
            <td data-label="Sent">{delivery.sentAt ? <LabTime iso={delivery.sentAt} /> : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One lead: every field, the reply link, its delivery, owner, next step, status with history, and notes. */
export function LeadPage(props: LeadPageProps) {
  const { assets, user, detail, nameOf, notice } = props;
  const { lead } = detail;
  const reply = `mailto:${lead.email}?subject=${encodeURIComponent(`Re: your message to ${siteFacts.name}`)}`;
  return (
    <ConsoleDocument title={`Lead from ${lead.name}`} assets={assets} user={user} section="leads">
      <p className="staff-back">
        <a className="staff-link" href="/staff/leads">
          ← All leads
        </a>
      </p>
      <ConsoleHeading eyebrow={`Lead #${lead.id}`} title={lead.name}>
        <p className="staff-heading__meta">
          <StatusBadge status={lead.status} /> received <LabTime iso={lead.receivedAt} />
        </p>
      </ConsoleHeading>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="staff-detail">
        <div className="staff-detail__main">
          <section className="staff-panel card" aria-labelledby="message-title">
            <div className="staff-panel__head">
              <h2 id="message-title">Message</h2>
              <a className="button button--primary" href={reply}>
                Reply by e-mail
              </a>
            </div>
            <p className="staff-message">{lead.message}</p>
            <dl className="staff-fields">
              <Field label="E-mail">
                <a href={`mailto:${lead.email}`}>{lead.email}</a>
              </Field>
              <Field label="Company">{lead.company || '—'}</Field>
              <Field label="Phone">
                {lead.phone ? <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a> : '—'}
              </Field>
              <Field label="Service">{serviceLabel(lead.service)}</Field>
              <Field label={leadNotification.language}>{leadNotification.languageNames[lead.locale]}</Field>
              <Field label="Received">
                <LabTime iso={lead.receivedAt} />
              </Field>
              <Field label="Status changed">
                <LabTime iso={lead.statusChangedAt} />
              </Field>
              <Field label={pipelineCopy.owner}>{lead.owner ? nameOf(lead.owner) : pipelineCopy.nobody}</Field>
              <LeadSource lead={lead} />
              <Field label="How they heard of us (their answer)">{heardLabel(lead.heard, lead.heardtext)}</Field>
            </dl>
            {/* What only a question about the lead's proof or its sender needs: out of the way of the business. */}
            <details className="staff-technical">
              <summary>{pipelineCopy.technicalDetails}</summary>
              <dl className="staff-fields">
                <Field label="Consent">{lead.notice ? `${lead.consentChannel}, notice ${lead.notice}` : '—'}</Field>
                <Field label="Browser">{lead.userAgent || '—'}</Field>
                <Field label="Sender hash">
                  <code className="staff-code">{lead.clientHash || '—'}</code>
                </Field>
              </dl>
            </details>
          </section>
          <section className="staff-panel card" aria-labelledby="delivery-title">
            <h2 id="delivery-title">Notification delivery</h2>
            <Deliveries detail={detail} />
          </section>
          <Notes {...props} />
        </div>
        <aside className="staff-detail__side">
          <StatusPanel user={user} detail={detail} nameOf={nameOf} draftDeal={props.draftDeal} />
          <OwnerPanel user={user} lead={lead} owners={props.owners} nameOf={nameOf} />
          <StepPanel user={user} lead={lead} draft={props.draftStep} />
        </aside>
      </div>
    </ConsoleDocument>
  );
}
