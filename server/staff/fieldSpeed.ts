import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from 'web-vitals';

import type { Database } from '../db';
import type { VitalSample } from '../vitals/store';

export type MetricName = VitalSample['name'];
export type Rating = VitalSample['rating'];

/** The order the console shows them in: loading, then interaction, then stability, then the server. */
export const METRICS: readonly MetricName[] = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'];

/** Google's limits, from web-vitals itself: good up to the first, poor above the second. */
export const THRESHOLDS: Readonly<Record<MetricName, readonly [number, number]>> = {
  LCP: LCPThresholds as [number, number],
  INP: INPThresholds as [number, number],
  CLS: CLSThresholds as [number, number],
  FCP: FCPThresholds as [number, number],
  TTFB: TTFBThresholds as [number, number],
};

export function rate(metric: MetricName, value: number): Rating {
  const [good, poor] = THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

export interface Percentile {
  p75: number;
  samples: number;
}

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
  /** p75 per route and metric over the last 7 and 28 days. */
  summary(device: DeviceFilter, now?: Date): Promise<RouteMetric[]>;
  /** p75 per UTC day of one metric (on one route, or all), over the last 28 days. */
  trend(metric: MetricName, route: string, device: DeviceFilter, now?: Date): Promise<DailyPercentile[]>;
  /** The routes with samples in the last 28 days. */
  routes(now?: Date): Promise<string[]>;
}

const DAY_MS = 86_400_000;

/**
 * The 75th percentile by nearest rank (the value below which three quarters
 * of the samples fall: rank ceil(0.75 n)), as CrUX reports it, per group.
 */
const p75Query = (group: string, where: string) => `
  WITH ranked AS (
    SELECT ${group}, value,
           row_number() OVER (PARTITION BY ${group} ORDER BY value) AS rank,
           count(*) OVER (PARTITION BY ${group}) AS samples
    FROM vitals WHERE ${where}
  )
  SELECT ${group}, value AS p75, samples FROM ranked WHERE rank = (3 * samples + 3) / 4`;

const DEVICE = "(? = '' OR device_class = ?)";

/** The staff's reading of the field-speed beacons. */
export function createFieldSpeed(db: Database): FieldSpeed {
  const byRoute = p75Query('route, metric', `received_at >= ? AND ${DEVICE}`);
  const daily = `${p75Query('day', `received_at >= ? AND metric = ? AND (? = '' OR route = ?) AND ${DEVICE}`).replace(
    'FROM vitals',
    'FROM (SELECT substr(received_at, 1, 10) AS day, vitals.* FROM vitals) AS days',
  )} ORDER BY day`;

  type GroupRow = { route: string; metric: MetricName; p75: number; samples: number };
  const since = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

  return {
    async summary(device, now = new Date()) {
      const read = (days: number) => db.all<GroupRow>(byRoute, since(now, days), device, device);
      const week = new Map((await read(7)).map((row) => [`${row.route} ${row.metric}`, row]));
      return (await read(28))
        .map((row) => {
          const recent = week.get(`${row.route} ${row.metric}`);
          return {
            route: row.route,
            metric: row.metric,
            last7: recent ? { p75: recent.p75, samples: recent.samples } : null,
            last28: { p75: row.p75, samples: row.samples },
          };
        })
        .sort((a, b) => a.route.localeCompare(b.route) || METRICS.indexOf(a.metric) - METRICS.indexOf(b.metric));
    },
    trend(metric, route, device, now = new Date()) {
      // From the start of the UTC day 27 days ago: 28 whole days, today included.
      const start = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - 27 * DAY_MS).toISOString();
      return db.all<DailyPercentile>(daily, start, metric, route, route, device, device);
    },
    async routes(now = new Date()) {
      return (
        await db.all<{ route: string }>(
          'SELECT DISTINCT route FROM vitals WHERE received_at >= ? ORDER BY route',
          since(now, 28),
        )
      ).map((row) => row.route);
    },
  };
}
