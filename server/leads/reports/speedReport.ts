/**
 * The speed-to-lead report (decision 080): the leads received in a period, each with the office minutes it waited
 * for the staff's first action, grouped by the week of its arrival, its office and its owner. A lead marked spam is
 * no lead to answer; a lead still waiting is counted apart, having no figure yet.
 */
import { addDays, dayOf } from '../../analytics/days';
import type { Database } from '../../db';
import type { SpeedFigure, SpeedRow } from '../speedToLead';
import { LEAD_OFFICE, officeMinutes, officeOf, speedFigures } from '../speedToLead';
import type { Period } from './period';
import { periodBounds } from './period';

interface StoredSpeed {
  receivedAt: string;
  owner: string;
  office: string;
  firstActionAt: string | null;
  seconds: number | null;
}

export interface SpeedReport {
  /** Leads of the period acted on, and those still waiting for a first action. */
  answered: number;
  waiting: number;
  byWeek: SpeedFigure[];
  byOffice: SpeedFigure[];
  byOwner: SpeedFigure[];
}

/** The Monday of a lab's day's week. */
function weekOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export async function speedReport(db: Database, period: Period): Promise<SpeedReport> {
  const leads = await db.all<StoredSpeed>(
    `SELECT received_at AS "receivedAt", owner, ${LEAD_OFFICE} AS office, first_action_at AS "firstActionAt",
       first_action_office_seconds AS seconds
     FROM leads WHERE received_at >= ? AND received_at < ? AND status <> 'spam'`,
    ...periodBounds(period),
  );
  const rows: SpeedRow[] = leads.flatMap((lead) => {
    if (lead.firstActionAt === null) return [];
    // A lead acted on before the figure was kept has its time only: counted here (decision 080).
    const minutes =
      lead.seconds === null
        ? officeMinutes(new Date(lead.receivedAt), new Date(lead.firstActionAt), officeOf(lead.office))
        : Number(lead.seconds) / 60;
    return [{ week: weekOf(dayOf(new Date(lead.receivedAt))), office: lead.office, owner: lead.owner, minutes }];
  });
  return {
    answered: rows.length,
    waiting: leads.length - rows.length,
    byWeek: speedFigures(rows, 'week'),
    byOffice: speedFigures(rows, 'office'),
    byOwner: speedFigures(rows, 'owner'),
  };
}
