import { formatDay } from '../../console/kit/format';
import type { AnalyticsReport } from '../report';

const WIDTH = 720;
const HEIGHT = 300;
const PAD = { top: 16, right: 16, bottom: 44, left: 64 };

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the highest count. */
function niceTop(value: number): number {
  if (value <= 5) return 5;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= value)!;
}

/**
 * Page views and visitors per day as an SVG drawn on the server, in the field-speed chart's style
 * (TrendChart's classes): presentation attributes only, no script, role="img" with a title and a description;
 * the table beside it holds the same numbers.
 */
export function VisitsChart({ days, scope }: { days: AnalyticsReport['daily']; scope: string }) {
  const top = niceTop(Math.max(0, ...days.map((day) => day.views)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const round = (value: number) => Math.round(value * 10) / 10;
  const span = Math.max(1, days.length - 1);
  const x = (index: number) => round(PAD.left + (index / span) * plotWidth);
  const y = (value: number) => round(PAD.top + plotHeight - (value / top) * plotHeight);
  const line = (pick: (day: AnalyticsReport['daily'][number]) => number) =>
    days.map((day, index) => `${x(index)},${y(pick(day))}`).join(' ');
  const labelled = [0, Math.round(span / 3), Math.round((2 * span) / 3), span];
  const total = days.reduce((sum, day) => sum + day.views, 0);
  return (
    <svg
      className="trend-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby="visits-title visits-desc"
    >
      <title id="visits-title">{`Page views and visitors per day, ${scope}`}</title>
      <desc id="visits-desc">
        {`${days.length} days from ${formatDay(days[0]!.day)} to ${formatDay(days.at(-1)!.day)}: ${total} page views in all, ` +
          `the most in a day ${Math.max(0, ...days.map((day) => day.views))}.`}
      </desc>
      <g className="trend-chart__axis" aria-hidden="true">
        {[0, top / 2, top].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={PAD.left + plotWidth} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle">
              {tick}
            </text>
          </g>
        ))}
        {[...new Set(labelled)].map((index) => (
          <text
            key={index}
            x={x(index)}
            y={HEIGHT - PAD.bottom + 28}
            textAnchor={index === 0 ? 'start' : index === span ? 'end' : 'middle'}
          >
            {formatDay(days[index]!.day)}
          </text>
        ))}
      </g>
      <polyline className="trend-chart__line" points={line((day) => day.views)} fill="none" />
      <polyline className="trend-chart__line visits-chart__visitors" points={line((day) => day.visitors)} fill="none" />
    </svg>
  );
}
