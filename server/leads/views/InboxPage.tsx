import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading } from '../../console/kit/ConsoleDocument';
import { CursorPagination } from '../../console/kit/CursorPagination';
import { FilterForm } from '../../console/kit/FilterForm';
import { formatAge } from '../../console/kit/format';
import { LabTime } from '../../console/kit/LabTime';
import { optionsWithAll, SelectField } from '../../console/kit/SelectField';
import { StackTable } from '../../console/kit/StackTable';
import { SearchField, TextField } from '../../console/kit/TextField';
import type { StaffName } from '../../console/people/names';
import { countLabel } from '../../db/boundedCount';
import { catalogues } from '../../pages/catalogues';
import { serviceLabel } from '../../pages/serviceLabel';
import { inboxCopy, pipelineCopy, statusLabels } from '../consoleTexts';
import type { InboxFilter, InboxLead, OutboxSummary } from '../inbox';
import { isOpen, LEAD_STATUSES } from '../leadStatus';
import { leadNotification } from '../texts';
import { StatusBadge } from './leadParts';

interface InboxPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  filter: InboxFilter;
  leads: InboxLead[];
  total: number;
  /** The newer and older pages' links, with the current filter (decision 091). */
  pages: { previousHref: string | null; nextHref: string | null };
  /** The current filter's query string, for the exports ("" or "?…"). */
  query: string;
  waiting: number;
  outbox: OutboxSummary;
  now: Date;
  /** Who may own a lead, for the owner filter; names for the owner column (decision 079). */
  owners: { email: string; name: string }[];
  nameOf: StaffName;
}

function Summary({ waiting, outbox, now }: Pick<InboxPageProps, 'waiting' | 'outbox' | 'now'>) {
  return (
    <ul className="staff-stats" aria-label="At a glance">
      <li className={`staff-stat card${waiting > 0 ? ' staff-stat--alert' : ''}`}>
        <span className="staff-stat__value">{waiting}</span>
        <span className="staff-stat__label">{inboxCopy.waiting(waiting)}</span>
        {waiting > 0 && (
          <a className="staff-stat__link" href="/staff/leads?status=new">
            Show new leads
          </a>
        )}
      </li>
      <li className={`staff-stat card${outbox.failed > 0 ? ' staff-stat--alert' : ''}`}>
        <span className="staff-stat__value">{outbox.queued}</span>
        <span className="staff-stat__label">
          notification{outbox.queued === 1 ? '' : 's'} queued
          {outbox.oldestQueuedAt && `, the oldest for ${formatAge(outbox.oldestQueuedAt, now)}`}
        </span>
        <span className="staff-stat__meta">
          {outbox.sent} sent · {outbox.failed} failed
        </span>
      </li>
    </ul>
  );
}

function Filters({ filter, query, owners }: Pick<InboxPageProps, 'filter' | 'query' | 'owners'>) {
  return (
    <FilterForm
      action="/staff/leads"
      label="Filter leads"
      search
      submit="Apply"
      clearHref="/staff/leads"
      after={
        <p className="staff-filters__export">
          Export these leads: <a href={`/staff/leads.csv${query}`}>CSV</a> ·{' '}
          <a href={`/staff/leads.json${query}`}>JSON</a>
        </p>
      }
    >
      <SearchField value={filter.search} placeholder="Name, e-mail, company or message" />
      <SelectField
        id="filter-status"
        name="status"
        label="Status"
        value={filter.status}
        options={optionsWithAll('All statuses', LEAD_STATUSES, statusLabels)}
      />
      <SelectField
        id="filter-service"
        name="service"
        label="Service"
        value={filter.service}
        options={[
          ['', 'All services'],
          ...catalogues.en.contact.serviceOptions.map((option) => [option.value, option.label] as const),
        ]}
      />
      <TextField
        id="filter-source"
        name="source"
        label="Source"
        value={filter.source}
        maxLength={100}
        placeholder="newsletter, google.com, (direct)"
      />
      <TextField id="filter-campaign" name="campaign" label="Campaign" value={filter.campaign} maxLength={100} />
      <SelectField
        id="filter-owner"
        name="owner"
        label={pipelineCopy.owner}
        value={filter.owner}
        options={[
          ['', pipelineCopy.allOwners],
          ['none', pipelineCopy.nobody],
          ...owners.map((owner) => [owner.email.toLowerCase(), owner.name] as const),
        ]}
      />
      <SelectField
        id="filter-due"
        name="due"
        label={pipelineCopy.dueFilter}
        value={filter.due}
        options={[
          ['', pipelineCopy.dueAny],
          ['today', pipelineCopy.dueToday],
          ['overdue', pipelineCopy.dueOverdue],
        ]}
      />
    </FilterForm>
  );
}

/** The leads inbox: the promise and outbox at a glance, filters, the leads newest first, pages. */
export function InboxPage(props: InboxPageProps) {
  const { assets, user, leads, total, nameOf, now } = props;
  return (
    <ConsoleDocument title={inboxCopy.inboxTitle} assets={assets} user={user} section="leads">
      <ConsoleHeading eyebrow="Inbox" title={inboxCopy.inboxTitle}>
        <p className="staff-muted">Messages from the contact form, newest first.</p>
      </ConsoleHeading>
      <Summary {...props} />
      <Filters {...props} />
      <h2 className="staff-count" id="leads-count">
        {countLabel(total)} lead{total === 1 ? '' : 's'}
      </h2>
      {leads.length === 0 ? (
        <p className="staff-empty card">No lead matches these filters.</p>
      ) : (
        <StackTable
          labelledBy="leads-count"
          columns={['Received', 'From', 'Service', 'Source', pipelineCopy.owner, pipelineCopy.nextStep, 'Status']}
        >
          {leads.map((lead) => (
            <tr key={lead.id}>
              <td data-label="Received">
                <LabTime iso={lead.receivedAt} />
              </td>
              <td data-label="From">
                <a className="staff-table__primary" href={`/staff/leads/${lead.id}`}>
                  {lead.name}
                </a>
                <span className="staff-table__secondary">
                  {[lead.company, lead.email, leadNotification.languageNames[lead.locale]].filter(Boolean).join(' · ')}
                </span>
              </td>
              <td data-label="Service">{serviceLabel(lead.service)}</td>
              <td data-label="Source">
                {lead.source || '—'}
                {lead.campaign && <span className="staff-table__secondary">{lead.campaign}</span>}
              </td>
              <td data-label={pipelineCopy.owner}>{lead.owner ? nameOf(lead.owner) : pipelineCopy.nobody}</td>
              <td data-label={pipelineCopy.nextStep}>
                {lead.nextStep && lead.nextStepDueAt ? (
                  <>
                    {lead.nextStep}
                    <span className="staff-table__secondary">
                      {isOpen(lead.status) && Date.parse(lead.nextStepDueAt) <= now.getTime() ? (
                        <strong className="staff-due">{pipelineCopy.overdue}</strong>
                      ) : (
                        pipelineCopy.due
                      )}{' '}
                      <LabTime iso={lead.nextStepDueAt} />
                    </span>
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td data-label="Status">
                <StatusBadge status={lead.status} />
              </td>
            </tr>
          ))}
        </StackTable>
      )}
      <CursorPagination label="Pages of leads" {...props.pages} />
    </ConsoleDocument>
  );
}
