/**
 * Leads waiting for the staff's first action (decision 080), counted in the office hours of the lead's office: past
 * ALERT_LEAD_OWNER_MINUTES its owner is e-mailed, past ALERT_LEAD_OWNERS_MINUTES every owner of the lab (the role),
 * each once, by a job every minute whose messages' keys name the lead and the person. While it waits, the console's
 * alert bar shows it to its owner, and past the second threshold to the lab's owners.
 */
import type { AlertConfig } from '../config';
import { createAccountStore } from '../console/accounts';
import type { ConsoleAlert } from '../console/kit/ConsoleDocument';
import type { Role } from '../console/roles';
import type { Database } from '../db';
import type { Logger } from '../http/logger';
import { runEvery } from '../lib/periodic';
import type { OutboxStore } from '../outbox/store';
import { unansweredCopy } from './consoleTexts';
import { unansweredMail } from './ownerMessages';
import { LEAD_OFFICE, officeMinutes, officeOf } from './speedToLead';

const CHECK_EVERY_MS = 60_000;
/** Past any threshold the settings allow (two office days) even over a long weekend: not read again. */
const WINDOW_MS = 14 * 86_400_000;

type Thresholds = Pick<AlertConfig, 'leadOwnerMinutes' | 'leadOwnersMinutes'>;

interface WaitingLead {
  id: number;
  name: string;
  owner: string;
  /** Office minutes waited so far. */
  minutes: number;
}

/** The leads with no first action that have waited at least `least` office minutes by `now`. */
async function waitingLeads(db: Database, least: number, now: Date): Promise<WaitingLead[]> {
  const rows = await db.all<{ id: number; name: string; owner: string; receivedAt: string; office: string }>(
    `SELECT id, name, owner, received_at AS "receivedAt", ${LEAD_OFFICE} AS office FROM leads
     WHERE first_action_at IS NULL AND status = 'new' AND received_at >= ? AND received_at <= ?`,
    new Date(now.getTime() - WINDOW_MS).toISOString(),
    // Office minutes are never more than the minutes gone by: a newer lead cannot have waited enough.
    new Date(now.getTime() - least * 60_000).toISOString(),
  );
  return rows
    .map((row) => ({ ...row, minutes: officeMinutes(new Date(row.receivedAt), now, officeOf(row.office)) }))
    .filter((lead) => lead.minutes >= least)
    .map(({ id, name, owner, minutes }) => ({ id, name, owner, minutes }));
}

/**
 * The two stages of waiting (decision 080): past the first threshold a lead is its owner's to answer, past the
 * second the lab owners' too. The e-mails and the alert bar read the same stages.
 */
async function stagesAt(db: Database, thresholds: Thresholds, now: Date) {
  const { leadOwnerMinutes: first, leadOwnersMinutes: second } = thresholds;
  const waiting = await waitingLeads(db, Math.min(first, second), now);
  return {
    owner: waiting.filter((lead) => lead.owner !== '' && lead.minutes >= first),
    owners: waiting.filter((lead) => lead.minutes >= second),
  };
}

/** The active staff of the owner role: the owners' list. */
async function labOwners(db: Database): Promise<string[]> {
  const people = await createAccountStore(db).list();
  return people.filter((person) => !person.disabledAt && person.role === 'owner').map((person) => person.email);
}

interface UnansweredOptions {
  db: Database;
  outbox: OutboxStore;
  siteUrl: string;
  thresholds: Thresholds;
  committed: () => void;
}

/** Queues each e-mail due by `now` and not queued before; how many it queued. */
export async function mailUnanswered(options: UnansweredOptions, now = new Date()): Promise<number> {
  const { db, outbox, siteUrl, thresholds, committed } = options;
  const stages = await stagesAt(db, thresholds, now);
  const owners = stages.owners.length > 0 ? await labOwners(db) : [];
  const messages = [
    ...stages.owner.map((lead) =>
      unansweredMail(siteUrl, lead, { stage: 'owner', to: lead.owner, minutes: thresholds.leadOwnerMinutes }),
    ),
    ...stages.owners.flatMap((lead) =>
      owners.map((to) => unansweredMail(siteUrl, lead, { stage: 'owners', to, minutes: thresholds.leadOwnersMinutes })),
    ),
  ];
  let queued = 0;
  for (const message of messages) if (await db.transaction((tx) => outbox.enqueue(message, now, tx))) queued += 1;
  if (queued > 0) committed();
  return queued;
}

/** The alert bar's entries for the signed-in person: their own waiting leads, and, for an owner, everyone's. */
export async function unansweredAlerts(
  db: Database,
  thresholds: Thresholds,
  person: { email: string; role: Role },
  now = new Date(),
): Promise<ConsoleAlert[]> {
  const stages = await stagesAt(db, thresholds, now);
  const mine = stages.owner.filter((lead) => lead.owner.toLowerCase() === person.email.toLowerCase());
  const all = person.role === 'owner' ? stages.owners : [];
  return [
    ...(mine.length > 0
      ? [
          {
            cause: 'lead-unanswered-mine',
            title: unansweredCopy.mineTitle(mine.length, thresholds.leadOwnerMinutes),
            meaning: unansweredCopy.meaning,
            link: { href: '/staff/leads?owner=me&status=new', label: unansweredCopy.mineLink },
          },
        ]
      : []),
    ...(all.length > 0
      ? [
          {
            cause: 'lead-unanswered',
            title: unansweredCopy.allTitle(all.length, thresholds.leadOwnersMinutes),
            meaning: unansweredCopy.meaning,
            link: { href: '/staff/leads?status=new', label: unansweredCopy.allLink },
          },
        ]
      : []),
  ];
}

/** The job: at start, then every minute. */
export function startUnanswered(options: UnansweredOptions, logger: Logger) {
  return runEvery(
    CHECK_EVERY_MS,
    () => mailUnanswered(options),
    (error) => logger.error({ err: error }, 'unanswered leads check failed'),
  );
}
