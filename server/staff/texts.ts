/** The staff console's words: navigation, headings and labels. */
import { siteFacts } from '../../shared/content/data';

/** The lab's own clock: times in the console are shown in it. */
export const LAB_TIME_ZONE = 'America/New_York';

/** The e-mail answer promise in hours, read from the sentence the contact page quotes ("4 hours"). */
export const responseHours = Number.parseInt(siteFacts.responseTimes.email, 10);

/** The navigation entries of the sections kept in this folder; the other features bring their own. */
export const staffNav = {
  leads: { key: 'leads', href: '/staff/leads', label: 'Leads' },
  subscribers: { key: 'subscribers', href: '/staff/subscribers', label: 'Subscribers' },
  speed: { key: 'speed', href: '/staff/speed', label: 'Field speed' },
} as const;

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
