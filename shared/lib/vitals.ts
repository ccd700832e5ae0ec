import type { Metric } from 'web-vitals';

/** Where the browser sends its web-vitals beacon. */
export const VITALS_ENDPOINT = '/api/vitals';

/** One metric as the server's vitals endpoint accepts it. */
export interface VitalReport {
  name: Metric['name'];
  value: number;
  rating: Metric['rating'];
  id: string;
  navigationType: Metric['navigationType'];
}

/** The Network Information API's effective connection types. */
export const CONNECTION_TYPES = ['slow-2g', '2g', '3g', '4g'] as const;
/** A coarse device class: a touch screen as the main pointer, or not. */
export const DEVICE_CLASSES = ['mobile', 'desktop'] as const;

/** The kind of visit a beacon reports besides its metrics: coarse enough to identify nobody. */
export interface VisitContext {
  connection?: (typeof CONNECTION_TYPES)[number];
  device?: (typeof DEVICE_CLASSES)[number];
}
