/**
 * The leads' exports (decision 079): each lead with its owner, next step, deal, notes (with their earlier wordings)
 * and status history; every time on the lab's clock with its offset ("2026-11-28T10:34:24-05:00"), so a
 * spreadsheet shows what the console shows and a program still reads an exact moment. The JSON export carries
 * the attribution as an object; a CSV cell can only hold it as JSON text.
 */
import { readAttribution } from '../analytics/attribution';
import { LAB_TIME_ZONE } from '../console/texts';
import type { Database } from '../db';
import type { CsvColumns } from '../lib/csv';
import { wallClock } from '../lib/zonedTime';
import { leadColumns } from './columns';
import type { InboxLead } from './inbox';

/** An ISO time in UTC as the lab's wall clock with its offset that day; null stays null. */
function labIso(iso: string | null): string | null {
  if (iso === null) return null;
  const clock = wallClock(new Date(iso), LAB_TIME_ZONE);
  return `${clock.day}T${clock.seconds}${clock.offset}`;
}

interface NoteOut {
  by: string;
  at: string | null;
  body: string;
  earlier: { by: string; replacedAt: string | null; body: string }[];
}

interface StatusOut {
  by: string;
  at: string | null;
  from: string;
  to: string;
}

export type ExportedLead = Omit<InboxLead, 'attribution'> & {
  attribution: unknown;
  notes: NoteOut[];
  history: StatusOut[];
};

/** Rows by a key, each key's in their order. */
function grouped<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The notes, their edits and the status moves of the leads given (a batch of an export), each lead's in order. */
async function recordsOf(db: Database, ids: readonly number[]) {
  type Note = { id: number; lead_id: number; staff_email: string; created_at: string; body: string };
  type Edit = { note_id: number; staff_email: string; edited_at: string; previous_body: string };
  type Move = { lead_id: number; staff_email: string; at: string; from_status: string; to_status: string };
  // The batch's own records through their indexes, grouped once by lead (and edits by note): an export's cost grows
  // with its rows, not with the leads times the notes, and its memory with a batch (decision 091).
  const leads = `(${ids.map(() => '?').join(', ') || 'NULL'})`;
  const notes = grouped(
    await db.all<Note>(
      `SELECT id, lead_id, staff_email, created_at, body FROM lead_notes WHERE lead_id IN ${leads} ORDER BY id`,
      ...ids,
    ),
    (note) => note.lead_id,
  );
  const edits = grouped(
    await db.all<Edit>(
      `SELECT note_id, staff_email, edited_at, previous_body FROM lead_note_edits
       WHERE note_id IN (SELECT id FROM lead_notes WHERE lead_id IN ${leads}) ORDER BY id`,
      ...ids,
    ),
    (edit) => edit.note_id,
  );
  const moves = grouped(
    await db.all<Move>(
      `SELECT lead_id, staff_email, at, from_status, to_status FROM lead_events WHERE lead_id IN ${leads} ORDER BY id`,
      ...ids,
    ),
    (move) => move.lead_id,
  );
  const notesOf = (id: number): NoteOut[] =>
    (notes.get(id) ?? []).map((note) => ({
      by: note.staff_email,
      at: labIso(note.created_at),
      body: note.body,
      earlier: (edits.get(note.id) ?? []).map((edit) => ({
        by: edit.staff_email,
        replacedAt: labIso(edit.edited_at),
        body: edit.previous_body,
      })),
    }));
  const historyOf = (id: number): StatusOut[] =>
    (moves.get(id) ?? []).map((move) => ({
      by: move.staff_email,
      at: labIso(move.at),
      from: move.from_status,
      to: move.to_status,
    }));
  return { notesOf, historyOf };
}

/** The leads as the exports give them: a batch of them at a time (a few hundred), each with its records. */
export async function exportedLeads(db: Database, leads: readonly InboxLead[]): Promise<ExportedLead[]> {
  const { notesOf, historyOf } = await recordsOf(
    db,
    leads.map((lead) => lead.id),
  );
  return leads.map((lead) => ({
    ...lead,
    receivedAt: labIso(lead.receivedAt)!,
    statusChangedAt: labIso(lead.statusChangedAt)!,
    nextStepDueAt: labIso(lead.nextStepDueAt),
    attribution: readAttribution(lead.attribution) ?? null,
    notes: notesOf(lead.id),
    history: historyOf(lead.id),
  }));
}

/** A note or a move as one line of a CSV cell; a note's earlier wordings after it. */
const noteLine = (note: NoteOut) =>
  [
    `${note.at} ${note.by}: ${note.body}`,
    ...note.earlier.map((edit) => `  (before ${edit.replacedAt}, ${edit.by}: ${edit.body})`),
  ].join('\n');
const moveLine = (move: StatusOut) => `${move.at} ${move.by}: ${move.from} → ${move.to}`;

/** A row of the CSV: the attribution as JSON text, notes and history as lines. */
type CsvLead = Omit<ExportedLead, 'attribution' | 'notes' | 'history'> & {
  attribution: string;
  notesText: string;
  historyText: string;
};

/** The CSV: the lead's own columns, then where it stands, who owns it, what comes next and what it came to. */
export const exportColumns: CsvColumns<CsvLead> = [
  ...(leadColumns as CsvColumns<CsvLead>),
  ['status', 'status'],
  ['statusChangedAt', 'status_changed_at'],
  ['owner', 'owner'],
  ['nextStep', 'next_step'],
  ['nextStepDueAt', 'next_step_due_at'],
  ['dealPlan', 'deal_plan'],
  ['dealMonthly', 'deal_monthly'],
  ['dealStart', 'deal_start'],
  ['lostReason', 'lost_reason'],
  ['notesText', 'notes'],
  ['historyText', 'history'],
];

/** The rows of the CSV: the attribution back as its JSON text, notes and history as lines. */
export const csvRows = (leads: readonly ExportedLead[]): CsvLead[] =>
  leads.map(({ notes, history, ...lead }) => ({
    ...lead,
    attribution: lead.attribution === null ? '' : JSON.stringify(lead.attribution),
    notesText: notes.map(noteLine).join('\n'),
    historyText: history.map(moveLine).join('\n'),
  }));
