import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';

import type { HistogramSeries } from '../../../server/http/internals/promTallies';
import { HistogramOfSeries } from '../../../server/http/internals/promTallies';

// Canary for server/http/internals/promTallies.ts: prom-client 15.1.3 sets a Histogram's observe on each
// instance, and its registry reads a metric through getForPromString() (text) and get() (JSON, built on
// it). The request metrics are tallied on that (decision 056); a failure here means an upgrade changed it.

const BUCKETS = [0.01, 0.1, 1];
const config = (registers: Registry[]) => ({
  name: 'd',
  help: 'h',
  labelNames: ['route'] as const,
  buckets: BUCKETS,
  registers,
});

describe("prom-client's Histogram", () => {
  it('sets observe on each instance, where it hides a subclass’s', () => {
    class Own extends Histogram<'route'> {
      override observe(..._given: unknown[]): void {
        throw new Error('never called');
      }
    }
    const histogram = new Own(config([]));
    expect(Object.hasOwn(histogram, 'observe')).toBe(true);
    expect(() => histogram.observe({ route: '/' }, 1)).not.toThrow();
  });

  it('is read by its registry through getForPromString for text, and through get, built on it, for JSON', async () => {
    const registry = new Registry();
    const read = { name: 'd', help: 'h', type: 'histogram', aggregator: 'sum' };
    // get() merges each value's sharedLabels into its labels: a value without them breaks it.
    const value = () => ({ labels: { route: '/' }, sharedLabels: { le: '+Inf' }, value: 7, metricName: 'd_bucket' });
    class Fixed extends Histogram<'route'> {
      // Not in prom-client's types: what its registry reads.
      async getForPromString() {
        return { ...read, values: [value()] };
      }
    }
    new Fixed(config([registry]));
    expect(await registry.metrics()).toBe('# HELP d h\n# TYPE d histogram\nd_bucket{route="/",le="+Inf"} 7\n');
    expect(await registry.getMetricsAsJSON()).toEqual([
      { ...read, values: [{ labels: { route: '/', le: '+Inf' }, value: 7, metricName: 'd_bucket' }] },
    ]);
  });

  it('reads out as HistogramOfSeries reads out a series of the same observations, in text and in JSON', async () => {
    const own = new Registry();
    const histogram = new Histogram(config([own]));
    histogram.observe({ route: '/' }, 0.05);
    histogram.observe({ route: '/' }, 3);
    class OneSeries extends HistogramOfSeries<'route'> {
      protected series(): HistogramSeries<'route'>[] {
        return [{ labels: { route: '/' }, buckets: [0, 1, 0, 1], sum: 3.05, count: 2 }];
      }
    }
    const ours = new Registry();
    new OneSeries(config([ours]));
    expect(await ours.metrics()).toBe(await own.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(
      (await own.getMetricsAsJSON()).map((metric) => ({
        ...metric,
        // prom-client's own values carry an exemplar slot, empty without exemplars; a series keeps none.
        values: metric.values.map((value) => {
          const rest: Partial<typeof value> & { exemplar?: unknown } = { ...value };
          delete rest.exemplar;
          return rest;
        }),
      })),
    );
  });
});
