/** The console's analytics page: its navigation entry, filters and explanations. */
import { LAB_TIME_ZONE } from '../console/texts';

export const analyticsNav = { key: 'analytics', href: '/staff/analytics', label: 'Analytics' } as const;

/** The analytics page's periods, in days, today included. */
export const periodLabels = { '7': 'Last 7 days', '28': 'Last 28 days', '90': 'Last 90 days' } as const;
export const languageLabels = { '': 'All languages', en: 'English', es: 'Spanish' } as const;

export const analyticsCopy = {
  intro:
    'Counted without cookies: page views and visitors per day by page, source, campaign, language and device. A visitor is told apart within one day only, by a hash that changes daily; bots, prefetches and visitors who ask not to be tracked are not counted.',
  visitorsMeta: 'Each day’s visitors, added up',
  funnel:
    'Visitors per day who landed, who went on to the contact page, and who sent a lead, added up over the period.',
  conversions:
    'Sources are the visit’s first touch: its utm_source, else the referring site, else direct. The lead rate is leads per visitor from the source. A sign-up counts once per address (not again while it is pending or subscribed), a confirmation once, a call or e-mail click once per visitor a day.',
  leadsReport: 'From the leads themselves, by the first touch they were sent with: the number an ads client asks for.',
  articles:
    'Each published article’s views in each language, the sources of the visits that read it, and the leads of the period whose visit landed on it or sent the form from it. The pages read between landing and the form are not kept, so an article read on the way is not counted here.',
  none: 'Nothing in this period.',
  downloads: 'One file per table, with the table’s columns and every row, for the period and filters above.',
  /** Whose days the counts are cut by (decision 078): "New York time" for America/New_York. */
  days: `days in ${LAB_TIME_ZONE.split('/').at(-1)!.replaceAll('_', ' ')} time`,
  unknown: '(not recorded)',
} as const;
