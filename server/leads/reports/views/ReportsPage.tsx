import { currency } from '../../../../shared/content/data';
import type { AnalyticsTable } from '../../../analytics/tables';
import { DataTable } from '../../../analytics/views/DataTable';
import type { ConsoleAssets, ConsoleUser } from '../../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading } from '../../../console/kit/ConsoleDocument';
import { FilterForm } from '../../../console/kit/FilterForm';
import { formatDay, formatDollars } from '../../../console/kit/format';
import { SelectField } from '../../../console/kit/SelectField';
import type { FunnelRow, Grouping } from '../funnel';
import { GROUPINGS } from '../funnel';
import type { Period } from '../period';
import { groupingLabels, reportsCopy, reportsNav } from '../texts';
import { ReportPeriod } from './ReportPeriod';

interface ReportsPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  period: Period;
  by: Grouping;
  rows: readonly FunnelRow[];
  table: AnalyticsTable;
  /** The period and grouping as a query string, for the exports. */
  query: string;
}

/** Leads → contacted → won and the won monthly value, by the grouping chosen; a GET form, no script. */
export function ReportsPage({ assets, user, period, by, rows, table, query }: ReportsPageProps) {
  const total = (key: 'leads' | 'contacted' | 'won' | 'monthly') => rows.reduce((sum, row) => sum + row[key], 0);
  return (
    <ConsoleDocument title="Reports" assets={assets} user={user} section={reportsNav.key}>
      <ConsoleHeading eyebrow="Sales" title="Reports">
        <p className="staff-muted">{reportsCopy.funnelIntro}</p>
        <p>
          <a className="staff-link" href={`/staff/reports/speed?from=${period.from}&to=${period.to}`}>
            {reportsCopy.speedTitle}
          </a>
          : {reportsCopy.speedLink}
        </p>
      </ConsoleHeading>
      <FilterForm
        action="/staff/reports"
        label="Choose the report"
        submit="Show"
        after={
          <p className="staff-muted">
            Export:{' '}
            <a className="staff-link" href={`/staff/reports.csv${query}`} download>
              CSV
            </a>{' '}
            ·{' '}
            <a className="staff-link" href={`/staff/reports.json${query}`} download>
              JSON
            </a>
          </p>
        }
      >
        <SelectField
          id="report-by"
          name="by"
          label="Group by"
          value={by}
          options={GROUPINGS.map((key) => [key, groupingLabels[key]] as const)}
        />
        <ReportPeriod period={period} />
      </FilterForm>
      <ul className="staff-stats staff-stats--four" aria-label="In the period">
        <li className="staff-stat card">
          <span className="staff-stat__value">{total('leads')}</span>
          <span className="staff-stat__label">Leads</span>
          <span className="staff-stat__meta">
            {formatDay(period.from)} to {formatDay(period.to)}
          </span>
        </li>
        <li className="staff-stat card">
          <span className="staff-stat__value">{total('contacted')}</span>
          <span className="staff-stat__label">Contacted</span>
        </li>
        <li className="staff-stat card">
          <span className="staff-stat__value">{total('won')}</span>
          <span className="staff-stat__label">Won</span>
        </li>
        <li className="staff-stat card">
          <span className="staff-stat__value">{formatDollars(total('monthly'))}</span>
          <span className="staff-stat__label">Won monthly value ({currency})</span>
        </li>
      </ul>
      <DataTable id="funnel" table={table} csv={`/staff/reports.csv${query}`} empty={reportsCopy.none} />
    </ConsoleDocument>
  );
}
