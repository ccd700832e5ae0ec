import { formatDay } from '../../console/kit/format';
import { metricNames } from '../consoleTexts';
import type { DailyPercentile } from '../fieldSpeed';
import { formatMetric } from '../format';
import type { MetricName } from '../metrics';
import { THRESHOLDS } from '../metrics';

const WIDTH = 720;
const HEIGHT = 300;
const PAD = { top: 16, right: 16, bottom: 44, left: 92 };
const DAY_MS = 86_400_000;

interface TrendChartProps {
  metric: MetricName;
  /** What the samples are: "all pages" or a path, and a device class. */
  scope: string;
  days: readonly DailyPercentile[];
  /** The last day shown (YYYY-MM-DD, UTC); the chart spans the 28 days up to it. */
  lastDay: string;
}

/**
 * The daily p75 over 28 days as an SVG drawn on the server: threshold bands
 * behind a line. Presentation attributes and classes only (the CSP allows no
 * style attribute). role="img" with a title and a description; the table
 * beside it holds the same numbers.
 */
export function TrendChart({ metric, scope, days, lastDay }: TrendChartProps) {
  const [good, poor] = THRESHOLDS[metric];
  const top = Math.max(poor * 1.25, ...days.map((day) => day.p75 * 1.1));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  // Coordinates to a tenth of a unit: finer than any screen shows, and a lighter page.
  const round = (value: number) => Math.round(value * 10) / 10;
  const x = (day: string) =>
    round(PAD.left + ((27 - (end - Date.parse(`${day}T00:00:00Z`)) / DAY_MS) / 27) * plotWidth);
  const y = (value: number) => round(PAD.top + plotHeight - (Math.min(value, top) / top) * plotHeight);
  const dayOf = (offset: number) => new Date(end - offset * DAY_MS).toISOString().slice(0, 10);
  const ticks = [0, good, poor, top];
  const points = days.map((day) => `${x(day.day)},${y(day.p75)}`).join(' ');
  const titleId = `trend-title-${metric}`;
  const descId = `trend-desc-${metric}`;
  const last = days.at(-1);
  /** The rating bands behind the line, each from its lower bound up to its upper one. */
  const bands = [
    ['good', 0, good],
    ['needs-improvement', good, poor],
    ['poor', poor, top],
  ] as const;
  return (
    <svg className="trend-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
      <title id={titleId}>{`${metricNames[metric]} (${metric}), daily 75th percentile, ${scope}`}</title>
      <desc id={descId}>
        {days.length === 0
          ? 'No samples in the last 28 days.'
          : `${days.length} days with samples. Good is up to ${formatMetric(metric, good)}, poor above ${formatMetric(metric, poor)}.` +
            (last
              ? ` Latest (${formatDay(last.day)}): ${formatMetric(metric, last.p75)} from ${last.samples} sample${last.samples === 1 ? '' : 's'}.`
              : '')}
      </desc>
      {bands.map(([rating, low, high]) => (
        <rect
          key={rating}
          className={`trend-chart__band trend-chart__band--${rating}`}
          x={PAD.left}
          y={y(high)}
          width={plotWidth}
          height={round(y(low) - y(high))}
        />
      ))}
      <g className="trend-chart__axis" aria-hidden="true">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={PAD.left + plotWidth} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle">
              {formatMetric(metric, tick)}
            </text>
          </g>
        ))}
        {[27, 20, 13, 6, 0].map((offset) => (
          <text
            key={offset}
            x={x(dayOf(offset))}
            y={HEIGHT - PAD.bottom + 28}
            textAnchor={offset === 27 ? 'start' : offset === 0 ? 'end' : 'middle'}
          >
            {formatDay(dayOf(offset))}
          </text>
        ))}
      </g>
      {days.length > 1 && <polyline className="trend-chart__line" points={points} fill="none" />}
      {days.map((day) => (
        <circle key={day.day} className="trend-chart__point" cx={x(day.day)} cy={y(day.p75)} r={4} />
      ))}
    </svg>
  );
}
