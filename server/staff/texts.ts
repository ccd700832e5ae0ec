/** The staff console's words: navigation, headings and labels. */
import { siteFacts } from '../../shared/content/data';

/** The lab's own clock: times in the console are shown in it. */
export const LAB_TIME_ZONE = 'America/New_York';

/** The e-mail answer promise in hours, read from the sentence the contact page quotes ("4 hours"). */
export const responseHours = Number.parseInt(siteFacts.responseTimes.email, 10);

export const staffNav = [
  { href: '/staff/leads', label: 'Leads', key: 'leads' },
  { href: '/staff/subscribers', label: 'Subscribers', key: 'subscribers' },
  { href: '/staff/newsletter', label: 'Newsletter', key: 'newsletter' },
  { href: '/staff/speed', label: 'Field speed', key: 'speed' },
  { href: '/staff/analytics', label: 'Analytics', key: 'analytics' },
  { href: '/staff/articles', label: 'Articles', key: 'articles' },
] as const;

export type StaffSection = (typeof staffNav)[number]['key'];

export const statusLabels = {
  new: 'New',
  contacted: 'Contacted',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
} as const;

/** The button that moves a lead to a status. */
export const statusActions = {
  new: 'Not spam: back to new',
  contacted: 'Mark contacted',
  won: 'Mark won',
  lost: 'Mark lost',
  spam: 'Mark as spam',
} as const;

export const deliveryLabels = { queued: 'Queued', sent: 'Sent', failed: 'Failed' } as const;

export const ratingLabels = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' } as const;

export const metricNames = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
} as const;

export const deviceLabels = { '': 'All devices', mobile: 'Mobile', desktop: 'Desktop' } as const;

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
  none: 'Nothing in this period.',
  unknown: '(not recorded)',
} as const;

export const signInCopy = {
  title: 'Sign in',
  intro: `The ${siteFacts.name} staff console: leads, subscribers and field speed.`,
  wrong: 'The e-mail address or password is not right.',
  missing: 'Enter your e-mail address and your password.',
  wait: (seconds: number) => `Too many failed attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  locked: (minutes: number) =>
    `Too many failed attempts for this address from here: sign-in is locked for ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  busy: (seconds: number) => `The console is busy checking other sign-ins. Try again in ${seconds} seconds.`,
  signedOut: 'You are signed out.',
  expired: 'Your session has ended. Sign in again.',
} as const;

export const consoleCopy = {
  inboxTitle: 'Leads',
  /** Beside the count of new leads older than the e-mail promise. */
  waiting: (count: number) => `new lead${count === 1 ? '' : 's'} waiting longer than ${siteFacts.responseTimes.email}`,
  staleStatus: 'Someone changed this lead’s status meanwhile: here is where it stands now.',
  statusNotAllowed: 'That status change is not possible from here.',
  noteEmpty: 'Write the note before adding it.',
  noteTooLong: (limit: number) => `A note can have at most ${limit} characters.`,
  notFound: 'There is no such page in the console.',
  leadNotFound: 'There is no lead with that number.',
} as const;
