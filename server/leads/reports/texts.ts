/** The reports' words: the console's link, the groupings, the tables' titles and what each figure means. */
import { currency } from '../../../shared/content/data';
import type { Grouping } from './funnel';

export const reportsNav = { key: 'reports', href: '/staff/reports', label: 'Reports' } as const;

export const groupingLabels: Record<Grouping, string> = {
  first: 'First-touch source',
  last: 'Last-touch source',
  campaign: 'Campaign',
  article: 'Article read before converting',
  language: 'Language',
  office: 'Office',
  heard: 'How they heard about us',
};

export const speedGroupings = { week: 'Week of', office: 'Office', owner: 'Owner' } as const;
export type SpeedGrouping = keyof typeof speedGroupings;
export const isSpeedGrouping = (value: unknown): value is SpeedGrouping =>
  typeof value === 'string' && Object.hasOwn(speedGroupings, value);

export const reportsCopy = {
  funnelTitle: 'Leads, contacted and won',
  funnelIntro:
    'The leads received in the period, spam left out. Calls booked: their intro calls, cancelled ones left out. ' +
    'Contacted: ever moved to contacted, won or lost. Won: won now, with the monthly value its deal records.',
  funnelColumns: (by: Grouping) => [
    groupingLabels[by],
    'Leads',
    'Calls booked',
    'Contacted',
    'Contacted share',
    'Won',
    'Won share',
    `Won monthly value (${currency})`,
  ],
  speedTitle: 'Speed to lead',
  speedIntro:
    'Office minutes from a lead’s arrival to the staff’s first action (a status change or a note), counted in the ' +
    'opening hours of the lead’s office: nights and weekends add nothing. Leads marked spam are left out.',
  speedColumns: (by: SpeedGrouping) => [
    speedGroupings[by],
    'Leads answered',
    'Median (minutes)',
    '90th percentile (minutes)',
  ],
  speedTableTitle: (by: SpeedGrouping) => `By ${by}`,
  speedLink: 'how long leads waited for a first answer, by week, office and owner.',
  funnelLink: 'what the leads came to, by source, campaign, article, language, office and how they heard of us.',
  none: 'No leads in this period.',
  nobody: '(nobody)',
} as const;
