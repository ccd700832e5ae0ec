import type { Response } from 'express';

import type { Queryable } from '../../db';

/**
 * What the audit log records (decision 072), each with the words the console shows for it. A new kind of
 * action is one line here; the log's filter and page list it from this table.
 */
export const AUDIT_ACTIONS = {
  'sign-in': 'Signed in',
  'sign-in.fail': 'Sign-in failed',
  'sign-in.lock': 'Sign-in locked',
  'session.end': 'Session ended',
  'role.change': 'Role changed',
  'profile.change': 'Profile changed',
  'setting.change': 'Setting changed',
  invitation: 'Invited',
  'password.reset': 'Password reset',
  'two-factor': 'Two-factor sign-in changed',
  'export.leads': 'Leads exported',
  'export.subscribers': 'Subscribers exported',
  'export.person': 'A person’s data exported',
  'export.audit': 'Audit log exported',
  erasure: 'A person’s data erased',
  correction: 'A person’s data corrected',
  'campaign.send': 'Campaign sent',
  'outbox.retry': 'Failed message sent again',
  'outbox.drop': 'Failed message dropped',
  'article.publish': 'Article published',
  'article.schedule': 'Article scheduled',
  'article.unpublish': 'Article unpublished',
  'lead.owner': 'Lead assigned',
  'lead.step': 'Lead’s next step set',
  'lead.status': 'Lead’s status changed',
  'lead.note': 'Note added to a lead',
  'lead.note.edit': 'Note of a lead edited',
  'call.cancel': 'Intro call cancelled',
  'call.move': 'Intro call moved',
  'call.outcome': 'Intro call marked',
  'quarantine.deliver': 'Held form post delivered',
  'quarantine.delete': 'Held form post deleted',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Who did it when no signed-in person did: the article schedule, a staff command run on the server. */
export const SCHEDULE_ACTOR = 'schedule';
export const COMMAND_ACTOR = 'command';
/** The leads' assignment rule, which gives a lead its owner on arrival (decision 079). */
export const ASSIGNMENT_ACTOR = 'assignment';
/** A failed sign-in for an address with no account: the typed address is not kept. */
export const UNKNOWN_ACTOR = 'unknown';

export interface AuditEntry {
  /** The staff member's e-mail address (the console shows their name), or one of the actors above. */
  actor: string;
  action: AuditAction;
  /** What it was done to, as "kind id" ("article 12", "person 3", "campaign 4"), or a kind alone ("leads"). */
  object: string;
  /** A short detail: never a password, a token, a lead's or a subscriber's contents or address. */
  detail?: string;
}

/** A detail is a line, not a document. */
const DETAIL_MAX = 200;

/**
 * Appends one row to the audit log: the only place that writes it, and it only inserts (the table refuses
 * UPDATE and any DELETE but the retention job's, decision 072). Pass the transaction (`tx`) of the change it
 * records, so the change and its row are committed together.
 */
export async function recordAudit(db: Queryable, entry: AuditEntry, now = new Date()): Promise<void> {
  await db.run(
    'INSERT INTO audit_log (at, actor, action, object, detail) VALUES (?, ?, ?, ?, ?)',
    now.toISOString(),
    entry.actor.toLowerCase(),
    entry.action,
    entry.object,
    (entry.detail ?? '').slice(0, DETAIL_MAX),
  );
}

/**
 * The writer of the rows a signed-in person's own account steps leave (their second step, their two factors):
 * they are both who did it and what it was done to.
 */
export const ownAccountAudit =
  (db: Queryable) =>
  (res: Response, action: AuditAction, detail: string): Promise<void> => {
    const { email, accountId } = res.locals.staffSession!;
    return recordAudit(db, { actor: email, action, object: `person ${accountId}`, detail });
  };
