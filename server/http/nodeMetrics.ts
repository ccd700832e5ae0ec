import type { Registry } from 'prom-client';

import { defaultMetricNames, registerDefaultMetric } from './internals/promDefaults';

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
 * one out, so each is registered from its own module (internals/promDefaults.ts);
 * tests/platform/metrics.test.ts checks that they are all there.
 */
export function collectNodeMetrics(registry: Registry): void {
  for (const name of defaultMetricNames.filter((metric) => !LEFT_OUT.has(metric)))
    registerDefaultMetric(name, registry);
}
