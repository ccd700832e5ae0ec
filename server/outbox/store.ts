import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';

/** An e-mail as the outbox keeps it: everything needed to send it again, the same way. */
export interface MailMessage {
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

/** What can be queued; each kind goes out through one channel (mail or webhook). */
export type NewOutboxMessage =
  | { kind: 'lead-notification'; leadId: number; mail: MailMessage }
  | { kind: 'lead-webhook'; leadId: number; body: unknown }
  /** `secret` is the part of the text (the confirmation link) blanked once the message is sent. */
  | { kind: 'newsletter-confirmation'; subscriberId: number; mail: MailMessage; secret?: string };

export type OutboxKind = NewOutboxMessage['kind'];
export type Channel = 'mail' | 'webhook';

export const channelOf = (kind: OutboxKind): Channel => (kind === 'lead-webhook' ? 'webhook' : 'mail');
const KINDS: Readonly<Record<Channel, readonly OutboxKind[]>> = {
  mail: ['lead-notification', 'newsletter-confirmation'],
  webhook: ['lead-webhook'],
};

/** The stored form of a message: its mail or its webhook body, as JSON. */
export type OutboxPayload = { mail: MailMessage; secret?: string } | { body: unknown };

/** A message a worker holds under lease and is to send now. */
export interface LeasedMessage {
  id: number;
  kind: OutboxKind;
  payload: OutboxPayload;
  /** The Message-ID of an e-mail, the delivery id of a webhook: the same on every attempt. */
  messageId: string;
  /** Attempts made before this one. */
  attempts: number;
  /** The lease this worker holds, until this time (ISO). */
  leaseUntil: string;
}

export type OutboxStatus = 'queued' | 'sent' | 'failed';

export interface OutboxStats {
  queued: number;
  sent: number;
  failed: number;
  /** Age in seconds of the oldest message still queued, or null with none queued. */
  oldestQueuedSeconds: number | null;
}

/** One row as the status command lists it: no payload, since it holds personal data. */
export interface OutboxEntry {
  id: number;
  kind: OutboxKind;
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
  /** Queues a message, due now. Call it inside the transaction that stores what the message is about. */
  enqueue(message: NewOutboxMessage, now?: Date): void;
  /**
   * Claims up to `limit` due messages of the given channels for `leaseMs`, in
   * one statement: SQLite runs an UPDATE … RETURNING alone, so two workers (in
   * this process or another on the same file) never claim the same row.
   */
  lease(channels: readonly Channel[], leaseMs: number, limit: number, now?: Date): LeasedMessage[];
  /** The message went out: it is sent, and the secret in its text (if any) is blanked. */
  markSent(message: LeasedMessage, now?: Date): void;
  /** An attempt failed: try again at `retryAt`, or mark it failed when there is none. */
  markAttemptFailed(message: LeasedMessage, error: string, retryAt: Date | null): void;
  stats(now?: Date): OutboxStats;
  /** Messages still queued or failed, oldest first. */
  pending(): OutboxEntry[];
  /**
   * Puts a queued or failed message back in the queue, due now, with a fresh
   * round of attempts. A lease still held is left alone: its worker is sending.
   */
  retry(id: number, now?: Date): 'queued' | 'sent' | 'missing';
  /** retry() for every failed message; returns how many. */
  retryFailed(now?: Date): number;
}

interface Row {
  id: number;
  kind: OutboxKind;
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

/**
 * The outbox table. `mailDomain` names the Message-IDs it gives
 * ("<uuid@meridianlab.dev>"): stable per message, so a resent e-mail is
 * recognisably the same one.
 */
export function createOutboxStore(db: DatabaseSync, mailDomain: string): OutboxStore {
  const insert = db.prepare(
    `INSERT INTO outbox (kind, lead_id, subscriber_id, payload, message_id, created_at, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const claim = db.prepare(
    `UPDATE outbox SET lease_until = :until
     WHERE id IN (
       SELECT id FROM outbox
       WHERE status = 'queued' AND next_attempt_at <= :now AND (lease_until IS NULL OR lease_until < :now)
         AND kind IN (SELECT value FROM json_each(:kinds))
       ORDER BY next_attempt_at, id LIMIT :limit)
     RETURNING id, kind, payload, message_id, attempts, lease_until`,
  );
  const sent = db.prepare(
    `UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL, lease_until = NULL, payload = ?
     WHERE id = ?`,
  );
  const attemptFailed = db.prepare(
    `UPDATE outbox SET attempts = attempts + 1, last_error = :error, lease_until = NULL,
       status = CASE WHEN :retryAt IS NULL THEN 'failed' ELSE 'queued' END,
       next_attempt_at = coalesce(:retryAt, next_attempt_at)
     WHERE id = :id AND status = 'queued' AND lease_until = :lease`,
  );
  const counts = db.prepare('SELECT status, count(*) AS count, min(created_at) AS oldest FROM outbox GROUP BY status');
  const pendingRows = db.prepare("SELECT * FROM outbox WHERE status != 'sent' ORDER BY id");
  const statusOf = db.prepare('SELECT status FROM outbox WHERE id = ?');
  const requeue = db.prepare(
    `UPDATE outbox SET status = 'queued', attempts = 0, next_attempt_at = ? WHERE id = ? AND status != 'sent'`,
  );
  const requeueFailed = db.prepare(
    `UPDATE outbox SET status = 'queued', attempts = 0, next_attempt_at = ? WHERE status = 'failed'`,
  );

  return {
    enqueue(message, now = new Date()) {
      const payload: OutboxPayload = message.kind === 'lead-webhook' ? { body: message.body } : { mail: message.mail, secret: message.kind === 'newsletter-confirmation' ? message.secret : undefined };
      const messageId = channelOf(message.kind) === 'mail' ? `<${randomUUID()}@${mailDomain}>` : randomUUID();
      const at = now.toISOString();
      insert.run(
        message.kind,
        'leadId' in message ? message.leadId : null,
        'subscriberId' in message ? message.subscriberId : null,
        JSON.stringify(payload),
        messageId,
        at,
        at,
      );
    },
    lease(channels, leaseMs, limit, now = new Date()) {
      const rows = claim.all({
        until: new Date(now.getTime() + leaseMs).toISOString(),
        now: now.toISOString(),
        kinds: JSON.stringify(channels.flatMap((channel) => KINDS[channel])),
        limit,
      }) as unknown as Pick<Row, 'id' | 'kind' | 'payload' | 'message_id' | 'attempts' | 'lease_until'>[];
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        payload: JSON.parse(row.payload) as OutboxPayload,
        messageId: row.message_id,
        attempts: row.attempts,
        leaseUntil: row.lease_until!,
      }));
    },
    markSent(message, now = new Date()) {
      const { payload } = message;
      const kept = 'mail' in payload && payload.secret ? { mail: { ...payload.mail, text: payload.mail.text.replaceAll(payload.secret, REDACTED) } } : payload;
      sent.run(now.toISOString(), JSON.stringify(kept), message.id);
    },
    markAttemptFailed(message, error, retryAt) {
      attemptFailed.run({ id: message.id, lease: message.leaseUntil, error: error.slice(0, ERROR_LIMIT), retryAt: retryAt?.toISOString() ?? null });
    },
    stats(now = new Date()) {
      const stats: OutboxStats = { queued: 0, sent: 0, failed: 0, oldestQueuedSeconds: null };
      for (const row of counts.all() as unknown as { status: OutboxStatus; count: number; oldest: string }[]) {
        stats[row.status] = row.count;
        if (row.status === 'queued') stats.oldestQueuedSeconds = Math.max(0, Math.round((now.getTime() - Date.parse(row.oldest)) / 1000));
      }
      return stats;
    },
    pending() {
      return (pendingRows.all() as unknown as Row[]).map((row) => ({
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
      }));
    },
    retry(id, now = new Date()) {
      const row = statusOf.get(id) as { status: OutboxStatus } | undefined;
      if (!row) return 'missing';
      if (row.status === 'sent') return 'sent';
      requeue.run(now.toISOString(), id);
      return 'queued';
    },
    retryFailed(now = new Date()) {
      return Number(requeueFailed.run(now.toISOString()).changes);
    },
  };
}
