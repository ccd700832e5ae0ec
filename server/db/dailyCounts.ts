import type { Database, Queryable } from './types';

/**
 * daily_counts (decision 034): what is counted per UTC day, by label and device class. A series is a
 * plain count (the beacons' samples; page views, decision 035) or a histogram (a web vital's values).
 */

/** The label of whatever a series does not name on its own: a path that is no page, a value past a cap. */
export const OTHER_LABEL = '(other)';

/** A row of daily_counts: what is counted, on which day, of what, on which devices. */
export interface CountKey {
  day: string;
  series: string;
  label: string;
  device: string;
}

const ADD = `INSERT INTO daily_counts (day, series, label, device, count) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (day, series, label, device) DO UPDATE SET count = daily_counts.count + excluded.count RETURNING count`;

/** Adds to a plain count, made at 0 the first time, atomically on both engines; the new count. */
export async function addCount(
  tx: Queryable,
  { day, series, label, device }: CountKey,
  count: number,
): Promise<number> {
  return (await tx.get<{ count: number }>(ADD, day, series, label, device, count))!.count;
}

/**
 * Adds to one bucket of a histogram: the row's count and its bucket's grow together, atomically too.
 * Only the JSON functions differ between the engines.
 */
const ADD_TO_BUCKET = {
  sqlite: `INSERT INTO daily_counts (day, series, label, device, count, buckets) VALUES (?, ?, ?, ?, ?, json_object(?, ?))
    ON CONFLICT (day, series, label, device) DO UPDATE SET count = daily_counts.count + excluded.count,
      buckets = json_patch(daily_counts.buckets, json_object(?, coalesce(daily_counts.buckets ->> ?, 0) + excluded.count))`,
  postgres: `INSERT INTO daily_counts (day, series, label, device, count, buckets)
    VALUES (?, ?, ?, ?, ?, jsonb_build_object(?::text, ?::integer))
    ON CONFLICT (day, series, label, device) DO UPDATE SET count = daily_counts.count + excluded.count,
      buckets = daily_counts.buckets
        || jsonb_build_object(?::text, coalesce((daily_counts.buckets ->> ?::text)::integer, 0) + excluded.count)`,
};

/** What addToBucket adds to, and how much. */
interface BucketAddition {
  /** The engine tx runs on: it picks the statement. */
  engine: Database['engine'];
  key: CountKey;
  /** The histogram's bucket, as bucketOf gives it. */
  bucket: number;
  count: number;
}

/** Adds to a histogram's bucket (made at 0 the first time). */
export async function addToBucket(
  tx: Queryable,
  { engine, key: { day, series, label, device }, bucket, count }: BucketAddition,
): Promise<void> {
  const key = String(bucket);
  await tx.run(ADD_TO_BUCKET[engine], day, series, label, device, count, key, count, key, key);
}
