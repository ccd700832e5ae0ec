import type { MetricName } from '../../vitals/metrics';
import { LAB_TIME_ZONE } from '../texts';

const labTime = new Intl.DateTimeFormat('en-US', {
  timeZone: LAB_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An ISO time as the lab reads it: "Mar 5, 2025, 2:30 PM EST". */
export function formatLabTime(iso: string): string {
  return labTime.format(new Date(iso));
}

const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

/** A YYYY-MM-DD day: "Mar 5". */
export function formatDay(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

/** How long ago, roughly: "3 h 20 min", "2 days". */
export function formatAge(iso: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${Math.floor(minutes / 1440)} days`;
}

/** A metric's value in its unit: seconds above one, milliseconds below, CLS unitless. */
export function formatMetric(metric: MetricName, value: number): string {
  if (metric === 'CLS') return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(value >= 10_000 ? 0 : 1)} s` : `${Math.round(value)} ms`;
}
