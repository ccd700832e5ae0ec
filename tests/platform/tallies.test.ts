import { AggregatorRegistry, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';

import { TalliedCounter, TalliedHistogram } from '../../server/http/tallies';

const BUCKETS = [0.001, 0.01, 0.1, 1];
/** Times on, between and past the bounds, for two label sets. */
const observed: [{ method: string; route: string }, number][] = [
  [{ method: 'GET', route: '/' }, 0.0004],
  [{ method: 'GET', route: '/' }, 0.001],
  [{ method: 'GET', route: '/' }, 0.0011],
  [{ method: 'GET', route: '/' }, 0.5],
  [{ method: 'GET', route: '/' }, 7],
  [{ method: 'POST', route: '/api/contact' }, 0.02],
  [{ method: 'POST', route: '/api/contact' }, 0.1],
];

/** A registry holding one metric, and its text as a scrape reads it. */
const scraped = async (make: (registers: Registry[]) => unknown) => {
  const registry = new Registry();
  make([registry]);
  return registry.metrics();
};

describe('tallied metrics', () => {
  it("read out a histogram exactly as prom-client's own would, tallied on the hot path or observed", async () => {
    const own = await scraped((registers) => {
      const histogram = new Histogram({
        name: 'd',
        help: 'h',
        labelNames: ['method', 'route'],
        buckets: BUCKETS,
        registers,
      });
      for (const [labels, value] of observed) histogram.observe(labels, value);
    });
    const tallied = await scraped((registers) => {
      const histogram = new TalliedHistogram({
        name: 'd',
        help: 'h',
        labelNames: ['method', 'route'],
        buckets: BUCKETS,
        registers,
      });
      const home = histogram.tally({ method: 'GET', route: '/' });
      for (const [labels, value] of observed)
        if (labels.route === '/') home(value);
        else histogram.observe(labels, value);
    });
    expect(tallied).toBe(own);
    expect(own).toContain('d_bucket{le="0.001",method="GET",route="/"} 2');
  });

  it('refuse a labelled child, which would bypass the tallies', () => {
    const histogram = new TalliedHistogram({
      name: 'd',
      help: 'h',
      labelNames: ['route'],
      buckets: BUCKETS,
      registers: [],
    });
    expect(() => histogram.labels({ route: '/' })).toThrow(/tally/);
  });

  it("read out a counter exactly as prom-client's own, the tallies added at each read", async () => {
    const registry = new Registry();
    const counter = new TalliedCounter({ name: 'c', help: 'h', labelNames: ['result'], registers: [registry] });
    const hit = counter.tally({ result: 'hit' });
    hit();
    hit();
    counter.inc({ result: 'miss' });
    const read = await registry.metrics();
    expect(read).toContain('c{result="hit"} 2\n');
    expect(read).toContain('c{result="miss"} 1\n');
    hit();
    expect(await registry.metrics()).toContain('c{result="hit"} 3\n');
  });

  it("add up across workers as prom-client's own do", async () => {
    const worker = async () => {
      const registry = new Registry();
      const histogram = new TalliedHistogram({
        name: 'd',
        help: 'h',
        labelNames: ['route'],
        buckets: BUCKETS,
        registers: [registry],
      });
      histogram.tally({ route: '/' })(0.0004);
      return registry.getMetricsAsJSON();
    };
    const summed = AggregatorRegistry.aggregate([await worker(), await worker()]);
    expect(await summed.metrics()).toContain('d_count{route="/"} 2');
  });
});
