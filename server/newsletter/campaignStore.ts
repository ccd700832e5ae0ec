import type { Locale } from '../../shared/lib/locale';
import { isLocale, locales } from '../../shared/lib/locale';
import { recordAudit } from '../console/audit/record';
import type { Database, Queryable } from '../db';
import type { Cursor, KeysetPage } from '../db/keyset';
import { keysetPage } from '../db/keyset';
import type { OutboxKind } from '../outbox/kinds';
import type { NewOutboxMessage, OutboxStore } from '../outbox/store';
import { NO_NOTES } from './articles';
import { campaignKey } from './campaignKeys';
import type { CampaignContent } from './campaignMail';

/** A campaign's e-mail: the bulk kind, throttled, and sent after every urgent message (decision 043). */
export const CAMPAIGN_KIND = 'newsletter-campaign';

type CampaignStatus = 'draft' | 'scheduled' | 'sending';

export interface Campaign {
  id: number;
  createdAt: string;
  /** The article it announces; null only for a draft written before campaigns came from articles, which cannot go. */
  articleId: number | null;
  /** The lab's note above the article, in each language (decision 067). */
  notes: Record<Locale, string>;
  /** The e-mail as made from the article and the notes. */
  content: Record<Locale, CampaignContent>;
  status: CampaignStatus;
  /** When it goes (scheduled), or went. */
  sendAt: string | null;
  startedAt: string | null;
  /** Every recipient is queued (the outbox holds one message each). */
  queuedAt: string | null;
  /** Unsubscribes made with this campaign's links. */
  unsubscribes: number;
  /** Held by the staff (decision 074): nothing more is queued or sent until it is resumed. */
  pausedAt: string | null;
  /** Stopped for good: no one else gets it. */
  cancelledAt: string | null;
  /** Sent to one language's readers only; null for all. */
  onlyLocale: Locale | null;
}

/** A campaign's outbox figures: its recipients' messages by state, and how many went out in the last minute. */
export interface CampaignFigures {
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Refused for good by the reader's mail server: counted as hard bounces (decision 063). */
  bounced: number;
  sentLastMinute: number;
  /**
   * Readers it has not reached: while it goes (or is paused), those not queued yet; once cancelled, those the
   * cancel left without it, counted at the cancel.
   */
  unsent: number;
}

/** An address the mail server refused for good. */
export interface BouncedAddress {
  email: string;
  hardBounces: number;
  bouncedAt: string;
}

export interface CampaignStore {
  /** A draft announcing a published article (decision 067), its text made from it by articleCampaign; no note yet. */
  create(content: Record<Locale, CampaignContent>, articleId: number, now?: Date): Promise<number>;
  find(id: number): Promise<Campaign | undefined>;
  /**
   * A page of the console's list (`limit`), newest first, from a keyset cursor of id (decision 091), how many there are
   * in all, and the cursors of the pages either side.
   */
  page(
    cursor: Cursor | null,
    limit: number,
  ): Promise<Omit<KeysetPage<Campaign>, 'rows'> & { campaigns: Campaign[]; total: number }>;
  /**
   * A draft's or a scheduled campaign's notes and the text made with them, only over the notes `over` (those the
   * save was checked against: campaignConflicts.ts); false once it is sending or cancelled, or when other notes
   * were saved meanwhile.
   */
  update(
    id: number,
    content: Record<Locale, CampaignContent>,
    notes: Record<Locale, string>,
    over: Readonly<Record<Locale, string>>,
  ): Promise<boolean>;
  /**
   * A draft goes at `sendAt` (now for "send now"); false when it is no longer a draft, or announces no article
   * (written before decision 067): nothing else may go to readers who agreed to new articles.
   */
  /**
   * Schedules a draft to go at sendAt, to one language or all, written to the audit log as sent by `by` (decision
   * 072); false when not a draft.
   */
  schedule(id: number, sendAt: Date, by: string, onlyLocale?: Locale): Promise<boolean>;
  /**
   * Holds a scheduled or sending campaign (decision 074): its messages not yet taken by a sender leave the outbox
   * and its queue's cursor goes back before them, so a resume queues them again; what a sender holds (one batch)
   * still goes. False when it is not scheduled or sending, or already paused or cancelled.
   */
  pause(id: number, now?: Date): Promise<boolean>;
  /** Lets a paused campaign go on: the runner starts or queues it again at its next look. */
  resume(id: number): Promise<boolean>;
  /** Stops a scheduled, sending or paused campaign for good: its messages not yet taken leave the outbox. */
  cancel(id: number, now?: Date): Promise<boolean>;
  /**
   * Scheduled campaigns whose time has come start sending, each once over
   * every instance: one UPDATE moves it from scheduled, and only one wins.
   */
  startDue(now?: Date): Promise<number[]>;
  /** Campaigns started whose recipients are not all queued yet. */
  queueing(): Promise<number[]>;
  /**
   * Queues the next `batch` recipients (subscriber ids past queued_through) in
   * one transaction with the cursor; answers how many, 0 once all are queued.
   */
  queueNext(id: number, batch: number, now?: Date): Promise<number>;
  /** Who would get it now, by language: confirmed, not unsubscribed, not bounced out. */
  recipientCounts(): Promise<Record<Locale, number>>;
  figures(id: number, now?: Date): Promise<CampaignFigures>;
  bounced(): Promise<BouncedAddress[]>;
  /** Queues messages about no stored record (a campaign's test), in one transaction. */
  queue(messages: readonly NewOutboxMessage[], now?: Date): Promise<void>;
  /** How many messages of these kinds are queued, unsent. */
  queued(kinds: readonly OutboxKind[]): Promise<number>;
}

interface CampaignRow {
  id: number;
  created_at: string;
  article_id: number | null;
  note_en: string;
  note_es: string;
  subject_en: string;
  preview_en: string;
  body_en: string;
  subject_es: string;
  preview_es: string;
  body_es: string;
  status: CampaignStatus;
  send_at: string | null;
  started_at: string | null;
  queued_at: string | null;
  unsubscribes: number;
  paused_at: string | null;
  cancelled_at: string | null;
  only_locale: string;
  left_unsent: number | null;
}

const fromRow = (row: CampaignRow): Campaign => ({
  id: row.id,
  createdAt: row.created_at,
  articleId: row.article_id,
  notes: { en: row.note_en, es: row.note_es },
  content: {
    en: { subject: row.subject_en, preview: row.preview_en, body: row.body_en },
    es: { subject: row.subject_es, preview: row.preview_es, body: row.body_es },
  },
  status: row.status,
  sendAt: row.send_at,
  startedAt: row.started_at,
  queuedAt: row.queued_at,
  unsubscribes: row.unsubscribes,
  pausedAt: row.paused_at,
  cancelledAt: row.cancelled_at,
  onlyLocale: isLocale(row.only_locale) ? row.only_locale : null,
});

/** Neither paused nor cancelled: the runner may start it and queue its readers. */
const GOING = 'paused_at IS NULL AND cancelled_at IS NULL';

const contentValues = (content: Record<Locale, CampaignContent>, notes: Readonly<Record<Locale, string>>) =>
  locales.flatMap((locale) => [notes[locale], content[locale].subject, content[locale].preview, content[locale].body]);

/** Who may get a campaign: confirmed, still subscribed, and fewer hard bounces than the limit. */
const MAILABLE = 'confirmed_at IS NOT NULL AND unsubscribed_at IS NULL AND hard_bounces < ?';

/** The newsletter's campaigns, and their recipients queued in the outbox (decision 044). */
export function createCampaignStore(db: Database, outbox: OutboxStore, bounceLimit: number): CampaignStore {
  /** Takes a campaign's messages no sender holds out of the outbox; the subscribers they were for. */
  const withdraw = async (tx: Queryable, id: number, now: Date) =>
    (
      await tx.all<{ subscriber_id: number | null }>(
        `DELETE FROM outbox WHERE campaign_id = ? AND status = 'queued'
         AND (lease_until IS NULL OR lease_until < ?) RETURNING subscriber_id`,
        id,
        now.toISOString(),
      )
    ).flatMap((row) => (row.subscriber_id === null ? [] : [Number(row.subscriber_id)]));
  /** Readers past the queue's cursor who would get it now: 0 once every reader is queued. */
  const unqueued = async (tx: Queryable, id: number) => {
    const campaign = await tx.get<{ queued_through: number; only_locale: string }>(
      "SELECT queued_through, only_locale FROM campaigns WHERE id = ? AND queued_at IS NULL AND status IN ('scheduled', 'sending')",
      id,
    );
    if (!campaign) return 0;
    const row = await tx.get<{ count: number }>(
      `SELECT count(*) AS count FROM subscribers WHERE id > ? AND ${MAILABLE} AND (? = '' OR locale = ?)`,
      campaign.queued_through,
      bounceLimit,
      campaign.only_locale,
      campaign.only_locale,
    );
    return Number(row!.count);
  };
  return {
    async create(content, articleId, now = new Date()) {
      const row = await db.get<{ id: number }>(
        `INSERT INTO campaigns (created_at, article_id, note_en, subject_en, preview_en, body_en, note_es, subject_es, preview_es, body_es)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        now.toISOString(),
        articleId,
        ...contentValues(content, NO_NOTES),
      );
      return row!.id;
    },
    async find(id) {
      const row = await db.get<CampaignRow>('SELECT * FROM campaigns WHERE id = ?', id);
      return row && fromRow(row);
    },
    async page(cursor, limit) {
      const page = await keysetPage<CampaignRow>(db, {
        ...{ select: 'SELECT * FROM campaigns', where: '', params: [], keyColumn: '', idColumn: 'id' },
        ...{ keyOf: () => '', idOf: (row) => row.id, cursor, limit },
      });
      const { total } = (await db.get<{ total: number }>('SELECT count(*) AS total FROM campaigns'))!;
      return { campaigns: page.rows.map(fromRow), total: Number(total), next: page.next, previous: page.previous };
    },
    async update(id, content, notes, over) {
      const changed = await db.run(
        `UPDATE campaigns SET note_en = ?, subject_en = ?, preview_en = ?, body_en = ?,
         note_es = ?, subject_es = ?, preview_es = ?, body_es = ?
         WHERE id = ? AND status IN ('draft', 'scheduled') AND cancelled_at IS NULL AND note_en = ? AND note_es = ?`,
        ...contentValues(content, notes),
        id,
        over.en,
        over.es,
      );
      return changed > 0;
    },
    schedule(id, sendAt, by, onlyLocale) {
      return db.transaction(async (tx) => {
        const changed = await tx.run(
          "UPDATE campaigns SET status = 'scheduled', send_at = ?, only_locale = ? WHERE id = ? AND status = 'draft' AND article_id IS NOT NULL",
          sendAt.toISOString(),
          onlyLocale ?? '',
          id,
        );
        if (changed > 0)
          await recordAudit(tx, {
            actor: by,
            action: 'campaign.send',
            object: `campaign ${id}`,
            detail: `to go at ${sendAt.toISOString()}${onlyLocale ? `, ${onlyLocale} only` : ''}`,
          });
        return changed > 0;
      });
    },
    pause(id, now = new Date()) {
      return db.transaction(async (tx) => {
        // The campaign's row first: a queueNext under way holds it, and this waits for its batch to commit.
        const paused = await tx.get(
          `UPDATE campaigns SET paused_at = ? WHERE id = ? AND status IN ('scheduled', 'sending') AND ${GOING} RETURNING id`,
          now.toISOString(),
          id,
        );
        if (!paused) return false;
        const withdrawn = await withdraw(tx, id, now);
        if (withdrawn.length > 0) {
          const before = Math.min(...withdrawn) - 1;
          await tx.run(
            'UPDATE campaigns SET queued_through = ?, queued_at = NULL WHERE id = ? AND queued_through > ?',
            before,
            id,
            before,
          );
        }
        return true;
      });
    },
    async resume(id) {
      return (
        (await db.run(
          'UPDATE campaigns SET paused_at = NULL WHERE id = ? AND paused_at IS NOT NULL AND cancelled_at IS NULL',
          id,
        )) > 0
      );
    },
    cancel(id, now = new Date()) {
      return db.transaction(async (tx) => {
        const cancelled = await tx.get(
          "UPDATE campaigns SET cancelled_at = ? WHERE id = ? AND status IN ('scheduled', 'sending') AND cancelled_at IS NULL RETURNING id",
          now.toISOString(),
          id,
        );
        if (!cancelled) return false;
        const withdrawn = await withdraw(tx, id, now);
        // Counted now: the list changes after, and a cancelled campaign's cursor no longer means anything.
        await tx.run(
          'UPDATE campaigns SET left_unsent = ? WHERE id = ?',
          withdrawn.length + (await unqueued(tx, id)),
          id,
        );
        return true;
      });
    },
    async startDue(now = new Date()) {
      const rows = await db.all<{ id: number }>(
        `UPDATE campaigns SET status = 'sending', started_at = ? WHERE status = 'scheduled' AND send_at <= ? AND ${GOING} RETURNING id`,
        now.toISOString(),
        now.toISOString(),
      );
      return rows.map((row) => row.id);
    },
    async queueing() {
      const rows = await db.all<{ id: number }>(
        `SELECT id FROM campaigns WHERE status = 'sending' AND queued_at IS NULL AND ${GOING} ORDER BY id`,
      );
      return rows.map((row) => row.id);
    },
    queueNext(id, batch, now = new Date()) {
      return db.transaction(async (tx) => {
        // An UPDATE, not a SELECT: it locks the row, so a pause or a cancel waits for this batch, or this for it.
        const campaign = await tx.get<{ queued_through: number; only_locale: string }>(
          `UPDATE campaigns SET queued_through = queued_through WHERE id = ? AND queued_at IS NULL AND ${GOING}
           RETURNING queued_through, only_locale`,
          id,
        );
        if (!campaign) return 0;
        const recipients = await tx.all<{ id: number }>(
          `SELECT id FROM subscribers WHERE id > ? AND ${MAILABLE} AND (? = '' OR locale = ?) ORDER BY id LIMIT ?`,
          campaign.queued_through,
          bounceLimit,
          campaign.only_locale,
          campaign.only_locale,
          batch,
        );
        if (recipients.length === 0) {
          await tx.run('UPDATE campaigns SET queued_at = ? WHERE id = ? AND queued_at IS NULL', now.toISOString(), id);
          return 0;
        }
        // Another instance queueing the same batch meets the unique key: each message is queued once.
        await outbox.enqueueAll(
          recipients.map(({ id: subscriberId }) => ({
            kind: CAMPAIGN_KIND,
            subscriberId,
            body: { campaign: id },
            dedupeKey: campaignKey(id, subscriberId),
            campaignId: id,
            bulk: true,
          })),
          now,
          tx,
        );
        const through = recipients.at(-1)!.id;
        await tx.run(
          'UPDATE campaigns SET queued_through = ? WHERE id = ? AND queued_through < ?',
          through,
          id,
          through,
        );
        return recipients.length;
      });
    },
    async recipientCounts() {
      const counts = Object.fromEntries(locales.map((locale) => [locale, 0])) as Record<Locale, number>;
      const rows = await db.all<{ locale: Locale; count: number }>(
        `SELECT locale, count(*) AS count FROM subscribers WHERE ${MAILABLE} GROUP BY locale`,
        bounceLimit,
      );
      for (const row of rows) if (row.locale in counts) counts[row.locale] = row.count;
      return counts;
    },
    async figures(id, now = new Date()) {
      const figures: CampaignFigures = {
        recipients: 0,
        queued: 0,
        sent: 0,
        failed: 0,
        skipped: 0,
        bounced: 0,
        sentLastMinute: 0,
        unsent: 0,
      };
      const rows = await db.all<{
        status: 'queued' | 'sent' | 'failed' | 'skipped' | 'bounced';
        count: number;
        recent: number;
      }>(
        `SELECT status, count(*) AS count, sum(CASE WHEN sent_at >= ? THEN 1 ELSE 0 END) AS recent
         FROM outbox WHERE campaign_id = ? GROUP BY status`,
        new Date(now.getTime() - 60_000).toISOString(),
        id,
      );
      for (const row of rows) {
        figures[row.status] = Number(row.count);
        figures.recipients += Number(row.count);
        if (row.status === 'sent') figures.sentLastMinute = Number(row.recent);
      }
      const left = await db.get<{ left_unsent: number | null }>('SELECT left_unsent FROM campaigns WHERE id = ?', id);
      figures.unsent = left?.left_unsent ?? (await unqueued(db, id));
      return figures;
    },
    async bounced() {
      const rows = await db.all<{ email: string; hard_bounces: number; bounced_at: string }>(
        'SELECT email, hard_bounces, bounced_at FROM subscribers WHERE hard_bounces > 0 ORDER BY bounced_at DESC, id',
      );
      return rows.map((row) => ({ email: row.email, hardBounces: row.hard_bounces, bouncedAt: row.bounced_at }));
    },
    async queue(messages, now = new Date()) {
      await db.transaction(async (tx) => {
        for (const message of messages) await outbox.enqueue(message, now, tx);
      });
    },
    async queued(kinds) {
      const row = await db.get<{ count: number }>(
        `SELECT count(*) AS count FROM outbox WHERE status = 'queued' AND kind IN (${kinds.map(() => '?').join(', ')})`,
        ...kinds.map((kind) => kind.name),
      );
      return Number(row!.count);
    },
  };
}
