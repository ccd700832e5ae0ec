/**
 * Next steps come due (decision 079): the owner sees each of theirs in the console's alert bar while it is due and
 * the lead still open, and is e-mailed once, by a job every minute whose message key names the step's due time.
 */
import type { ConsoleAlert } from '../console/kit/ConsoleDocument';
import type { Database } from '../db';
import type { Logger } from '../http/logger';
import { runEvery } from '../lib/periodic';
import type { OutboxStore } from '../outbox/store';
import { dueCopy } from './consoleTexts';
import { stepDueMail } from './ownerMessages';

const CHECK_EVERY_MS = 60_000;

/** A lead that is done (won, lost, spam) has no step to take. */
const OPEN = "status IN ('new', 'contacted')";

interface DueLead {
  id: number;
  name: string;
  owner: string;
  nextStep: string;
  nextStepDueAt: string;
}

const DUE_SELECT = `SELECT id, name, owner, next_step AS "nextStep", next_step_due_at AS "nextStepDueAt" FROM leads
  WHERE ${OPEN} AND next_step_due_at IS NOT NULL AND next_step_due_at <= ?`;

/** The alert bar's entry for the signed-in person's due steps: none when they have none. */
export async function dueStepAlerts(db: Database, email: string, now = new Date()): Promise<ConsoleAlert[]> {
  const due = await db.all<DueLead>(`${DUE_SELECT} AND lower(owner) = lower(?)`, now.toISOString(), email);
  if (due.length === 0) return [];
  return [
    {
      cause: 'lead-step-due',
      title: dueCopy.alertTitle(due.length),
      meaning: dueCopy.alertMeaning,
      link: { href: '/staff/leads?owner=me&due=overdue', label: dueCopy.alertLink },
    },
  ];
}

interface DueOptions {
  db: Database;
  outbox: OutboxStore;
  siteUrl: string;
  committed: () => void;
}

/** Queues the e-mail of every step due by `now` that was not e-mailed yet; how many it queued. */
export async function mailDueSteps({ db, outbox, siteUrl, committed }: DueOptions, now = new Date()): Promise<number> {
  const due = await db.all<DueLead>(`${DUE_SELECT} AND owner <> ''`, now.toISOString());
  let queued = 0;
  for (const lead of due)
    if (await db.transaction((tx) => outbox.enqueue(stepDueMail(siteUrl, lead), now, tx))) queued += 1;
  if (queued > 0) committed();
  return queued;
}

/** The job: at start, then every minute. */
export function startDueSteps(options: DueOptions, logger: Logger) {
  return runEvery(
    CHECK_EVERY_MS,
    () => mailDueSteps(options),
    (error) => logger.error({ err: error }, 'due steps failed'),
  );
}
