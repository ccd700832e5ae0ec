import type { Metric } from 'web-vitals';

import type { VitalReport, VitalsBeacon } from '../shared/lib/vitals';
import { VITALS_ENDPOINT } from '../shared/lib/vitals';

/**
 * Queues metrics and sends them in one beacon when the page is hidden
 * (tab switch, navigation away, close): the last moment a page can report.
 * A metric reported again before then (CLS and INP grow) replaces its
 * earlier value: the server takes each metric once per beacon.
 */
function createBeaconReporter(endpoint = VITALS_ENDPOINT): (metric: Metric) => void {
  const queue = new Map<Metric['name'], VitalReport>();
  const flush = () => {
    if (queue.size === 0) return;
    const beacon: VitalsBeacon = {
      page: location.pathname,
      metrics: [...queue.values()],
      device: matchMedia('(pointer: coarse)').matches ? 'mobile' : 'desktop',
    };
    queue.clear();
    navigator.sendBeacon(endpoint, JSON.stringify(beacon));
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  return ({ name, value, rating }) => {
    queue.set(name, { name, value, rating });
  };
}

/** Loads web-vitals in its own chunk, after hydration, so it never delays the page. */
export async function startVitals(report: (metric: Metric) => void = createBeaconReporter()): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  for (const listen of [onCLS, onFCP, onINP, onLCP, onTTFB]) listen(report);
}
