import { collectDefaultMetrics, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';

import { defaultMetricNames, registerDefaultMetric } from '../../../server/http/internals/promDefaults';

// Canary for server/http/internals/promDefaults.ts: in prom-client 15.1.3 each default metric is a module
// lib/metrics/<name> that registers it, named by collectDefaultMetrics.metricsList. The site registers them
// one by one to leave `gc` out (decision 058); a failure here means an upgrade changed that.

const names = async (registry: Registry) => (await registry.getMetricsAsJSON()).map(({ name }) => name).sort();

describe("prom-client's default metrics", () => {
  it('are registered one by one, from their modules, exactly as collectDefaultMetrics registers them all', async () => {
    const all = new Registry();
    collectDefaultMetrics({ register: all });
    const oneByOne = new Registry();
    for (const name of defaultMetricNames) registerDefaultMetric(name, oneByOne);
    expect(await names(oneByOne)).toEqual(await names(all));
    expect((await names(all)).length).toBeGreaterThan(10);
  });

  it('name gc among them, the one that registers the collections’ pauses', async () => {
    expect(defaultMetricNames).toContain('gc');
    const gc = new Registry();
    registerDefaultMetric('gc', gc);
    expect(await names(gc)).toEqual(['nodejs_gc_duration_seconds']);
  });
});
