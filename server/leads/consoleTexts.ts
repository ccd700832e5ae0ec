/** The leads section of the console: its link, headings, statuses and labels. */
import { siteFacts } from '../../shared/content/data';

export const leadNav = { key: 'leads', href: '/staff/leads', label: 'Leads' } as const;

/** The e-mail answer promise in hours, read from the sentence the contact page quotes ("4 hours"). */
export const responseHours = Number.parseInt(siteFacts.responseTimes.email, 10);

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

export const inboxCopy = {
  inboxTitle: 'Leads',
  /** Beside the count of new leads older than the e-mail promise. */
  waiting: (count: number) => `new lead${count === 1 ? '' : 's'} waiting longer than ${siteFacts.responseTimes.email}`,
  staleStatus: 'Someone changed this lead’s status meanwhile: here is where it stands now.',
  statusNotAllowed: 'That status change is not possible from here.',
  noteEmpty: 'Write the note before adding it.',
  noteTooLong: (limit: number) => `A note can have at most ${limit} characters.`,
  leadNotFound: 'There is no lead with that number.',
} as const;
