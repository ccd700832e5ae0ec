import type { Metric } from 'web-vitals';

import type { VisitContext, VitalReport } from '../shared/lib/vitals';
import { CONNECTION_TYPES, VITALS_ENDPOINT } from '../shared/lib/vitals';

/** The connection type (where the browser tells it) and whether the main pointer is a finger. */
function visitContext(): VisitContext {
  const effectiveType = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection
    ?.effectiveType;
  const connection = CONNECTION_TYPES.find((type) => type === effectiveType);
  return {
    ...(connection ? { connection } : {}),
    device: matchMedia('(pointer: coarse)').matches ? 'mobile' : 'desktop',
  };
}

/**
 * Queues metrics and sends them in one beacon when the page is hidden
 * (tab switch, navigation away, close): the last moment a page can report.
 */
function createBeaconReporter(endpoint = VITALS_ENDPOINT): (metric: Metric) => void {
  let queue: VitalReport[] = [];
  const flush = () => {
    if (queue.length === 0) return;
    const body = JSON.stringify({ page: location.pathname, metrics: queue, ...visitContext() });
    queue = [];
    navigator.sendBeacon(endpoint, body);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  return (metric) => {
    queue.push({
      name: metric.name,
      value: metric.value,
      rating: metric.rating,
      id: metric.id,
      navigationType: metric.navigationType,
    });
  };
}

/** Loads web-vitals in its own chunk, after hydration, so it never delays the page. */
export async function startVitals(report: (metric: Metric) => void = createBeaconReporter()): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  for (const listen of [onCLS, onFCP, onINP, onLCP, onTTFB]) listen(report);
}
