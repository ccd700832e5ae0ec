// prom-client 15.1.3: `collectDefaultMetrics.metricsList` names the default metrics, and each is the module
// prom-client/lib/metrics/<name>, a function of (registry, config) that registers it, which
// collectDefaultMetrics runs for every name. The modules and their signature are not documented;
// tests/platform/internals/promDefaults.test.ts fails when they change.
import { createRequire } from 'node:module';

import type { Registry } from 'prom-client';
import { collectDefaultMetrics } from 'prom-client';

/** One of prom-client's default metrics: registers itself on the registry. */
type DefaultMetric = (registry: Registry, config: { eventLoopMonitoringPrecision: number }) => void;

/** The default metrics' names, in the order collectDefaultMetrics registers them. */
export const defaultMetricNames: readonly string[] = collectDefaultMetrics.metricsList;

/** Registers one default metric, as collectDefaultMetrics does with its own default configuration. */
export function registerDefaultMetric(name: string, registry: Registry): void {
  const require = createRequire(import.meta.url);
  (require(`prom-client/lib/metrics/${name}`) as DefaultMetric)(registry, { eventLoopMonitoringPrecision: 10 });
}
