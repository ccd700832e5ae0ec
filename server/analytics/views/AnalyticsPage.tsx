import { ColumnHeads } from '../../console/kit/ColumnHeads';
import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading } from '../../console/kit/ConsoleDocument';
import { FilterForm } from '../../console/kit/FilterForm';
import { formatDay } from '../../console/kit/format';
import { ScrollTable } from '../../console/kit/ScrollTable';
import { SelectField } from '../../console/kit/SelectField';
import { deviceLabels } from '../../console/texts';
import { heardLabel } from '../../pages/heardLabel';
import { serviceLabel } from '../../pages/serviceLabel';
import type { AnalyticsReport, LabelCount, LeadSourceRow, ReportFilter } from '../report';
import { analyticsCopy, languageLabels, periodLabels } from '../texts';
import { VisitsChart } from './VisitsChart';

interface AnalyticsPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  filter: ReportFilter;
  days: string;
  report: AnalyticsReport;
  leads: LeadSourceRow[];
  /** The filter as a query string, for the CSV export. */
  query: string;
}

/** A share with one decimal; the no-break space keeps the number and its sign on one line. */
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 1000) / 10}\u00a0%` : '–');

/** How many rows of a top list are shown; the CSV holds them all. */
const TOP = 10;

function Top({
  title,
  rows,
  total,
  first,
  unit = 'Page views',
  name = (label) => label,
}: {
  title: string;
  rows: LabelCount[];
  total: number;
  first: string;
  unit?: string;
  /** What a row's label reads as (a service's name for its slug). */
  name?: (label: string) => string;
}) {
  const id = `top-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="staff-panel card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <table className="staff-table staff-table--compact">
        <ColumnHeads names={[first, unit, 'Share']} />
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={3}>{analyticsCopy.none}</td>
            </tr>
          ) : (
            rows.slice(0, TOP).map((row) => (
              <tr key={row.label}>
                <th scope="row">{name(row.label)}</th>
                <td>{row.count}</td>
                <td>{percent(row.count, total)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

function Filters({ filter, days }: Pick<AnalyticsPageProps, 'filter' | 'days'>) {
  return (
    <FilterForm action="/staff/analytics" label="Choose what to show" submit="Show">
      <SelectField id="analytics-days" name="days" label="Period" value={days} options={Object.entries(periodLabels)} />
      <SelectField
        id="analytics-language"
        name="language"
        label="Language"
        value={filter.locale}
        options={Object.entries(languageLabels)}
      />
      <SelectField
        id="analytics-device"
        name="device"
        label="Devices"
        value={filter.device}
        options={Object.entries(deviceLabels)}
      />
    </FilterForm>
  );
}

/** Visitors, their sources, conversions and the funnel, from the cookieless day counts (decision 046); no script. */
export function AnalyticsPage({ assets, user, filter, days, report, leads, query }: AnalyticsPageProps) {
  const scope = `${formatDay(filter.from)} to ${formatDay(filter.to)}, ${languageLabels[filter.locale].toLowerCase()}, ${deviceLabels[filter.device].toLowerCase()}`;
  const { totals, funnel } = report;
  const leadsTotal = report.conversions.reduce((sum, row) => sum + row.conversions.lead, 0);
  return (
    <ConsoleDocument title="Analytics" assets={assets} user={user} section="analytics">
      <ConsoleHeading eyebrow="Visitors" title="Analytics">
        <p className="staff-muted">{analyticsCopy.intro}</p>
      </ConsoleHeading>
      <Filters filter={filter} days={days} />
      <ul className="staff-stats staff-stats--three" aria-label="In the period">
        <li className="staff-stat card">
          <span className="staff-stat__value">{totals.visitors}</span>
          <span className="staff-stat__label">Visitors</span>
          <span className="staff-stat__meta">{analyticsCopy.visitorsMeta}</span>
        </li>
        <li className="staff-stat card">
          <span className="staff-stat__value">{totals.views}</span>
          <span className="staff-stat__label">Page views</span>
          <span className="staff-stat__meta">
            {totals.visitors > 0 ? `${(totals.views / totals.visitors).toFixed(1)} per visitor` : 'No visits yet'}
          </span>
        </li>
        <li className="staff-stat card">
          <span className="staff-stat__value">{leadsTotal}</span>
          <span className="staff-stat__label">Leads</span>
          <span className="staff-stat__meta">{percent(leadsTotal, totals.visitors)} of visitors</span>
        </li>
      </ul>

      <section className="staff-panel card" aria-labelledby="daily-title">
        <h2 id="daily-title">
          Per day <span className="staff-heading__aside">({scope}, days in UTC)</span>
        </h2>
        <div className="staff-trend">
          <figure className="staff-trend__chart">
            <VisitsChart days={report.daily} scope={scope} />
            <figcaption className="staff-legend">
              <span className="staff-legend__item staff-legend__item--views">Page views</span>
              <span className="staff-legend__item staff-legend__item--visitors">Visitors (dashed)</span>
            </figcaption>
          </figure>
          <ScrollTable
            frame="staff-trend__data"
            label="Page views and visitors per day"
            caption="Page views and visitors per day"
            columns={['Day', 'Views', 'Visitors']}
          >
            {[...report.daily].reverse().map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{formatDay(day.day)}</time>
                </th>
                <td>{day.views}</td>
                <td>{day.visitors}</td>
              </tr>
            ))}
          </ScrollTable>
        </div>
      </section>

      <section className="staff-panel card" aria-labelledby="funnel-title">
        <h2 id="funnel-title">Funnel</h2>
        <p className="staff-muted">{analyticsCopy.funnel}</p>
        <ScrollTable
          frame="staff-scroll"
          label="Table of the funnel"
          columns={['Step', 'Visitors', 'Of the step before', 'Of all']}
        >
          <tr>
            <th scope="row">Landed on the site</th>
            <td>{funnel.landing}</td>
            <td>–</td>
            <td>{percent(funnel.landing, funnel.landing)}</td>
          </tr>
          <tr>
            <th scope="row">Saw the contact page</th>
            <td>{funnel.contact}</td>
            <td>{percent(funnel.contact, funnel.landing)}</td>
            <td>{percent(funnel.contact, funnel.landing)}</td>
          </tr>
          <tr>
            <th scope="row">Sent a lead</th>
            <td>{funnel.lead}</td>
            <td>{percent(funnel.lead, funnel.contact)}</td>
            <td>{percent(funnel.lead, funnel.landing)}</td>
          </tr>
        </ScrollTable>
      </section>

      <section className="staff-panel card" aria-labelledby="conversions-title">
        <h2 id="conversions-title">Conversions by source</h2>
        <p className="staff-muted">{analyticsCopy.conversions}</p>
        <ScrollTable
          frame="staff-trend__data"
          label="Table of conversions by source"
          columns={['Source', 'Group', 'Visitors', 'Leads', 'Lead rate', 'Sign-ups', 'Confirmed', 'Calls', 'E-mails']}
        >
          {report.conversions.length === 0 ? (
            <tr>
              <td colSpan={9}>{analyticsCopy.none}</td>
            </tr>
          ) : (
            report.conversions.map((row) => (
              <tr key={row.source}>
                <th scope="row">{row.source}</th>
                <td>{row.group}</td>
                <td>{row.visitors}</td>
                <td>{row.conversions.lead}</td>
                <td>{row.leadRate === null ? '–' : percent(row.conversions.lead, row.visitors)}</td>
                <td>{row.conversions.signup}</td>
                <td>{row.conversions.confirmed}</td>
                <td>{row.conversions.call}</td>
                <td>{row.conversions.email}</td>
              </tr>
            ))
          )}
        </ScrollTable>
      </section>

      <div className="staff-columns">
        <Top title="Top pages" first="Page" rows={report.pages} total={totals.views} />
        <Top
          title="Top referrers"
          first="Referring site"
          rows={report.referrers.map((row) => ({ ...row, label: `${row.label} (${row.group})` }))}
          total={totals.views}
        />
        <Top title="Campaigns" first="utm_campaign" rows={report.campaigns} total={totals.views} />
        <Top title="Sources" first="utm_source" rows={report.sources} total={totals.views} />
        <Top
          title="Languages"
          first="Language"
          rows={report.languages.map((row) => ({ ...row, label: languageLabels[row.label as 'en'] ?? row.label }))}
          total={totals.views}
        />
        <Top
          title="Leads by service"
          first="Service"
          unit="Leads"
          rows={report.services}
          total={leadsTotal}
          name={serviceLabel}
        />
      </div>

      <section className="staff-panel card" aria-labelledby="leads-report-title">
        <h2 id="leads-report-title">
          Leads and won leads by source and campaign{' '}
          <span className="staff-heading__aside">
            ({formatDay(filter.from)} to {formatDay(filter.to)})
          </span>
        </h2>
        <p className="staff-muted">{analyticsCopy.leadsReport}</p>
        <ScrollTable
          frame="staff-scroll"
          label="Table of leads and won leads by source and campaign"
          columns={['Source', 'Campaign', 'They said they heard of us', 'Leads', 'Won', 'Won rate']}
        >
          {leads.length === 0 ? (
            <tr>
              <td colSpan={6}>{analyticsCopy.none}</td>
            </tr>
          ) : (
            leads.map((row) => (
              <tr key={`${row.source} ${row.campaign} ${row.heard}`}>
                <th scope="row">{row.source || analyticsCopy.unknown}</th>
                <td>{row.campaign || '–'}</td>
                <td>{heardLabel(row.heard)}</td>
                <td>{row.leads}</td>
                <td>{row.won}</td>
                <td>{percent(row.won, row.leads)}</td>
              </tr>
            ))
          )}
        </ScrollTable>
      </section>
      <p>
        <a className="button button--secondary" href={`/staff/analytics.csv${query}`} download>
          Download the counts (CSV)
        </a>
      </p>
    </ConsoleDocument>
  );
}
