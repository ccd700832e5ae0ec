import type { Metric } from 'web-vitals';

/** Where the browser sends its web-vitals beacon. */
export const VITALS_ENDPOINT = '/api/vitals';

/** One metric as the server's vitals endpoint accepts it: the rating must be the one its value has. */
export interface VitalReport {
  name: Metric['name'];
  value: number;
  rating: Metric['rating'];
}

/** A coarse device class: a touch screen as the main pointer, or not. */
export const DEVICE_CLASSES = ['mobile', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** One beacon: the page's path, each metric at most once, and the device class, which identifies nobody. */
export interface VitalsBeacon {
  page: string;
  metrics: VitalReport[];
  device: DeviceClass;
}
