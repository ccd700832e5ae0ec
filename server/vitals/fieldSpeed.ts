import type { Database } from '../db';
import type { BucketCount, Percentile } from './histogram';
import { p75 } from './histogram';
import type { MetricName } from './metrics';
import { METRICS } from './metrics';

export interface RouteMetric {
  route: string;
  metric: MetricName;
  last7: Percentile | null;
  last28: Percentile;
}

export interface DailyPercentile extends Percentile {
  /** YYYY-MM-DD, UTC. */
  day: string;
}

export type DeviceFilter = 'mobile' | 'desktop' | '';

export interface FieldSpeed {
  /** p75 per route and metric over the last 7 and 28 UTC days, today included. */
  summary(device: DeviceFilter, now?: Date): Promise<RouteMetric[]>;
  /** p75 per UTC day of one metric (on one route, or all), over the last 28 days. */
  trend(metric: MetricName, route: string, device: DeviceFilter, now?: Date): Promise<DailyPercentile[]>;
}

const DAY_MS = 86_400_000;
/** The UTC day `days` before now's, as daily_counts names it. */
const dayBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);

/** A histogram being summed: bucket → count. */
type Sums = Map<number, number>;

/** Adds a histogram's buckets to some sums. */
function add(sums: Sums, buckets: [string, number][]): void {
  for (const [bucket, count] of buckets) sums.set(Number(bucket), (sums.get(Number(bucket)) ?? 0) + count);
}

const ascending = (sums: Sums): BucketCount[] =>
  [...sums].sort(([a], [b]) => a - b).map(([bucket, count]) => ({ bucket, count }));
/** A daily_counts histogram, JSON text ({"bucket": count}), read. */
const entries = (json: string) => Object.entries(JSON.parse(json) as Record<string, number>);

const SERIES = `series IN (${METRICS.map(() => '?').join(', ')})`;
const DEVICE = "(? = '' OR device = ?)";
/** The histograms as JSON text on both engines (PostgreSQL keeps JSONB). */
const BUCKETS = 'CAST(buckets AS TEXT) AS buckets';

/**
 * The staff's reading of the field-speed histograms: one row per day, page,
 * metric and device class (at most a few thousand for 28 days, however many
 * samples), summed here; the p75 comes from the summed histogram.
 */
export function createFieldSpeed(db: Database): FieldSpeed {
  return {
    async summary(device, now = new Date()) {
      const rows = await db.all<{ day: string; route: string; metric: MetricName; buckets: string }>(
        `SELECT day, label AS route, series AS metric, ${BUCKETS} FROM daily_counts
         WHERE day >= ? AND ${SERIES} AND ${DEVICE}`,
        dayBefore(now, 27),
        ...METRICS,
        device,
        device,
      );
      const week = dayBefore(now, 6);
      const groups = new Map<string, { route: string; metric: MetricName; last7: Sums; last28: Sums }>();
      for (const { day, route, metric, buckets } of rows) {
        const key = `${route} ${metric}`;
        const group = groups.get(key) ?? { route, metric, last7: new Map(), last28: new Map() };
        groups.set(key, group);
        const counts = entries(buckets);
        add(group.last28, counts);
        if (day >= week) add(group.last7, counts);
      }
      return [...groups.values()]
        .map(({ route, metric, last7, last28 }) => ({
          route,
          metric,
          last7: p75(metric, ascending(last7)),
          last28: p75(metric, ascending(last28))!,
        }))
        .sort((a, b) => a.route.localeCompare(b.route) || METRICS.indexOf(a.metric) - METRICS.indexOf(b.metric));
    },
    async trend(metric, route, device, now = new Date()) {
      const rows = await db.all<{ day: string; buckets: string }>(
        `SELECT day, ${BUCKETS} FROM daily_counts
         WHERE day >= ? AND series = ? AND (? = '' OR label = ?) AND ${DEVICE} ORDER BY day`,
        dayBefore(now, 27),
        metric,
        route,
        route,
        device,
        device,
      );
      const days = new Map<string, Sums>();
      for (const { day, buckets } of rows) {
        const sums = days.get(day) ?? new Map();
        days.set(day, sums);
        add(sums, entries(buckets));
      }
      return [...days].map(([day, sums]) => ({ day, ...p75(metric, ascending(sums))! }));
    },
  };
}
