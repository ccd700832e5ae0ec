import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading } from '../../console/kit/ConsoleDocument';
import { FilterForm } from '../../console/kit/FilterForm';
import { formatDay } from '../../console/kit/format';
import { ScrollTable } from '../../console/kit/ScrollTable';
import { SelectField } from '../../console/kit/SelectField';
import { StackTable } from '../../console/kit/StackTable';
import { deviceLabels } from '../../console/texts';
import { metricNames, ratingLabels } from '../consoleTexts';
import type { DailyPercentile, DeviceFilter, RouteMetric } from '../fieldSpeed';
import { formatMetric } from '../format';
import type { Percentile } from '../histogram';
import type { MetricName } from '../metrics';
import { METRICS, rate, THRESHOLDS } from '../metrics';
import { TrendChart } from './TrendChart';

interface SpeedPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  device: DeviceFilter;
  metric: MetricName;
  route: string;
  routes: string[];
  summary: RouteMetric[];
  trend: DailyPercentile[];
  lastDay: string;
}

function P75({ metric, value }: { metric: MetricName; value: Percentile | null }) {
  if (!value) return <span className="staff-muted">no samples</span>;
  const rating = rate(metric, value.p75);
  return (
    <>
      <span className="staff-figure">{formatMetric(metric, value.p75)}</span>{' '}
      <span className={`staff-badge staff-badge--${rating}`}>{ratingLabels[rating]}</span>
      <span className="staff-table__secondary">
        {value.samples} sample{value.samples === 1 ? '' : 's'}
      </span>
    </>
  );
}

function thresholdText(metric: MetricName): string {
  const [good, poor] = THRESHOLDS[metric];
  return `good ≤ ${formatMetric(metric, good)}, poor > ${formatMetric(metric, poor)}`;
}

function Filters({ device, metric, route, routes }: Pick<SpeedPageProps, 'device' | 'metric' | 'route' | 'routes'>) {
  return (
    <FilterForm action="/staff/speed" label="Choose what to show" submit="Show">
      <SelectField
        id="speed-device"
        name="device"
        label="Devices"
        value={device}
        options={Object.entries(deviceLabels)}
      />
      <SelectField
        id="speed-metric"
        name="metric"
        label="Metric"
        value={metric}
        options={METRICS.map((name) => [name, `${name}: ${metricNames[name]}`] as const)}
      />
      <SelectField
        id="speed-route"
        name="route"
        label="Page"
        value={route}
        options={[['', 'All pages'], ...routes.map((path) => [path, path] as const)]}
      />
    </FilterForm>
  );
}

/** Field speed from real visitors: the daily trend of one metric, then p75 per page and metric. */
export function SpeedPage(props: SpeedPageProps) {
  const { assets, user, device, metric, route, summary, trend, lastDay } = props;
  const scope = `${route || 'all pages'}, ${deviceLabels[device].toLowerCase()}`;
  const byRoute = new Map<string, RouteMetric[]>();
  for (const row of summary) byRoute.set(row.route, [...(byRoute.get(row.route) ?? []), row]);
  return (
    <ConsoleDocument title="Field speed" assets={assets} user={user} section="speed">
      <ConsoleHeading eyebrow="Real users" title="Field speed">
        <p className="staff-muted">
          What visitors’ browsers measured: the 75th percentile (three visits in four were at least this fast), with
          Google’s thresholds. Samples are kept for 90 days.
        </p>
      </ConsoleHeading>
      <Filters {...props} />
      <section className="staff-panel card" aria-labelledby="trend-title">
        <h2 id="trend-title">
          Daily trend: {metric} <span className="staff-heading__aside">({scope}, days in UTC)</span>
        </h2>
        <div className="staff-trend">
          <figure className="staff-trend__chart">
            <TrendChart metric={metric} scope={scope} days={trend} lastDay={lastDay} />
            <figcaption className="staff-legend">
              <span className="staff-legend__item staff-legend__item--good">Good</span>
              <span className="staff-legend__item staff-legend__item--needs-improvement">Needs improvement</span>
              <span className="staff-legend__item staff-legend__item--poor">Poor</span>
              <span className="staff-muted">{thresholdText(metric)}</span>
            </figcaption>
          </figure>
          <ScrollTable
            frame="staff-trend__data"
            label={`Daily values of ${metric}`}
            caption={<>Daily 75th percentile of {metric}</>}
            columns={['Day', 'p75', 'Samples']}
          >
            {trend.length === 0 ? (
              <tr>
                <td colSpan={3}>No samples in the last 28 days.</td>
              </tr>
            ) : (
              trend.map((day) => (
                <tr key={day.day}>
                  <th scope="row">
                    <time dateTime={day.day}>{formatDay(day.day)}</time>
                  </th>
                  <td>{formatMetric(metric, day.p75)}</td>
                  <td>{day.samples}</td>
                </tr>
              ))
            )}
          </ScrollTable>
        </div>
      </section>
      <h2 className="staff-section-title">By page</h2>
      {byRoute.size === 0 && <p className="staff-empty card">No samples in the last 28 days.</p>}
      {[...byRoute].map(([path, rows]) => (
        <section key={path} className="staff-panel card" aria-label={`Field speed of ${path}`}>
          <h3 className="staff-route">{path}</h3>
          <StackTable columns={['Metric', 'p75, last 7 days', 'p75, last 28 days', 'Thresholds']}>
            {rows.map((row) => (
              <tr key={row.metric}>
                <th scope="row" data-label="Metric">
                  <abbr title={metricNames[row.metric]}>{row.metric}</abbr>
                </th>
                <td data-label="Last 7 days">
                  <P75 metric={row.metric} value={row.last7} />
                </td>
                <td data-label="Last 28 days">
                  <P75 metric={row.metric} value={row.last28} />
                </td>
                <td data-label="Thresholds" className="staff-muted">
                  {thresholdText(row.metric)}
                </td>
              </tr>
            ))}
          </StackTable>
        </section>
      ))}
    </ConsoleDocument>
  );
}
