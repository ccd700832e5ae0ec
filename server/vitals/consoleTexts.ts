/** The field speed section of the console: its link and the metrics' names and ratings. */
export const speedNav = { key: 'speed', href: '/staff/speed', label: 'Field speed' } as const;

export const ratingLabels = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' } as const;

export const metricNames = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
} as const;
