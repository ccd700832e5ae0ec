import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from 'web-vitals';

import type { VitalReport } from '../../shared/lib/vitals';

export type MetricName = VitalReport['name'];
export type Rating = VitalReport['rating'];

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

/** The rating web-vitals gives a value: the beacon's must agree with it. */
export function rate(metric: MetricName, value: number): Rating {
  const [good, poor] = THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/**
 * The largest value a real visit reports (decision 034): a minute for the times, in milliseconds,
 * 10 for the layout shift score. A beacon above it is refused.
 */
export const PLAUSIBLE_MAX: Readonly<Record<MetricName, number>> = {
  LCP: 60_000,
  INP: 60_000,
  CLS: 10,
  FCP: 60_000,
  TTFB: 60_000,
};
