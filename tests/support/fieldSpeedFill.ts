import type { Database } from '../../server/db';
import { addToBucket } from '../../server/db/dailyCounts';
import { bucketOf } from '../../server/vitals/histogram';
import type { MetricName } from '../../server/vitals/metrics';
import { METRICS, PLAUSIBLE_MAX } from '../../server/vitals/metrics';
import { routePatternOf, seedSitePages } from '../../shared/routes';

/** Typical field values: the median and the spread (σ of the logarithm) of each metric. */
const TYPICAL: Record<MetricName, [number, number]> = {
  LCP: [1800, 0.6],
  INP: [120, 0.7],
  CLS: [0.03, 1.2],
  FCP: [1200, 0.5],
  TTFB: [450, 0.6],
};

/** A repeatable stream of numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Counts `samples` made-up samples into daily_counts as the beacon would, in
 * one transaction: log-normal values around typical medians (a third of the
 * CLS values 0), spread over the last `days` UTC days, every page's label and
 * both device classes. Returns how many buckets that fills.
 */
export async function fillFieldSpeed(db: Database, samples: number, days = 28, now = new Date()): Promise<number> {
  const next = random(samples);
  const labels = [...new Set(seedSitePages.map((page) => routePatternOf(page.path)!)), '(other)'];
  const counts = new Map<string, number>();
  for (let n = 0; n < samples; n++) {
    const metric = METRICS[n % METRICS.length]!;
    const [median, spread] = TYPICAL[metric];
    const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    const value =
      metric === 'CLS' && next() < 1 / 3 ? 0 : Math.min(median * Math.exp(spread * normal), PLAUSIBLE_MAX[metric]);
    const day = new Date(now.getTime() - Math.floor(next() * days) * 86_400_000).toISOString().slice(0, 10);
    const key = [
      day,
      metric,
      labels[Math.floor(next() * labels.length)],
      next() < 0.5 ? 'mobile' : 'desktop',
      bucketOf(metric, value),
    ].join('\n');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  await db.transaction(async (tx) => {
    for (const [key, count] of counts) {
      const [day, series, label, device, bucket] = key.split('\n') as [string, string, string, string, string];
      await addToBucket(tx, { engine: db.engine, key: { day, series, label, device }, bucket: Number(bucket), count });
    }
  });
  return counts.size;
}
