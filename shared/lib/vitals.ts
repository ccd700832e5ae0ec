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
