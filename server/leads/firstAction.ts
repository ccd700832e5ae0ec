/**
 * The staff's first action on a lead (decision 080): a status change or a note, recorded in that action's own
 * transaction with the office seconds the lead waited, so the speed report and the unanswered alerts read a column
 * and never recount. A reply leaves as the staff member's own e-mail (the lead page's mailto link), which the site
 * never sees; a booked call records its lead's first action here, in the booking's transaction (decision 082).
 */
import type { Queryable } from '../db';
import { LEAD_OFFICE, officeMinutes, officeOf } from './speedToLead';

/** Records `at` as the lead's first staff action, unless it has one already. */
export async function recordFirstAction(tx: Queryable, leadId: number, at: Date): Promise<void> {
  const lead = await tx.get<{ receivedAt: string; office: string }>(
    `SELECT received_at AS "receivedAt", ${LEAD_OFFICE} AS office FROM leads WHERE id = ? AND first_action_at IS NULL`,
    leadId,
  );
  if (!lead) return;
  const seconds = Math.round(officeMinutes(new Date(lead.receivedAt), at, officeOf(lead.office)) * 60);
  await tx.run(
    'UPDATE leads SET first_action_at = ?, first_action_office_seconds = ? WHERE id = ? AND first_action_at IS NULL',
    at.toISOString(),
    seconds,
    leadId,
  );
}
