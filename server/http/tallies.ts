import type { CounterConfiguration, LabelValues, ObserveDataWithExemplar } from 'prom-client';
import { Counter } from 'prom-client';

import type { HistogramSeries } from './internals/promTallies';
import { HistogramOfSeries } from './internals/promTallies';

// Metrics bumped on every request, kept page or not. A prom-client increment or observation hashes its
// labels each time, a cost the kept pages' answer cannot afford (decision 056): here `tally(labels)` finds
// a label set once and gives a function that only adds to plain numbers, read out at each scrape.

/** A counter whose label sets are tallied, added to prom-client's own count when it is read. */
export class TalliedCounter<L extends string> extends Counter<L> {
  private readonly tallies: { labels: LabelValues<L>; count: number }[] = [];

  constructor(configuration: CounterConfiguration<L>) {
    super(configuration);
  }

  tally(labels: LabelValues<L>): () => void {
    const tally = { labels, count: 0 };
    this.tallies.push(tally);
    return () => {
      tally.count += 1;
    };
  }

  override async get() {
    for (const tally of this.tallies)
      if (tally.count > 0) {
        this.inc(tally.labels, tally.count);
        tally.count = 0;
      }
    return super.get();
  }
}

/**
 * A histogram kept wholly in tallies, read out as prom-client's own (internals/promTallies.ts): each
 * bucket's cumulative count by `le`, then `+Inf`, the sum and the count.
 */
export class TalliedHistogram<L extends string> extends HistogramOfSeries<L> {
  private readonly tallies = new Map<string, HistogramSeries<L>>();

  tally(labels: LabelValues<L>): (value: number) => void {
    const key = JSON.stringify(Object.entries(labels).sort());
    let tally = this.tallies.get(key);
    if (!tally) {
      tally = { labels, buckets: new Array<number>(this.configuration.buckets.length + 1).fill(0), sum: 0, count: 0 };
      this.tallies.set(key, tally);
    }
    const bounds = this.configuration.buckets;
    const found = tally;
    return (value) => {
      let bucket = 0;
      while (bucket < bounds.length && value > bounds[bucket]!) bucket += 1;
      found.buckets[bucket]! += 1;
      found.sum += value;
      found.count += 1;
    };
  }

  /** prom-client's labelled child would bypass the tallies: tally(labels) is its one way. */
  override labels(..._labels: unknown[]): never {
    throw new Error(`${this.configuration.name} is observed through tally(labels) or observe(labels, value)`);
  }

  /** prom-client's observe, in every form, counted into the tallies (an exemplar is not kept). */
  override observe(given: LabelValues<L> | number | ObserveDataWithExemplar<L>, value?: number): void {
    if (typeof given === 'number') this.tally({})(given);
    else if (value !== undefined) this.tally(given as LabelValues<L>)(value);
    else {
      const data = given as ObserveDataWithExemplar<L>;
      this.tally(data.labels ?? {})(data.value);
    }
  }

  protected series() {
    return this.tallies.values();
  }
}
