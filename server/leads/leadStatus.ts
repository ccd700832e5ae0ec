/** Where a lead stands: new → contacted → won / lost, or spam at any point before the end. */
export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The moves the console offers from each status; the closed ones can be reopened, a mistake undone. */
export const STATUS_MOVES: Readonly<Record<LeadStatus, readonly LeadStatus[]>> = {
  new: ['contacted', 'spam'],
  contacted: ['won', 'lost', 'spam'],
  won: ['contacted'],
  lost: ['contacted'],
  spam: ['new'],
};

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);
}

/** A lead still being worked on: its next step can be due (decision 079). */
export const isOpen = (status: LeadStatus) => status === 'new' || status === 'contacted';
