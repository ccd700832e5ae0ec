// prom-client 15.1.3: a Histogram sets its own `observe` on each instance in its constructor, and its
// registry reads a metric's text from `getForPromString()` (and its JSON, which a cluster's aggregator
// sums, from `get()`, built on it). Neither is documented; tests/platform/internals/promTallies.test.ts fails
// when they change.
import type { HistogramConfiguration, LabelValues } from 'prom-client';
import { Histogram } from 'prom-client';

/** One label set's observations: the count in each bucket (the last past every bound), their sum and count. */
export interface HistogramSeries<L extends string> {
  labels: LabelValues<L>;
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * A prom-client histogram whose observations a subclass keeps itself (tallies.ts, decision 056): its own
 * `observe` is the one called, and a scrape reads its `series()` as prom-client lists its own histogram's.
 */
export abstract class HistogramOfSeries<L extends string> extends Histogram<L> {
  constructor(protected readonly configuration: HistogramConfiguration<L> & { buckets: number[] }) {
    super(configuration);
    // prom-client's constructor sets observe on the instance, which would hide the subclass's.
    this.observe = (Object.getPrototypeOf(this) as this).observe;
  }

  /** Every label set observed, with its buckets, sum and count. */
  protected abstract series(): Iterable<HistogramSeries<L>>;

  /**
   * What a scrape reads: each label set's buckets by `le` (cumulative), `+Inf`, sum and count, as
   * prom-client lists its own histogram's. Its registry reads this for its text, and `get()` for JSON.
   */
  async getForPromString() {
    const { name, help, buckets: bounds } = this.configuration;
    const sharedLabels = {};
    const values = [...this.series()].flatMap(({ labels, buckets, sum, count }) => {
      let cumulative = 0;
      return [
        ...bounds.map((le, bucket) => {
          cumulative += buckets[bucket]!;
          return { labels: { le, ...labels }, sharedLabels, value: cumulative, metricName: `${name}_bucket` };
        }),
        { labels: { le: '+Inf', ...labels }, sharedLabels, value: count, metricName: `${name}_bucket` },
        { labels, sharedLabels, value: sum, metricName: `${name}_sum` },
        { labels, sharedLabels, value: count, metricName: `${name}_count` },
      ];
    });
    return { name, help, type: 'histogram' as const, values, aggregator: 'sum' as const };
  }
}
