import { recordAudit } from '../console/audit/record';
import { formatDollars, fromLabTime, toLabTime } from '../console/kit/format';
import type { CrmEvents } from '../crm';
import type { Database } from '../db';
import { boundedCount } from '../db/boundedCount';
import type { Cursor, KeysetPage } from '../db/keyset';
import { keysetPage } from '../db/keyset';
import { substringSearch } from '../db/substringSearch';
import type { Lead } from './columns';
import { LEAD_SELECT } from './columns';
import { assignedEvent, statusEvent } from './crmEvents';
import type { LostReason, WonDeal } from './deal';
import { recordFirstAction } from './firstAction';
import type { LeadStatus } from './leadStatus';
import { STATUS_MOVES } from './leadStatus';

/** What the inbox shows: every filter may be empty (all). */
export interface InboxFilter {
  status: LeadStatus | '';
  service: string;
  /** Searched in name, e-mail, company and message. */
  search: string;
  /** The first touch's source and campaign, exactly (decision 047). */
  source: string;
  campaign: string;
  /** A staff member's address, "none" for the leads nobody owns (decision 079). */
  owner: string;
  /** Open leads whose next step is due by the end of the lab's day (overdue ones too), or before now. */
  due: '' | 'today' | 'overdue';
}

/** Where the due filter stops: the end of the lab's day, and now. */
interface DueBounds {
  endOfToday: Date;
  now: Date;
}

/** The bounds at `now`: the lab's next midnight, read on its clock (a summer-time change included). */
export function dueBounds(now = new Date()): DueBounds {
  const today = toLabTime(now).slice(0, 10);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { now, endOfToday: fromLabTime(`${tomorrow}T00:00`)! };
}

export interface InboxLead extends Lead {
  status: LeadStatus;
  statusChangedAt: string;
  /** Decision 079: the owner's address ("" for nobody), the next step and when it is due (UTC), the deal. */
  owner: string;
  nextStep: string;
  nextStepDueAt: string | null;
  dealPlan: string;
  dealMonthly: number | null;
  dealStart: string | null;
  lostReason: string;
}

interface LeadEvent {
  staffEmail: string;
  at: string;
  from: LeadStatus;
  to: LeadStatus;
}

interface LeadNote {
  id: number;
  staffEmail: string;
  createdAt: string;
  body: string;
  /** The wordings it had before, oldest first, each with who replaced it and when. */
  edits: { staffEmail: string; editedAt: string; previousBody: string }[];
}

/** One message the outbox holds about a lead: its delivery state. */
interface Delivery {
  kind: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface LeadDetail {
  lead: InboxLead;
  events: LeadEvent[];
  notes: LeadNote[];
  deliveries: Delivery[];
}

export interface OutboxSummary {
  queued: number;
  sent: number;
  failed: number;
  /** received time of the oldest message still queued, or null. */
  oldestQueuedAt: string | null;
}

type StatusChange = { ok: true } | { ok: false; reason: 'missing' | 'stale' | 'notAllowed' };

/**
 * What saving a lead's owner, next step or a note came to: stale when someone saved it after the page the staff
 * member typed on was shown, so two people at once never overwrite each other unseen.
 */
type LeadEdit = 'done' | 'missing' | 'stale';

/** A change by a staff member: `was` is the value their page showed (the form sends it back); without it, no check. */
interface Change {
  by: string;
  was?: string;
  now?: Date;
}

/** A next step as its form carries it back, to tell whether someone changed it meanwhile. */
export const stepSeen = (step: string, dueAt: string | null) => JSON.stringify([step, dueAt]);

/** A lead's move: the status the staff member saw, the one they chose, who they are and when. */
interface StatusMove {
  from: LeadStatus;
  to: LeadStatus;
  staffEmail: string;
  /** What a lead marked won came to, or why one marked lost was (decision 079). */
  won?: WonDeal;
  lost?: LostReason;
  now?: Date;
}

export interface Inbox {
  /**
   * One page of leads, newest first, from a keyset cursor of received time and id (decision 091), how many match
   * up to a cap (past it, COUNT_CAP + 1: decision 095), and the cursors of the pages either side.
   */
  page(
    filter: InboxFilter,
    cursor: Cursor | null,
    limit: number,
    bounds?: DueBounds,
  ): Promise<Omit<KeysetPage<InboxLead>, 'rows'> & { leads: InboxLead[]; total: number }>;
  /** How many leads match. */
  count(filter: InboxFilter, bounds?: DueBounds): Promise<number>;
  /**
   * Every lead that matches, newest first, `size` at a time: the exports, which stream them (decision 091) rather
   * than hold every lead at once.
   */
  batches(filter: InboxFilter, size: number, bounds?: DueBounds): AsyncGenerator<InboxLead[]>;
  detail(id: number): Promise<LeadDetail | undefined>;
  /** Moves a lead from the status the staff saw to another; stale when someone moved it meanwhile. */
  changeStatus(id: number, move: StatusMove): Promise<StatusChange>;
  /** Adds a note; false when the lead does not exist. */
  addNote(id: number, body: string, staffEmail: string, now?: Date): Promise<boolean>;
  /** Rewords a note of the lead, keeping the wording it had; missing when the lead has no such note. `was` is the count of its edits the page showed. */
  editNote(id: number, change: Change & { note: number; body: string }): Promise<LeadEdit>;
  /** Gives the lead an owner ("" for nobody). */
  setOwner(id: number, change: Change & { owner: string }): Promise<LeadEdit>;
  /** Sets the next step and when it is due ("" and null clear it). */
  setNextStep(id: number, change: Change & { step: string; dueAt: Date | null }): Promise<LeadEdit>;
  /** New leads received before this time: still unanswered past the promise. */
  waitingSince(before: Date): Promise<number>;
  outbox(): Promise<OutboxSummary>;
}

/** The lead's columns, then where it stands, under the names of InboxLead. */
const LEAD_COLUMNS = `${LEAD_SELECT}, status, status_changed_at AS "statusChangedAt", owner,
  next_step AS "nextStep", next_step_due_at AS "nextStepDueAt", deal_plan AS "dealPlan", deal_monthly AS "dealMonthly",
  deal_start AS "dealStart", lost_reason AS "lostReason"`;

/**
 * The condition of a filter and its parameters: only the filters chosen, so that each engine plans the query with
 * the indexes they allow (a status, a source, an owner) rather than one plan for every choice (decision 091). The
 * search goes through the trigram index (decision 097).
 */
function filtered(db: Database, filter: InboxFilter, bounds: DueBounds): { sql: string; params: string[] } {
  const search = substringSearch(db.engine, 'leads', ['name', 'email', 'company', 'message'], filter.search);
  const dueBy = { '': '', today: bounds.endOfToday.toISOString(), overdue: bounds.now.toISOString() }[filter.due];
  const conditions: [boolean, string, string[]][] = [
    [filter.status !== '', 'status = ?', [filter.status]],
    [filter.service !== '', 'service = ?', [filter.service]],
    [filter.source !== '', 'source = ?', [filter.source]],
    [filter.campaign !== '', 'campaign = ?', [filter.campaign]],
    [filter.owner !== '', 'lower(owner) = lower(?)', [filter.owner === 'none' ? '' : filter.owner]],
    [dueBy !== '', "status IN ('new', 'contacted') AND next_step_due_at < ?", [dueBy]],
    [filter.search !== '', search.sql, search.params],
  ];
  const chosen = conditions.filter(([on]) => on);
  return { sql: chosen.map(([, sql]) => sql).join(' AND '), params: chosen.flatMap(([, , params]) => params) };
}

/**
 * The console's reading (and status and notes) of the leads the contact form stores. A change of owner or status
 * queues its event for the lab's CRM in its own transaction (decision 081).
 */
export function createInbox(db: Database, crm?: CrmEvents): Inbox {
  const pageOf = (where: { sql: string; params: string[] }, cursor: Cursor | null, limit: number) =>
    keysetPage<InboxLead>(db, {
      select: `SELECT ${LEAD_COLUMNS} FROM leads`,
      where: where.sql,
      params: where.params,
      ...{ keyColumn: 'received_at', idColumn: 'id', keyOf: (lead) => lead.receivedAt, idOf: (lead) => lead.id },
      cursor,
      limit,
    });
  const countOf = async (where: { sql: string; params: string[] }) =>
    Number(
      (await db.get<{ total: number }>(
        `SELECT count(*) AS total FROM leads${where.sql ? ` WHERE ${where.sql}` : ''}`,
        ...where.params,
      ))!.total,
    );
  const selectOne = (id: number) => db.get<InboxLead>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`, id);
  type EventRow = { staff_email: string; at: string; from_status: LeadStatus; to_status: LeadStatus };
  type NoteRow = { id: number; staff_email: string; created_at: string; body: string };
  type EditRow = { note_id: number; staff_email: string; edited_at: string; previous_body: string };
  type DeliveryRow = {
    kind: string;
    status: Delivery['status'];
    attempts: number;
    last_error: string | null;
    created_at: string;
    sent_at: string | null;
  };

  return {
    async page(filter, cursor, limit, bounds = dueBounds()) {
      const where = filtered(db, filter, bounds);
      const { rows, next, previous } = await pageOf(where, cursor, limit);
      return { leads: rows, total: await boundedCount(db, 'leads', where.sql, where.params), next, previous };
    },
    count: (filter, bounds = dueBounds()) => countOf(filtered(db, filter, bounds)),
    async *batches(filter, size, bounds = dueBounds()) {
      const where = filtered(db, filter, bounds);
      // Each batch its own short read: a long export neither holds every lead nor holds the database.
      for (let cursor: Cursor | null = null; ;) {
        const { rows, next } = await pageOf(where, cursor, size);
        if (rows.length > 0) yield rows;
        if (!next) return;
        cursor = next;
      }
    },
    async detail(id) {
      const lead = await selectOne(id);
      if (!lead) return undefined;
      const events = await db.all<EventRow>(
        'SELECT staff_email, at, from_status, to_status FROM lead_events WHERE lead_id = ? ORDER BY id',
        id,
      );
      const notes = await db.all<NoteRow>(
        'SELECT id, staff_email, created_at, body FROM lead_notes WHERE lead_id = ? ORDER BY id',
        id,
      );
      const edits = await db.all<EditRow>(
        `SELECT note_id, staff_email, edited_at, previous_body FROM lead_note_edits
         WHERE note_id IN (SELECT id FROM lead_notes WHERE lead_id = ?) ORDER BY id`,
        id,
      );
      const deliveries = await db.all<DeliveryRow>(
        'SELECT kind, status, attempts, last_error, created_at, sent_at FROM outbox WHERE lead_id = ? ORDER BY id',
        id,
      );
      return {
        lead: { ...lead },
        events: events.map((event) => ({
          staffEmail: event.staff_email,
          at: event.at,
          from: event.from_status,
          to: event.to_status,
        })),
        notes: notes.map((note) => ({
          id: note.id,
          staffEmail: note.staff_email,
          createdAt: note.created_at,
          body: note.body,
          edits: edits
            .filter((edit) => edit.note_id === note.id)
            .map((edit) => ({
              staffEmail: edit.staff_email,
              editedAt: edit.edited_at,
              previousBody: edit.previous_body,
            })),
        })),
        deliveries: deliveries.map((delivery) => ({
          kind: delivery.kind,
          status: delivery.status,
          attempts: delivery.attempts,
          lastError: delivery.last_error,
          createdAt: delivery.created_at,
          sentAt: delivery.sent_at,
        })),
      };
    },
    async changeStatus(id, { from, to, staffEmail, won, lost, now = new Date() }) {
      const lead = await selectOne(id);
      if (!lead) return { ok: false, reason: 'missing' };
      if (!STATUS_MOVES[from].includes(to)) return { ok: false, reason: 'notAllowed' };
      const changed = await db.transaction(async (tx) => {
        const at = now.toISOString();
        // Only from the status the staff member saw: two people moving one lead cannot both win.
        // A deal or a reason belongs to its status: reopened, the lead keeps neither (its history keeps both).
        const deal = to === 'won' && won ? won : undefined;
        if (
          (await tx.run(
            `UPDATE leads SET status = ?, status_changed_at = ?, deal_plan = ?, deal_monthly = ?, deal_start = ?,
               lost_reason = ? WHERE id = ? AND status = ?`,
            to,
            at,
            deal?.plan ?? '',
            deal?.monthly ?? null,
            deal?.start ?? null,
            to === 'lost' ? (lost ?? '') : '',
            id,
            from,
          )) !== 1
        )
          return { ok: false, reason: 'stale' } as const;
        const closed = deal
          ? `: ${deal.plan}, ${formatDollars(deal.monthly)} a month from ${deal.start}`
          : lost
            ? `: ${lost}`
            : '';
        const detail = `${from} → ${to}${closed}`;
        await recordAudit(tx, { actor: staffEmail, action: 'lead.status', object: `lead ${id}`, detail }, now);
        await recordFirstAction(tx, id, now);
        await tx.run(
          'INSERT INTO lead_events (lead_id, staff_email, at, from_status, to_status) VALUES (?, ?, ?, ?, ?)',
          id,
          staffEmail,
          at,
          from,
          to,
        );
        const reason = to === 'lost' ? lost : undefined;
        await crm?.queue(tx, statusEvent(lead.externalId, { from, to, deal, reason }), now, id);
        return { ok: true } as const;
      });
      if (changed.ok) crm?.committed();
      return changed;
    },
    addNote(id, body, staffEmail, now = new Date()) {
      return db.transaction(async (tx) => {
        const added = await tx.run(
          'INSERT INTO lead_notes (lead_id, staff_email, created_at, body) SELECT id, ?, ?, ? FROM leads WHERE id = ?',
          staffEmail,
          now.toISOString(),
          body,
          id,
        );
        if (added === 1) {
          await recordAudit(tx, { actor: staffEmail, action: 'lead.note', object: `lead ${id}` }, now);
          await recordFirstAction(tx, id, now);
        }
        return added === 1;
      });
    },
    editNote(id, { note: noteId, body, was, by: staffEmail, now = new Date() }) {
      return db.transaction(async (tx): Promise<LeadEdit> => {
        const note = await tx.get<{ body: string }>(
          'SELECT body FROM lead_notes WHERE id = ? AND lead_id = ?',
          noteId,
          id,
        );
        if (!note) return 'missing';
        if (note.body === body) return 'done';
        const edits = await tx.get<{ count: number }>(
          'SELECT count(*) AS count FROM lead_note_edits WHERE note_id = ?',
          noteId,
        );
        if (was !== undefined && String(edits?.count ?? 0) !== was) return 'stale';
        await tx.run(
          'INSERT INTO lead_note_edits (note_id, edited_at, staff_email, previous_body) VALUES (?, ?, ?, ?)',
          noteId,
          now.toISOString(),
          staffEmail,
          note.body,
        );
        await tx.run('UPDATE lead_notes SET body = ? WHERE id = ?', body, noteId);
        const entry = {
          actor: staffEmail,
          action: 'lead.note.edit' as const,
          object: `lead ${id}`,
          detail: `note ${noteId}`,
        };
        await recordAudit(tx, entry, now);
        return 'done';
      });
    },
    async setOwner(id, { owner, was, by: staffEmail, now = new Date() }) {
      const set = await db.transaction(async (tx): Promise<LeadEdit> => {
        const lead = await tx.get<{ externalId: string; owner: string }>(
          'SELECT external_id AS "externalId", owner FROM leads WHERE id = ?',
          id,
        );
        if (!lead) return 'missing';
        if (lead.owner.toLowerCase() === owner.toLowerCase()) return 'done';
        if (was !== undefined && lead.owner.toLowerCase() !== was.toLowerCase()) return 'stale';
        await tx.run('UPDATE leads SET owner = ? WHERE id = ?', owner, id);
        const person = owner
          ? await tx.get<{ name: string }>('SELECT name FROM staff_accounts WHERE lower(email) = lower(?)', owner)
          : undefined;
        const event = assignedEvent(lead.externalId, owner ? { email: owner, name: person?.name ?? '' } : undefined);
        await crm?.queue(tx, event, now, id);
        const entry = {
          actor: staffEmail,
          action: 'lead.owner' as const,
          object: `lead ${id}`,
          detail: owner || 'nobody',
        };
        await recordAudit(tx, entry, now);
        return 'done';
      });
      if (set === 'done') crm?.committed();
      return set;
    },
    setNextStep(id, { step, dueAt, was, by: staffEmail, now = new Date() }) {
      return db.transaction(async (tx): Promise<LeadEdit> => {
        const due = dueAt?.toISOString() ?? null;
        const lead = await tx.get<{ step: string; dueAt: string | null }>(
          'SELECT next_step AS step, next_step_due_at AS "dueAt" FROM leads WHERE id = ?',
          id,
        );
        if (!lead) return 'missing';
        if (was !== undefined && stepSeen(lead.step, lead.dueAt) !== was) return 'stale';
        await tx.run('UPDATE leads SET next_step = ?, next_step_due_at = ? WHERE id = ?', step, due, id);
        // The step's words are the staff's notes on a client: the log keeps only when it is due.
        const entry = {
          actor: staffEmail,
          action: 'lead.step' as const,
          object: `lead ${id}`,
          detail: due ?? 'cleared',
        };
        await recordAudit(tx, entry, now);
        return 'done';
      });
    },
    async waitingSince(before) {
      return (await db.get<{ waiting: number }>(
        "SELECT count(*) AS waiting FROM leads WHERE status = 'new' AND received_at < ?",
        before.toISOString(),
      ))!.waiting;
    },
    async outbox() {
      // Counted by status through outbox_due's entries, not by reading every row the outbox keeps (decision 095).
      const counts = await db.all<{ status: 'queued' | 'sent' | 'failed'; count: number }>(
        "SELECT status, count(*) AS count FROM outbox WHERE status IN ('queued', 'sent', 'failed') GROUP BY status",
      );
      const summary = { queued: 0, sent: 0, failed: 0, oldestQueuedAt: null as string | null };
      for (const { status, count } of counts) summary[status] = Number(count);
      if (summary.queued > 0)
        summary.oldestQueuedAt = (await db.get<{ oldest: string }>(
          "SELECT min(created_at) AS oldest FROM outbox WHERE status = 'queued'",
        ))!.oldest;
      return summary;
    },
  };
}
