import { randomUUID } from 'node:crypto';

import type { Database, Queryable } from '../db';
import { takeSlots } from './throttle';

/** An e-mail as the outbox keeps it: everything needed to send it again, the same way. */
export interface MailMessage {
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  /** An HTML alternative to the text (newsletter campaigns). */
  html?: string;
  headers?: Record<string, string>;
  /** A calendar invitation (RFC 5546), sent as the text/calendar part and an .ics attachment (decision 082). */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

/** The stored form of a message: its mail or its webhook body, as JSON. */
type OutboxPayload =
  /** `secret` is the part of the text (a confirmation link, say) blanked once the message is sent. */
  { mail: MailMessage; secret?: string } | { body: unknown };

/**
 * What can be queued: a message of a registered kind, about a lead or a subscriber (the rows an erasure finds
 * it by). `dedupeKey` makes it once-only: a second message with the same key is not queued. `bulk` sends it
 * after every message that is not (decision 043).
 */
export type NewOutboxMessage = OutboxPayload & {
  kind: string;
  /** A body's delivery id, when its body names it too (a CRM event's id, decision 081); else a new UUID. */
  deliveryId?: string;
  leadId?: number;
  subscriberId?: number;
  dedupeKey?: string;
  /** The newsletter campaign it is part of: its figures and a cancel find its messages by it (decision 095). */
  campaignId?: number;
  bulk?: boolean;
};

/** A message a worker holds under lease and is to send now. */
export interface LeasedMessage {
  id: number;
  kind: string;
  payload: OutboxPayload;
  /** The Message-ID of an e-mail, the delivery id of a webhook: the same on every attempt. */
  messageId: string;
  /** Attempts made before this one. */
  attempts: number;
  /** The subscriber it is about, if any: a kind's compose hook reads their state at sending time. */
  subscriberId: number | null;
  /** The lease this worker holds, until this time (ISO); renew() moves it on while the message is being sent. */
  leaseUntil: string;
}

/**
 * skipped: a kind's compose hook found, at sending time, that it must not go out (decision 043); bounced: the
 * mail server refused its address for good, for a kind that takes that as a bounce (decision 063).
 */
type OutboxStatus = 'queued' | 'sent' | 'failed' | 'skipped' | 'bounced';

export interface OutboxStats {
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  bounced: number;
  /** Age in seconds of the oldest message still queued, or null with none queued. */
  oldestQueuedSeconds: number | null;
}

/** One row as the status command lists it: no payload, since it holds personal data. */
export interface OutboxEntry {
  id: number;
  kind: string;
  leadId: number | null;
  subscriberId: number | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
}

export interface OutboxStore {
  /**
   * Queues a message, due at `due` (now, or later for one put off), in `tx`: the transaction that stores
   * what the message is about. Its age (the figures, the failing alert) counts from then. False when its
   * dedupeKey was queued before (nothing is queued then).
   */
  enqueue(message: NewOutboxMessage, due: Date, tx: Queryable): Promise<boolean>;
  /** enqueue() for many messages in one statement (a campaign's batch): how many were queued. */
  enqueueAll(messages: readonly NewOutboxMessage[], due: Date, tx: Queryable): Promise<number>;
  /**
   * Claims up to `limit` due messages of the given kinds for `leaseMs`, in
   * one statement: SQLite runs an UPDATE … RETURNING alone, and PostgreSQL
   * skips the rows another worker has locked (FOR UPDATE SKIP LOCKED), so two
   * workers (in this process or another instance) never claim the same row.
   */
  lease(kinds: readonly string[], leaseMs: number, limit: number, now?: Date): Promise<LeasedMessage[]>;
  /**
   * lease() for one kind held to `perMinute` over every instance (decision 043): the slots are a row
   * of outbox_throttles, locked by the same transaction. When no slot was open, also says when the
   * next one opens (epoch ms); null when it claimed what it could.
   */
  leaseThrottled(
    kind: string,
    slots: { perMinute: number; leaseMs: number; limit: number; now?: Date },
  ): Promise<{ messages: LeasedMessage[]; nextSlotAt: number | null }>;
  /**
   * Moves a held lease on to `leaseMs` from now, while the message is being sent, so that no other worker takes
   * it over mid-send (decision 077). False when the lease is no longer this worker's (it ran out and another
   * took the message, or the message is done); `message.leaseUntil` follows a renewal.
   */
  renew(message: LeasedMessage, leaseMs: number, now?: Date): Promise<boolean>;
  /** The message went out: it is sent, and the secret in its text (if any) is blanked. */
  markSent(message: LeasedMessage, now?: Date): Promise<void>;
  /** A compose hook said no: the message is skipped for good, with the reason. */
  markSkipped(message: LeasedMessage, reason: string, now?: Date): Promise<void>;
  /** The mail server refused its address for good: bounced, never retried, with the server's reply. */
  markBounced(message: LeasedMessage, reason: string, now?: Date): Promise<void>;
  /** An attempt failed: try again at `retryAt`, or mark it failed when there is none. */
  markAttemptFailed(message: LeasedMessage, error: string, retryAt: Date | null, now?: Date): Promise<void>;
  stats(now?: Date): Promise<OutboxStats>;
  /** Messages still queued or failed, oldest first (sent, skipped and bounced ones are done). */
  pending(): Promise<OutboxEntry[]>;
  /**
   * Puts a queued or failed message back in the queue, due now, with a fresh
   * round of attempts. A lease still held is left alone: its worker is sending.
   */
  retry(id: number, now?: Date): Promise<'queued' | 'sent' | 'missing'>;
  /** retry() for every failed message; returns how many. */
  retryFailed(now?: Date): Promise<number>;
  /**
   * Gives a failed message up for good, from the console: skipped, with `reason`, and nothing of it kept (it will
   * never be sent). False when it is not failed (sent, retried or dropped meanwhile).
   */
  drop(id: number, reason: string, now?: Date): Promise<boolean>;
}

interface Row {
  id: number;
  kind: string;
  lead_id: number | null;
  subscriber_id: number | null;
  payload: string;
  message_id: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string;
  lease_until: string | null;
  sent_at: string | null;
}

/** Longest error text kept per message: enough for an SMTP reply, never a stack. */
const ERROR_LIMIT = 500;
const REDACTED = '[link removed once sent]';
/** A message as kept once it is done: the secret in its text (a confirmation link, say) blanked. */
const withoutSecret = (payload: OutboxPayload): OutboxPayload =>
  'mail' in payload && payload.secret
    ? { mail: { ...payload.mail, text: payload.mail.text.replaceAll(payload.secret, REDACTED) } }
    : payload;
/**
 * What a message about a lead keeps once done, and a dropped one: nothing of it. The lead holds its own fields, corrected or
 * erased there; a sent copy here would keep the old values a correction replaced (decision 037).
 */
const DONE_LEAD_PAYLOAD: OutboxPayload = { body: null };
/** The SQL that sets a done message's payload: the first parameter for a lead's, the second for any other. */
const DONE_PAYLOAD = 'payload = CASE WHEN lead_id IS NULL THEN ? ELSE ? END';
const donePayload = (payload: OutboxPayload) => [
  JSON.stringify(withoutSecret(payload)),
  JSON.stringify(DONE_LEAD_PAYLOAD),
];
/** The lease order's first key: every urgent message (a lead, a confirmation) before any bulk one (a campaign). */
const URGENT = 0;
const BULK = 1;

/**
 * The outbox table. `mailDomain` names the Message-IDs it gives
 * ("<uuid@meridianlab.dev>"): stable per message, so a resent e-mail is
 * recognisably the same one.
 */
export function createOutboxStore(db: Database, mailDomain: string): OutboxStore {
  const skipLocked = db.engine === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';

  /** Claims due messages, the urgent before the bulk (decision 043), in one statement on `q`. */
  async function leaseIn(
    q: Queryable,
    kinds: readonly string[],
    { leaseMs, limit, now }: { leaseMs: number; limit: number; now: Date },
  ): Promise<LeasedMessage[]> {
    if (kinds.length === 0) return [];
    const at = now.toISOString();
    const rows = await q.all<
      Pick<Row, 'id' | 'kind' | 'payload' | 'message_id' | 'attempts' | 'lease_until' | 'subscriber_id'>
    >(
      `UPDATE outbox SET lease_until = ?
       WHERE id IN (
         SELECT id FROM outbox
         WHERE status = 'queued' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
           AND kind IN (${kinds.map(() => '?').join(', ')})
         ORDER BY priority, next_attempt_at, id LIMIT ? ${skipLocked})
       RETURNING id, kind, payload, message_id, attempts, lease_until, subscriber_id`,
      new Date(now.getTime() + leaseMs).toISOString(),
      at,
      at,
      ...kinds,
      limit,
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      payload: JSON.parse(row.payload) as OutboxPayload,
      messageId: row.message_id,
      attempts: row.attempts,
      subscriberId: row.subscriber_id,
      leaseUntil: row.lease_until!,
    }));
  }

  /** Queues messages in one statement (see OutboxStore.enqueueAll). */
  async function enqueueAll(messages: readonly NewOutboxMessage[], due: Date, tx: Queryable): Promise<number> {
    if (messages.length === 0) return 0;
    const at = due.toISOString();
    const rows = messages.map((message) => {
      const payload: OutboxPayload =
        'body' in message ? { body: message.body } : { mail: message.mail, secret: message.secret };
      const messageId = 'mail' in payload ? `<${randomUUID()}@${mailDomain}>` : (message.deliveryId ?? randomUUID());
      return [
        ...[message.kind, message.leadId ?? null, message.subscriberId ?? null, JSON.stringify(payload), messageId],
        ...[at, at, message.bulk ? BULK : URGENT, message.dedupeKey ?? null, message.campaignId ?? null],
      ];
    });
    // One statement, not one a message: a campaign's batch is one round trip to PostgreSQL.
    return tx.run(
      `INSERT INTO outbox (kind, lead_id, subscriber_id, payload, message_id, created_at, next_attempt_at, priority, dedupe_key,
         campaign_id)
       VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')} ON CONFLICT (dedupe_key) DO NOTHING`,
      ...rows.flat(),
    );
  }

  return {
    async enqueue(message, due, tx) {
      return (await enqueueAll([message], due, tx)) > 0;
    },
    enqueueAll,
    lease: (kinds, leaseMs, limit, now = new Date()) => leaseIn(db, kinds, { leaseMs, limit, now }),
    leaseThrottled(kind, { perMinute, leaseMs, limit, now = new Date() }) {
      return db.transaction(async (tx) => {
        const slots = await takeSlots(tx, { engine: db.engine, name: kind, perMinute, limit, now: now.getTime() });
        const messages = slots.granted > 0 ? await leaseIn(tx, [kind], { leaseMs, limit: slots.granted, now }) : [];
        await slots.use(messages.length);
        return { messages, nextSlotAt: slots.granted === 0 ? slots.opensAt : null };
      });
    },
    async renew(message, leaseMs, now = new Date()) {
      const until = new Date(now.getTime() + leaseMs).toISOString();
      const renewed = await db.run(
        `UPDATE outbox SET lease_until = ? WHERE id = ? AND status = 'queued' AND lease_until = ?`,
        until,
        message.id,
        message.leaseUntil,
      );
      if (renewed > 0) message.leaseUntil = until;
      return renewed > 0;
    },
    async markSkipped(message, reason, now = new Date()) {
      await db.run(
        `UPDATE outbox SET status = 'skipped', sent_at = ?, last_error = ?, lease_until = NULL WHERE id = ? AND status = 'queued'`,
        now.toISOString(),
        reason.slice(0, ERROR_LIMIT),
        message.id,
      );
    },
    async markBounced(message, reason, now = new Date()) {
      // Its link never arrived: blanked all the same, as a sent message's is.
      await db.run(
        `UPDATE outbox SET status = 'bounced', sent_at = ?, attempted_at = ?, attempts = attempts + 1, last_error = ?,
           lease_until = NULL, ${DONE_PAYLOAD}
         WHERE id = ? AND status = 'queued' AND lease_until = ?`,
        now.toISOString(),
        now.toISOString(),
        reason.slice(0, ERROR_LIMIT),
        ...donePayload(message.payload),
        message.id,
        message.leaseUntil,
      );
    },
    async markSent(message, now = new Date()) {
      await db.run(
        `UPDATE outbox SET status = 'sent', sent_at = ?, attempted_at = ?, attempts = attempts + 1, last_error = NULL,
           lease_until = NULL, ${DONE_PAYLOAD}
         WHERE id = ?`,
        now.toISOString(),
        now.toISOString(),
        ...donePayload(message.payload),
        message.id,
      );
    },
    async markAttemptFailed(message, error, retryAt, now = new Date()) {
      const retry = retryAt?.toISOString() ?? null;
      await db.run(
        `UPDATE outbox SET attempts = attempts + 1, last_error = ?, lease_until = NULL, attempted_at = ?,
           status = ?, next_attempt_at = coalesce(?, next_attempt_at)
         WHERE id = ? AND status = 'queued' AND lease_until = ?`,
        error.slice(0, ERROR_LIMIT),
        now.toISOString(),
        retry === null ? 'failed' : 'queued',
        retry,
        message.id,
        message.leaseUntil,
      );
    },
    async stats(now = new Date()) {
      const stats: OutboxStats = { queued: 0, sent: 0, failed: 0, skipped: 0, bounced: 0, oldestQueuedSeconds: null };
      const rows = await db.all<{ status: OutboxStatus; count: number; oldest: string }>(
        'SELECT status, count(*) AS count, min(created_at) AS oldest FROM outbox GROUP BY status',
      );
      for (const row of rows) {
        stats[row.status] = row.count;
        if (row.status === 'queued')
          stats.oldestQueuedSeconds = Math.max(0, Math.round((now.getTime() - Date.parse(row.oldest)) / 1000));
      }
      return stats;
    },
    async pending() {
      return (await db.all<Row>("SELECT * FROM outbox WHERE status IN ('queued', 'failed') ORDER BY id")).map(
        (row) => ({
          id: row.id,
          kind: row.kind,
          leadId: row.lead_id,
          subscriberId: row.subscriber_id,
          status: row.status,
          attempts: row.attempts,
          lastError: row.last_error,
          createdAt: row.created_at,
          nextAttemptAt: row.next_attempt_at,
          sentAt: row.sent_at,
        }),
      );
    },
    async retry(id, now = new Date()) {
      const row = await db.get<{ status: OutboxStatus }>('SELECT status FROM outbox WHERE id = ?', id);
      if (!row) return 'missing';
      // A skipped or bounced message is done too: its compose hook said no, or its address does not take mail.
      if (row.status === 'sent' || row.status === 'skipped' || row.status === 'bounced') return 'sent';
      await db.run(
        `UPDATE outbox SET status = 'queued', attempts = 0, next_attempt_at = ? WHERE id = ? AND status IN ('queued', 'failed')`,
        now.toISOString(),
        id,
      );
      return 'queued';
    },
    async drop(id, reason, now = new Date()) {
      const dropped = await db.run(
        `UPDATE outbox SET status = 'skipped', sent_at = ?, last_error = ?, payload = ? WHERE id = ? AND status = 'failed'`,
        now.toISOString(),
        reason.slice(0, ERROR_LIMIT),
        JSON.stringify(DONE_LEAD_PAYLOAD),
        id,
      );
      return dropped > 0;
    },
    retryFailed(now = new Date()) {
      return db.run(
        `UPDATE outbox SET status = 'queued', attempts = 0, next_attempt_at = ? WHERE status = 'failed'`,
        now.toISOString(),
      );
    },
  };
}
