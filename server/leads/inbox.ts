import type { Database } from '../db';
import type { Lead } from './columns';
import { LEAD_SELECT } from './columns';
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
}

export interface InboxLead extends Lead {
  status: LeadStatus;
  statusChangedAt: string;
}

interface LeadEvent {
  staffEmail: string;
  at: string;
  from: LeadStatus;
  to: LeadStatus;
}

interface LeadNote {
  staffEmail: string;
  createdAt: string;
  body: string;
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

/** A lead's move: the status the staff member saw, the one they chose, who they are and when. */
interface StatusMove {
  from: LeadStatus;
  to: LeadStatus;
  staffEmail: string;
  now?: Date;
}

export interface Inbox {
  /** One page of leads, newest first, and how many match in all. */
  page(filter: InboxFilter, offset: number, limit: number): Promise<{ leads: InboxLead[]; total: number }>;
  /** Every lead that matches, newest first: the export. */
  all(filter: InboxFilter): Promise<InboxLead[]>;
  detail(id: number): Promise<LeadDetail | undefined>;
  /** Moves a lead from the status the staff saw to another; stale when someone moved it meanwhile. */
  changeStatus(id: number, move: StatusMove): Promise<StatusChange>;
  /** Adds a note; false when the lead does not exist. */
  addNote(id: number, body: string, staffEmail: string, now?: Date): Promise<boolean>;
  /** New leads received before this time: still unanswered past the promise. */
  waitingSince(before: Date): Promise<number>;
  outbox(): Promise<OutboxSummary>;
}

/** The lead's columns, then where it stands, under the names of InboxLead. */
const LEAD_COLUMNS = `${LEAD_SELECT}, status, status_changed_at AS "statusChangedAt"`;

/** LIKE's wildcards in the visitor's text are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The WHERE of a filter and its parameters. SQLite's LIKE ignores ASCII case; PostgreSQL's ILIKE does the same. */
function filtered(db: Database, filter: InboxFilter): { sql: string; params: string[] } {
  const like = db.engine === 'postgres' ? 'ILIKE' : 'LIKE';
  const pattern = likePattern(filter.search);
  return {
    sql: `FROM leads
      WHERE (? = '' OR status = ?)
        AND (? = '' OR service = ?)
        AND (? = '' OR source = ?)
        AND (? = '' OR campaign = ?)
        AND (? = '' OR name ${like} ? ESCAPE '\\' OR email ${like} ? ESCAPE '\\'
             OR company ${like} ? ESCAPE '\\' OR message ${like} ? ESCAPE '\\')`,
    params: [
      filter.status,
      filter.status,
      filter.service,
      filter.service,
      filter.source,
      filter.source,
      filter.campaign,
      filter.campaign,
      filter.search,
      pattern,
      pattern,
      pattern,
      pattern,
    ],
  };
}

/** The console's reading (and status and notes) of the leads the contact form stores. */
export function createInbox(db: Database): Inbox {
  const selectOne = (id: number) => db.get<InboxLead>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`, id);
  type EventRow = { staff_email: string; at: string; from_status: LeadStatus; to_status: LeadStatus };
  type NoteRow = { staff_email: string; created_at: string; body: string };
  type DeliveryRow = {
    kind: string;
    status: Delivery['status'];
    attempts: number;
    last_error: string | null;
    created_at: string;
    sent_at: string | null;
  };

  return {
    async page(filter, offset, limit) {
      const where = filtered(db, filter);
      const leads = await db.all<InboxLead>(
        `SELECT ${LEAD_COLUMNS} ${where.sql} ORDER BY received_at DESC, id DESC LIMIT ? OFFSET ?`,
        ...where.params,
        limit,
        offset,
      );
      const { total } = (await db.get<{ total: number }>(`SELECT count(*) AS total ${where.sql}`, ...where.params))!;
      return { leads, total };
    },
    all(filter) {
      const where = filtered(db, filter);
      return db.all<InboxLead>(
        `SELECT ${LEAD_COLUMNS} ${where.sql} ORDER BY received_at DESC, id DESC`,
        ...where.params,
      );
    },
    async detail(id) {
      const lead = await selectOne(id);
      if (!lead) return undefined;
      const events = await db.all<EventRow>(
        'SELECT staff_email, at, from_status, to_status FROM lead_events WHERE lead_id = ? ORDER BY id',
        id,
      );
      const notes = await db.all<NoteRow>(
        'SELECT staff_email, created_at, body FROM lead_notes WHERE lead_id = ? ORDER BY id',
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
        notes: notes.map((note) => ({ staffEmail: note.staff_email, createdAt: note.created_at, body: note.body })),
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
    async changeStatus(id, { from, to, staffEmail, now = new Date() }) {
      if (!(await selectOne(id))) return { ok: false, reason: 'missing' };
      if (!STATUS_MOVES[from].includes(to)) return { ok: false, reason: 'notAllowed' };
      return db.transaction(async (tx) => {
        const at = now.toISOString();
        // Only from the status the staff member saw: two people moving one lead cannot both win.
        if (
          (await tx.run(
            'UPDATE leads SET status = ?, status_changed_at = ? WHERE id = ? AND status = ?',
            to,
            at,
            id,
            from,
          )) !== 1
        )
          return { ok: false, reason: 'stale' } as const;
        await tx.run(
          'INSERT INTO lead_events (lead_id, staff_email, at, from_status, to_status) VALUES (?, ?, ?, ?, ?)',
          id,
          staffEmail,
          at,
          from,
          to,
        );
        return { ok: true } as const;
      });
    },
    async addNote(id, body, staffEmail, now = new Date()) {
      const added = await db.run(
        'INSERT INTO lead_notes (lead_id, staff_email, created_at, body) SELECT id, ?, ?, ? FROM leads WHERE id = ?',
        staffEmail,
        now.toISOString(),
        body,
        id,
      );
      return added === 1;
    },
    async waitingSince(before) {
      return (await db.get<{ waiting: number }>(
        "SELECT count(*) AS waiting FROM leads WHERE status = 'new' AND received_at < ?",
        before.toISOString(),
      ))!.waiting;
    },
    async outbox() {
      const row = (await db.get<{ queued: number; sent: number; failed: number; oldest: string | null }>(
        `SELECT count(*) FILTER (WHERE status = 'queued') AS queued, count(*) FILTER (WHERE status = 'sent') AS sent,
                count(*) FILTER (WHERE status = 'failed') AS failed, min(created_at) FILTER (WHERE status = 'queued') AS oldest
         FROM outbox`,
      ))!;
      return { queued: row.queued, sent: row.sent, failed: row.failed, oldestQueuedAt: row.oldest };
    },
  };
}
