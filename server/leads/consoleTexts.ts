/** The leads section of the console: its link, headings, statuses and labels. */
import { currency, siteFacts } from '../../shared/content/data';
import { formatDollars } from '../console/kit/format';
import { LAB_TIME_ZONE } from '../console/texts';

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

/** The owner, next step and deal of a lead (decision 079). */
export const pipelineCopy = {
  owner: 'Owner',
  nobody: 'Nobody',
  allOwners: 'All owners',
  me: 'Me',
  nextStep: 'Next step',
  due: 'Due',
  overdue: 'Overdue, due',
  /** The lab's clock, as every time the console shows: "Due (New York time)". */
  dueLabel: `Due (${LAB_TIME_ZONE.split('/').pop()!.replace(/_/g, ' ')} time)`,
  dueFilter: 'Next step',
  dueAny: 'Any',
  dueToday: 'Due today or overdue',
  dueOverdue: 'Overdue',
  noStep: 'No next step',
  saved: { owner: 'Owner changed.', step: 'Next step saved.', noteEdit: 'Note changed.' },
  ownerUnknown: 'Choose one of the staff who may read leads, or nobody.',
  stepTooLong: (limit: number) => `A next step can have at most ${limit} characters.`,
  stepNeedsDue: 'Give the next step a date and time it is due.',
  dueNotTime: 'The due date and time is not one: use the date and time fields, as 2026-12-04 at 10:00.',
  dealPlan: 'Plan',
  dealMonthly: `Monthly value (${currency})`,
  dealMonthlyHint: 'Prefilled from the price table; leave it empty for the plan’s listed price.',
  dealStart: 'Starts on',
  dealPlanMissing: 'Choose the plan the client takes.',
  dealMonthlyBad: 'The monthly value is a whole number of dollars, from 0 to 1,000,000.',
  dealStartBad: 'Give the day the plan starts, as 2026-12-01.',
  lostReason: 'Reason',
  lostReasonMissing: 'Choose why the lead was lost.',
  won: (plan: string, monthly: number, start: string) =>
    `${plan}, ${formatDollars(monthly)} ${currency} a month from ${start}`,
  noteEdited: 'edited',
  noteHistory: 'Earlier wordings',
  editNote: 'Change note',
  saveNote: 'Save note',
  noteMissing: 'There is no such note on this lead.',
  noteStale:
    'Someone changed this note meanwhile: it now reads as shown, and your wording is kept in its form. Save again to replace theirs.',
  ownerStale:
    'Someone changed the owner meanwhile: here is who owns the lead now. Choose again if it should still change.',
  stepStale:
    'Someone changed the next step meanwhile: theirs is shown, and yours is kept in the form. Save again to replace theirs.',
  technicalDetails: 'Technical details',
} as const;

/** Why a lead was lost: a short list, so the reasons can be counted. */
export const lostReasonLabels = {
  price: 'Price',
  timing: 'Not now',
  competitor: 'Chose another provider',
  'no-answer': 'Stopped answering',
  'not-a-fit': 'Not a fit for our plans',
  other: 'Other',
} as const;

/** The alert bar's words for the signed-in person's steps now due. */
/** The alert bar's entries for leads waiting for a first action (decision 080). */
export const unansweredCopy = {
  mineTitle: (count: number, minutes: number) =>
    `${count} of your leads waiting over ${minutes} office minutes for a first answer`,
  allTitle: (count: number, minutes: number) =>
    `${count} lead${count === 1 ? '' : 's'} waiting over ${minutes} office minutes for a first answer`,
  meaning: 'Answer, then mark the lead contacted or add a note: that is its first action.',
  mineLink: 'Show my new leads',
  allLink: 'Show new leads',
} as const;

export const dueCopy = {
  alertTitle: (count: number) => `${count} next step${count === 1 ? '' : 's'} of your leads due`,
  alertMeaning: 'Take the step, then set the next one on the lead’s page.',
  alertLink: 'Show my due steps',
} as const;

/** The owners' page of the assignment rule (decision 081). */
export const assignmentNav = { key: 'assignment', href: '/staff/assignment', label: 'Lead rule' } as const;
export const assignmentCopy = {
  title: 'How new leads get their owner',
  intro: 'A lead is given its owner the moment it arrives, by the rule chosen here; anyone can change it afterwards.',
  panel: 'The rule',
  ruleLabel: 'Rule',
  rules: {
    balanced: 'The least-loaded person of the lead’s office and language, at work now (the default)',
    'round-robin': 'Everyone who may own leads in turn',
    fixed: 'Always the person below',
  },
  personLabel: 'Person (for “always the person below”)',
  nobody: 'Choose a person',
  save: 'Save the rule',
  saved: 'The rule is saved: it gives the next lead its owner.',
  unknownRule: 'Choose one of the rules.',
  personMissing: 'Choose the person who gets every lead: someone who may own leads.',
} as const;
