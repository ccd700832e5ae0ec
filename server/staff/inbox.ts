import type { DatabaseSync } from 'node:sqlite';
import type { Lead } from '../leads';
import { inTransaction } from '../db';
import type { LeadStatus } from './leadStatus';
import { STATUS_MOVES } from './leadStatus';

/** What the inbox shows: every filter may be empty (all). */
export interface InboxFilter {
  status: LeadStatus | '';
  service: string;
  /** Searched in name, e-mail, company and message. */
  search: string;
}

export interface InboxLead extends Lead {
  status: LeadStatus;
  statusChangedAt: string;
}

export interface LeadEvent {
  staffEmail: string;
  at: string;
  from: LeadStatus;
  to: LeadStatus;
}

export interface LeadNote {
  staffEmail: string;
  createdAt: string;
  body: string;
}

/** One message the outbox holds about a lead: its delivery state. */
export interface Delivery {
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

export type StatusChange = { ok: true } | { ok: false; reason: 'missing' | 'stale' | 'notAllowed' };

export interface Inbox {
  /** One page of leads, newest first, and how many match in all. */
  page(filter: InboxFilter, offset: number, limit: number): { leads: InboxLead[]; total: number };
  /** Every lead that matches, newest first: the export. */
  all(filter: InboxFilter): InboxLead[];
  detail(id: number): LeadDetail | undefined;
  /** Moves a lead from the status the staff saw to another; stale when someone moved it meanwhile. */
  changeStatus(id: number, from: LeadStatus, to: LeadStatus, staffEmail: string, now?: Date): StatusChange;
  /** Adds a note; false when the lead does not exist. */
  addNote(id: number, body: string, staffEmail: string, now?: Date): boolean;
  /** New leads received before this time: still unanswered past the promise. */
  waitingSince(before: Date): number;
  outbox(): OutboxSummary;
}

/** The columns under the names of InboxLead: rows come out as leads, no mapping. */
const LEAD_COLUMNS = `id, received_at AS receivedAt, name, email, company, phone, service, message,
  client_hash AS clientHash, user_agent AS userAgent, locale, status, status_changed_at AS statusChangedAt`;

/** LIKE's wildcards in the visitor's text are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const FILTERED = `FROM leads
  WHERE (:status = '' OR status = :status)
    AND (:service = '' OR service = :service)
    AND (:search = '' OR name LIKE :like ESCAPE '\\' OR email LIKE :like ESCAPE '\\'
         OR company LIKE :like ESCAPE '\\' OR message LIKE :like ESCAPE '\\')`;

/** The console's reading (and status and notes) of the leads the contact form stores. */
export function createInbox(db: DatabaseSync): Inbox {
  const selectPage = db.prepare(`SELECT ${LEAD_COLUMNS} ${FILTERED} ORDER BY received_at DESC, id DESC LIMIT :limit OFFSET :offset`);
  const selectAll = db.prepare(`SELECT ${LEAD_COLUMNS} ${FILTERED} ORDER BY received_at DESC, id DESC`);
  const count = db.prepare(`SELECT count(*) AS total ${FILTERED}`);
  const selectOne = db.prepare(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`);
  const selectEvents = db.prepare('SELECT staff_email, at, from_status, to_status FROM lead_events WHERE lead_id = ? ORDER BY id');
  const selectNotes = db.prepare('SELECT staff_email, created_at, body FROM lead_notes WHERE lead_id = ? ORDER BY id');
  const selectDeliveries = db.prepare(
    'SELECT kind, status, attempts, last_error, created_at, sent_at FROM outbox WHERE lead_id = ? ORDER BY id',
  );
  const updateStatus = db.prepare('UPDATE leads SET status = ?, status_changed_at = ? WHERE id = ? AND status = ?');
  const insertEvent = db.prepare('INSERT INTO lead_events (lead_id, staff_email, at, from_status, to_status) VALUES (?, ?, ?, ?, ?)');
  const insertNote = db.prepare('INSERT INTO lead_notes (lead_id, staff_email, created_at, body) SELECT id, ?, ?, ? FROM leads WHERE id = ?');
  const countWaiting = db.prepare("SELECT count(*) AS waiting FROM leads WHERE status = 'new' AND received_at < ?");
  const outboxCounts = db.prepare(
    `SELECT count(*) FILTER (WHERE status = 'queued') AS queued, count(*) FILTER (WHERE status = 'sent') AS sent,
            count(*) FILTER (WHERE status = 'failed') AS failed, min(created_at) FILTER (WHERE status = 'queued') AS oldest
     FROM outbox`,
  );

  const bind = (filter: InboxFilter) => ({ status: filter.status, service: filter.service, search: filter.search, like: likePattern(filter.search) });

  return {
    page(filter, offset, limit) {
      const leads = selectPage.all({ ...bind(filter), limit, offset }) as unknown as InboxLead[];
      const { total } = count.get(bind(filter)) as { total: number };
      return { leads, total };
    },
    all(filter) {
      return selectAll.all(bind(filter)) as unknown as InboxLead[];
    },
    detail(id) {
      const lead = selectOne.get(id) as InboxLead | undefined;
      if (!lead) return undefined;
      type EventRow = { staff_email: string; at: string; from_status: LeadStatus; to_status: LeadStatus };
      type NoteRow = { staff_email: string; created_at: string; body: string };
      type DeliveryRow = { kind: string; status: Delivery['status']; attempts: number; last_error: string | null; created_at: string; sent_at: string | null };
      return {
        lead: { ...lead },
        events: (selectEvents.all(id) as unknown as EventRow[]).map((event) => ({
          staffEmail: event.staff_email,
          at: event.at,
          from: event.from_status,
          to: event.to_status,
        })),
        notes: (selectNotes.all(id) as unknown as NoteRow[]).map((note) => ({ staffEmail: note.staff_email, createdAt: note.created_at, body: note.body })),
        deliveries: (selectDeliveries.all(id) as unknown as DeliveryRow[]).map((delivery) => ({
          kind: delivery.kind,
          status: delivery.status,
          attempts: delivery.attempts,
          lastError: delivery.last_error,
          createdAt: delivery.created_at,
          sentAt: delivery.sent_at,
        })),
      };
    },
    changeStatus(id, from, to, staffEmail, now = new Date()) {
      const current = selectOne.get(id) as InboxLead | undefined;
      if (!current) return { ok: false, reason: 'missing' };
      if (!STATUS_MOVES[from].includes(to)) return { ok: false, reason: 'notAllowed' };
      return inTransaction(db, () => {
        const at = now.toISOString();
        // Only from the status the staff member saw: two people moving one lead cannot both win.
        if (updateStatus.run(to, at, id, from).changes !== 1) return { ok: false, reason: 'stale' } as const;
        insertEvent.run(id, staffEmail, at, from, to);
        return { ok: true } as const;
      });
    },
    addNote(id, body, staffEmail, now = new Date()) {
      return insertNote.run(staffEmail, now.toISOString(), body, id).changes === 1;
    },
    waitingSince(before) {
      return (countWaiting.get(before.toISOString()) as { waiting: number }).waiting;
    },
    outbox() {
      const row = outboxCounts.get() as { queued: number; sent: number; failed: number; oldest: string | null };
      return { queued: row.queued, sent: row.sent, failed: row.failed, oldestQueuedAt: row.oldest };
    },
  };
}
