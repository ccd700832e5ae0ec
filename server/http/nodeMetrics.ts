import { createRequire } from 'node:module';

import type { Registry } from 'prom-client';
import { collectDefaultMetrics } from 'prom-client';

/** One of prom-client's default metrics: registers itself on the registry. */
type DefaultMetric = (registry: Registry, config: { eventLoopMonitoringPrecision: number }) => void;

/**
 * The default metrics left out: `gc`, the histogram of each collection's pause. It watches every
 * collection through a PerformanceObserver, and in Node 24 any such observer makes about 2 KB survive
 * each scavenge into the old generation, which then fills and is collected with pauses under load
 * (decision 058).
 */
const LEFT_OUT = new Set(['gc']);

/**
 * Node's default metrics (CPU, memory, heap spaces, event-loop lag, handles, file descriptors, version),
 * as `collectDefaultMetrics` registers them, less those in LEFT_OUT. prom-client offers no way to leave
 * one out, so each is taken from its own module (lib/metrics/<name>), the list its function iterates;
 * tests/http/metrics.test.ts checks that they are all there.
 */
export function collectNodeMetrics(registry: Registry): void {
  const require = createRequire(import.meta.url);
  for (const name of collectDefaultMetrics.metricsList.filter((metric) => !LEFT_OUT.has(metric)))
    (require(`prom-client/lib/metrics/${name}`) as DefaultMetric)(registry, { eventLoopMonitoringPrecision: 10 });
}
