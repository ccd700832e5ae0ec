import type { AnalyticsTable } from '../../../analytics/tables';
import { DataTable } from '../../../analytics/views/DataTable';
import type { ConsoleAssets, ConsoleUser } from '../../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading } from '../../../console/kit/ConsoleDocument';
import { FilterForm } from '../../../console/kit/FilterForm';
import { formatDay } from '../../../console/kit/format';
import type { Period } from '../period';
import type { SpeedReport } from '../speedReport';
import type { SpeedGrouping } from '../texts';
import { reportsCopy, reportsNav, speedGroupings } from '../texts';
import { ReportPeriod } from './ReportPeriod';

interface SpeedPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  period: Period;
  report: SpeedReport;
  tables: Record<SpeedGrouping, AnalyticsTable>;
  /** The period as a query string, for the exports. */
  query: string;
}

/** Speed to lead: the median and 90th percentile by week, office and owner, for a period; no script. */
export function SpeedPage({ assets, user, period, report, tables, query }: SpeedPageProps) {
  return (
    <ConsoleDocument title={reportsCopy.speedTitle} assets={assets} user={user} section={reportsNav.key}>
      <ConsoleHeading eyebrow="Reports" title={reportsCopy.speedTitle}>
        <p className="staff-muted">{reportsCopy.speedIntro}</p>
        <p>
          <a className="staff-link" href={`/staff/reports?from=${period.from}&to=${period.to}`}>
            {reportsCopy.funnelTitle}
          </a>
          : {reportsCopy.funnelLink}
        </p>
      </ConsoleHeading>
      <FilterForm action="/staff/reports/speed" label="Choose the period" submit="Show">
        <ReportPeriod period={period} />
      </FilterForm>
      <ul className="staff-stats" aria-label="In the period">
        <li className="staff-stat card">
          <span className="staff-stat__value">{report.answered}</span>
          <span className="staff-stat__label">Leads answered</span>
          <span className="staff-stat__meta">
            {formatDay(period.from)} to {formatDay(period.to)}
          </span>
        </li>
        <li className={`staff-stat card${report.waiting > 0 ? ' staff-stat--alert' : ''}`}>
          <span className="staff-stat__value">{report.waiting}</span>
          <span className="staff-stat__label">Still waiting for a first action</span>
          {report.waiting > 0 && (
            <a className="staff-stat__link" href="/staff/leads?status=new">
              Show new leads
            </a>
          )}
        </li>
      </ul>
      {(Object.keys(speedGroupings) as SpeedGrouping[]).map((by) => (
        <DataTable
          key={by}
          id={`speed-${by}`}
          table={tables[by]}
          csv={`/staff/reports/speed.csv${query}&by=${by}`}
          empty={reportsCopy.none}
        />
      ))}
    </ConsoleDocument>
  );
}
