import type { MetricName } from './metrics';
import { METRICS, THRESHOLDS } from './metrics';

/**
 * Each metric's fixed histogram (decision 034). Buckets are log-spaced, about 10 % wide, and anchored
 * on the metric's thresholds, which are both bucket edges, so every value in a bucket has one rating:
 * bucket b holds the values in (edge(b − 1), edge(b)], edge(b) = good · r^b, r^steps = poor / good.
 * The floor bucket holds 0 and everything too small to show (under half the console's unit).
 * Changing any of this changes what stored bucket numbers mean: it takes a new table, not an edit.
 */
const WIDTH = 1.1;
const HALF_UNIT: Readonly<Record<MetricName, number>> = { LCP: 0.5, INP: 0.5, CLS: 0.005, FCP: 0.5, TTFB: 0.5 };
/** Keeps a value that lies on an edge (a threshold, 200 ms of INP) in the bucket below, despite rounding in log(). */
const ON_EDGE = 1e-12;

interface Scale {
  good: number;
  /** ln r. */
  step: number;
  floor: number;
  floorEdge: number;
}

const scales = Object.fromEntries(
  METRICS.map((metric) => {
    const [good, poor] = THRESHOLDS[metric];
    const step = Math.log(poor / good) / Math.round(Math.log(poor / good) / Math.log(WIDTH));
    const floor = Math.floor(Math.log(HALF_UNIT[metric] / good) / step);
    return [metric, { good, step, floor, floorEdge: good * Math.exp(floor * step) }];
  }),
) as Record<MetricName, Scale>;

/** The bucket a value is counted in. */
export function bucketOf(metric: MetricName, value: number): number {
  const { good, step, floor, floorEdge } = scales[metric];
  // + 0 turns the −0 of a value just under `good` into 0.
  return value <= floorEdge ? floor : Math.ceil(Math.log(value / good) / step - ON_EDGE) + 0;
}

export interface BucketCount {
  bucket: number;
  count: number;
}

export interface Percentile {
  p75: number;
  samples: number;
}

/**
 * The 75th percentile by nearest rank (rank ceil(0.75 n), as CrUX reports it) of a histogram whose
 * buckets come in ascending order; null without samples. Inside its bucket the ranked sample is placed
 * as if the bucket's samples were spread evenly on the log scale: within 5 % of the true value, and
 * always in the true value's rating.
 */
export function p75(metric: MetricName, buckets: readonly BucketCount[]): Percentile | null {
  const samples = buckets.reduce((sum, { count }) => sum + count, 0);
  const rank = Math.ceil(0.75 * samples);
  let below = 0;
  for (const { bucket, count } of buckets) {
    if (below + count >= rank) {
      const { good, step, floor } = scales[metric];
      const position = bucket - 1 + (rank - below - 0.5) / count;
      return { p75: bucket <= floor ? 0 : good * Math.exp(position * step), samples };
    }
    below += count;
  }
  return null;
}
