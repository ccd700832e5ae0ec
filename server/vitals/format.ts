import type { MetricName } from './metrics';

/** A metric's value in its unit: seconds above one, milliseconds below, CLS unitless. */
export function formatMetric(metric: MetricName, value: number): string {
  if (metric === 'CLS') return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(value >= 10_000 ? 0 : 1)} s` : `${Math.round(value)} ms`;
}
