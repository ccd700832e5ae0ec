import type { ConsoleAssets, ConsoleUser } from '../../kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading } from '../../kit/ConsoleDocument';
import { CursorPagination } from '../../kit/CursorPagination';
import { DayField } from '../../kit/DayField';
import { FilterForm } from '../../kit/FilterForm';
import { LabTime } from '../../kit/LabTime';
import { SelectField } from '../../kit/SelectField';
import { StackTable } from '../../kit/StackTable';
import type { AuditFilter, AuditRow } from '../log';
import { AUDIT_ACTIONS } from '../record';

export interface AuditPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  /** The filter as the form shows it: the person by account id. */
  filter: AuditFilter & { person: string };
  /** Every staff member, by account id, for the person filter. */
  people: readonly (readonly [string, string])[];
  rows: readonly (AuditRow & { who: string; what: string })[];
  total: number;
  /** The newer and the older page, with the filter; null where there is none. */
  previousHref: string | null;
  nextHref: string | null;
  /** The filter's query string for the export ("" or "?…"). */
  query: string;
}

/** The audit log, newest first: who did what to what and when, filtered by person, action and days. */
export function AuditPage(props: AuditPageProps) {
  const { assets, user, filter, people, rows, total, previousHref, nextHref, query } = props;
  return (
    <ConsoleDocument title="Audit log" assets={assets} user={user} section="audit">
      <ConsoleHeading eyebrow="Owners" title="Audit log">
        <p className="staff-muted">Who did what in the console, newest first; kept for a year.</p>
      </ConsoleHeading>
      <FilterForm
        action="/staff/audit"
        label="Filter the audit log"
        submit="Apply"
        clearHref="/staff/audit"
        after={
          <p className="staff-filters__export">
            Export these entries: <a href={`/staff/audit.csv${query}`}>CSV</a>
          </p>
        }
      >
        <SelectField
          id="audit-person"
          name="person"
          label="Person"
          value={filter.person}
          options={[['', 'Everyone'], ...people]}
        />
        <SelectField
          id="audit-action"
          name="action"
          label="Action"
          value={filter.action}
          options={[['', 'All actions'], ...Object.entries(AUDIT_ACTIONS)]}
        />
        <DayField id="audit-from" name="from" label="From" value={filter.from} />
        <DayField id="audit-to" name="to" label="To" value={filter.to} />
      </FilterForm>
      <h2 className="staff-count" id="audit-count">
        {total} entr{total === 1 ? 'y' : 'ies'}
      </h2>
      {rows.length > 0 && (
        <StackTable labelledBy="audit-count" columns={['When', 'Who', 'What', 'Object', 'Detail']}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label="When">
                <LabTime iso={row.at} />
              </td>
              <td data-label="Who">{row.who}</td>
              <td data-label="What">{AUDIT_ACTIONS[row.action] ?? row.action}</td>
              <td data-label="Object">{row.what}</td>
              <td data-label="Detail">{row.detail}</td>
            </tr>
          ))}
        </StackTable>
      )}
      <CursorPagination label="Pages of the audit log" previousHref={previousHref} nextHref={nextHref} />
    </ConsoleDocument>
  );
}
