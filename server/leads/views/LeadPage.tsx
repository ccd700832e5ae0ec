import { siteFacts } from '../../../shared/content/data';
import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../console/kit/ConsoleDocument';
import { LabelledField } from '../../console/kit/LabelledField';
import { LabTime } from '../../console/kit/LabTime';
import type { StaffName } from '../../console/people/names';
import { heardLabel } from '../../pages/heardLabel';
import { serviceLabel } from '../../pages/serviceLabel';
import { deliveryLabels, statusActions, statusLabels } from '../consoleTexts';
import type { LeadDetail } from '../inbox';
import { STATUS_MOVES } from '../leadStatus';
import { leadNotification } from '../texts';
import { Field, StatusBadge } from './leadParts';
import { LeadSource } from './LeadSource';

export const NOTE_LIMIT = 5000;

interface LeadPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  detail: LeadDetail;
  /** Who moved the lead or wrote a note, by name. */
  nameOf: StaffName;
  notice?: { tone: 'success' | 'error'; text: string };
  /** A note that was refused, shown again as typed. */
  draftNote?: string;
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

/** One lead: every field, the reply link, its delivery, status with history, and notes. */
export function LeadPage({ assets, user, detail, nameOf, notice, draftNote }: LeadPageProps) {
  const { lead, events, notes } = detail;
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
              <LeadSource lead={lead} />
              <Field label="How they heard of us (their answer)">{heardLabel(lead.heard, lead.heardtext)}</Field>
              <Field label="Consent">{lead.notice ? `${lead.consentChannel}, notice ${lead.notice}` : '—'}</Field>
              <Field label="Browser">{lead.userAgent || '—'}</Field>
              <Field label="Sender hash">
                <code className="staff-code">{lead.clientHash}</code>
              </Field>
            </dl>
          </section>
          <section className="staff-panel card" aria-labelledby="delivery-title">
            <h2 id="delivery-title">Notification delivery</h2>
            <Deliveries detail={detail} />
          </section>
          <section className="staff-panel card" aria-labelledby="notes-title" id="notes">
            <h2 id="notes-title">Notes</h2>
            {notes.length === 0 ? (
              <p className="staff-muted">No notes yet.</p>
            ) : (
              <ol className="staff-notes">
                {notes.map((note, index) => (
                  <li key={index} className="staff-note">
                    <p className="staff-note__meta">
                      {nameOf(note.staffEmail)}, <LabTime iso={note.createdAt} />
                    </p>
                    <p className="staff-note__body">{note.body}</p>
                  </li>
                ))}
              </ol>
            )}
            <form className="staff-form" method="post" action={`/staff/leads/${lead.id}/notes`}>
              <CsrfField user={user} />
              <LabelledField id="note-body" label="Add a note">
                <textarea
                  className="contact-field__control contact-field__control--area"
                  id="note-body"
                  name="body"
                  rows={4}
                  // No maxLength: a browser would cut a longer paste without a word; the server refuses it and keeps it whole.
                  required
                  defaultValue={draftNote}
                />
              </LabelledField>
              <button className="button button--secondary" type="submit">
                Add note
              </button>
            </form>
          </section>
        </div>
        <aside className="staff-detail__side">
          <section className="staff-panel card" aria-labelledby="status-title">
            <h2 id="status-title">Status</h2>
            <p>
              Now: <StatusBadge status={lead.status} />
            </p>
            <form className="staff-status-form" method="post" action={`/staff/leads/${lead.id}/status`}>
              <CsrfField user={user} />
              <input type="hidden" name="from" value={lead.status} />
              {STATUS_MOVES[lead.status].map((to) => (
                <button
                  key={to}
                  className={`button ${to === 'spam' ? 'button--secondary' : 'button--primary'}`}
                  type="submit"
                  name="to"
                  value={to}
                >
                  {statusActions[to]}
                </button>
              ))}
            </form>
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
        </aside>
      </div>
    </ConsoleDocument>
  );
}
