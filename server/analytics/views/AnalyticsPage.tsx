import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading } from '../../console/kit/ConsoleDocument';
import { FilterForm } from '../../console/kit/FilterForm';
import { formatDay } from '../../console/kit/format';
import { ScrollTable } from '../../console/kit/ScrollTable';
import { SelectField } from '../../console/kit/SelectField';
import { deviceLabels } from '../../console/texts';
import type { ReportFilter } from '../report';
import type { AnalyticsTable, TableKey } from '../tables';
import { TABLE_KEYS } from '../tables';
import { analyticsCopy, languageLabels, periodLabels } from '../texts';
import { CsvLink, DataTable, percent, TableRows } from './DataTable';
import { VisitsChart } from './VisitsChart';

interface AnalyticsPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  filter: ReportFilter;
  days: string;
  totals: { views: number; visitors: number; leads: number };
  daily: { day: string; views: number; visitors: number }[];
  tables: Record<TableKey, AnalyticsTable>;
  /** The filter as a query string, for the CSV of each table. */
  query: string;
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
export function AnalyticsPage({ assets, user, filter, days, totals, daily, tables, query }: AnalyticsPageProps) {
  const scope = `${formatDay(filter.from)} to ${formatDay(filter.to)}, ${languageLabels[filter.locale].toLowerCase()}, ${deviceLabels[filter.device].toLowerCase()}`;
  const csv = (key: TableKey) => `/staff/analytics.csv${query}&table=${key}`;
  const table = (key: TableKey, intro?: string) => (
    <DataTable id={key} table={tables[key]} csv={csv(key)} empty={analyticsCopy.none} intro={intro} />
  );
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
          <span className="staff-stat__value">{totals.leads}</span>
          <span className="staff-stat__label">Leads</span>
          <span className="staff-stat__meta">
            {percent(totals.visitors > 0 ? totals.leads / totals.visitors : null)} of visitors
          </span>
        </li>
      </ul>

      <section className="staff-panel card" aria-labelledby="daily-title">
        <div className="staff-panel__head">
          <h2 id="daily-title">
            Per day{' '}
            <span className="staff-heading__aside">
              ({scope}, {analyticsCopy.days})
            </span>
          </h2>
          <CsvLink href={csv('daily')} title={tables.daily.title} />
        </div>
        <div className="staff-trend">
          <figure className="staff-trend__chart">
            <VisitsChart days={daily} scope={scope} />
            <figcaption className="staff-legend">
              <span className="staff-legend__item staff-legend__item--views">Page views</span>
              <span className="staff-legend__item staff-legend__item--visitors">Visitors (dashed)</span>
            </figcaption>
          </figure>
          <ScrollTable
            frame="staff-trend__data"
            label={tables.daily.title}
            caption={tables.daily.title}
            columns={tables.daily.columns}
          >
            <TableRows table={tables.daily} empty={analyticsCopy.none} />
          </ScrollTable>
        </div>
      </section>

      {table('funnel', analyticsCopy.funnel)}
      {table('conversions', analyticsCopy.conversions)}
      <div className="staff-columns">
        {table('pages')}
        {table('referrers')}
        {table('campaigns')}
        {table('sources')}
        {table('languages')}
        {table('services')}
      </div>
      {table('articles', analyticsCopy.articles)}
      {table('leads', `${analyticsCopy.leadsReport} ${formatDay(filter.from)} to ${formatDay(filter.to)}.`)}
      <section className="staff-panel card" id="downloads" aria-labelledby="downloads-title">
        <h2 id="downloads-title">Download the counts (CSV)</h2>
        <p className="staff-muted">{analyticsCopy.downloads}</p>
        <ul className="staff-downloads">
          {TABLE_KEYS.map((key) => (
            <li key={key}>
              <a className="staff-link" href={csv(key)} download>
                {tables[key].title}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </ConsoleDocument>
  );
}
