import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { CONFIRMATION_VALID_DAYS } from '../../shared/content/newsletter';
import type { Locale } from '../../shared/lib/locale';
import { defaultLocale } from '../../shared/lib/locale';
import { localizePath } from '../../shared/routes';
import { DEFAULT_CONFIRMATIONS_PER_HOUR } from '../config';
import type { Database } from '../db';
import type { Logger } from '../http/logger';
import { createWindowCounts } from '../http/rateLimitCounters';
import type { Delivery } from '../outbox/port';
import { recordConsent } from '../privacy/consents';
import { noticeVersions } from '../privacy/notices';
import { createSuppressions } from '../privacy/suppressions';
import { campaignKey } from './campaignKeys';
import { confirmationLimits } from './confirmationLimits';
import { UNSUBSCRIBE_SET } from './unsubscribing';

/** A new confirmation e-mail goes to one address at most this often, however many sign-ups. */
const CONFIRMATION_INTERVAL_MS = 60 * 60_000;
const CONFIRMATION_VALID_MS = CONFIRMATION_VALID_DAYS * 24 * 60 * 60_000;
/**
 * How long a sign-up's unsubscribe link works past the purge of a sign-up never confirmed: CASL's 60 days
 * after the e-mail, and a day more for a send the outbox retried (decision 063).
 */
const UNSUBSCRIBE_LINK_MS = 61 * 24 * 60 * 60_000;

/** What a confirmation e-mail needs: where to, in which language, and both links' tokens. */
export interface Confirmation {
  subscriberId: number;
  email: string;
  locale: Locale;
  confirmToken: string;
  unsubscribeToken: string;
}

/** One address the lab may write to, with the time its owner confirmed and how: the proof of consent. */
export interface ConsentedSubscriber {
  email: string;
  signedUpAt: string;
  confirmedAt: string;
  /** The version of the sign-up's notice shown (decision 067), and the box's page it was given on. */
  notice: string;
  consentChannel: string;
}

export interface SubscriberStore {
  /**
   * When a sign-up's confirmation e-mail may go, before the visitor is answered (decision 060): now,
   * a later hour when this one's budget is spent (the client's, the address's domain's or the site's),
   * or undefined when none has room within a day. Books it in that hour's budgets, whatever the address:
   * what a client's sign-ups are told depends on how many it made, never on who is on the list.
   */
  schedule(email: string, client: string, now?: Date): Promise<Date | undefined>;
  /**
   * A sign-up: the address is stored as pending (once, whatever its case) and
   * a confirmation e-mail is queued, due at `due` (the time schedule gave), unless
   * the address is already confirmed, got one within the hour (or has one still to
   * go), or a limit of the address itself is spent (its mailbox's, a suppressed
   * address's monthly one: decision 032). The visitor's answer must be the same
   * either way: it is sent before this runs. Resolves to true when the address newly
   * asks to join, for the analytics to count once: a new pending address, or an
   * unsubscribed one given a link to consent again; false for a repeat while pending or confirmed.
   */
  signUp(email: string, options?: SignUpOptions): Promise<boolean>;
  /** Opens a confirmation link: single use, until it expires. */
  confirm(token: string, now?: Date): Promise<'confirmed' | 'invalid'>;
  /** An unsubscribe link's POST; unsubscribing twice is still unsubscribed. */
  unsubscribe(token: string, now?: Date): Promise<'unsubscribed' | 'invalid'>;
  /** The unsubscribe link's token of a subscriber on the list, or undefined for an id that has none. */
  unsubscribeToken(subscriberId: number): Promise<string | undefined>;
  /** Confirmed and not unsubscribed, in order of consent. */
  consented(): Promise<ConsentedSubscriber[]>;
}

interface SubscriberRow {
  id: number;
  email: string;
  created_at: string;
  locale: Locale;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  confirmation_sent_at: string | null;
}

/** A confirmed row, with what its consent's record needs. */
interface ConfirmedRow {
  id: number;
  email: string;
  locale: Locale;
  source: string;
  notice: string;
  consent_channel: string;
  confirmation_sent_at: string | null;
}

const NO_SOURCE: SignUpSource = { attribution: '{}', source: '' };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The key that signs unsubscribe links, made once per database by its migrations. */
async function readUnsubscribeSecret(db: Database): Promise<string> {
  const row = await db.get<{ value: string }>("SELECT value FROM settings WHERE key = 'unsubscribe_secret'");
  if (!row) throw new Error('The database has no unsubscribe secret: its migrations did not run.');
  return row.value;
}

/** Where a sign-up's visit came from (decision 047): the attribution's JSON and its first touch's source. */
interface SignUpSource {
  attribution: string;
  source: string;
}

/** When a sign-up is made, in which language, where its visit came from, and when its confirmation e-mail is due. */
interface SignUpOptions {
  now?: Date;
  /** The confirmation e-mail's language; the default locale when none. */
  locale?: Locale;
  source?: SignUpSource;
  /** The time schedule gave; `now` when none. */
  due?: Date;
}

interface SubscriberStoreOptions {
  /** The site's hourly cap on confirmation e-mails (NEWSLETTER_CONFIRMATIONS_PER_HOUR). */
  confirmationsPerHour?: number;
  /** Where reaching that cap is reported. */
  logger?: Logger;
  /** Told of each confirmed sign-up with its source, for the visitor analytics ("" when not to be counted). */
  confirmed?: (subscriber: { locale: Locale; source: string }) => void;
}

/** The newsletter list and its consent steps. */
export function createSubscriberStore(
  db: Database,
  delivery?: Delivery<Confirmation>,
  {
    confirmationsPerHour = DEFAULT_CONFIRMATIONS_PER_HOUR,
    logger,
    confirmed: onConfirmed,
  }: SubscriberStoreOptions = {},
): SubscriberStore {
  let secret: Promise<string> | undefined;
  const key = () => (secret ??= readUnsubscribeSecret(db));
  const limits = confirmationLimits(createWindowCounts(), confirmationsPerHour, logger);

  // The id with the address and the row's creation time: a token names one sign-up of one address, so it
  // cannot unsubscribe a later row, whatever its id (decision 033).
  const signature = (key: string, { id, email, created_at }: Pick<SubscriberRow, 'id' | 'email' | 'created_at'>) =>
    createHmac('sha256', key).update(`unsubscribe:${id}:${email.toLowerCase()}:${created_at}`).digest('base64url');
  const tokenFor = (key: string, row: Pick<SubscriberRow, 'id' | 'email' | 'created_at'>) =>
    `${row.id}.${signature(key, row)}`;
  const rowById = (id: number) =>
    db.get<Pick<SubscriberRow, 'id' | 'email' | 'created_at'>>(
      'SELECT id, email, created_at FROM subscribers WHERE id = ?',
      id,
    );

  const suppressions = createSuppressions(db);

  /**
   * The unsubscribe link of a sign-up purged unconfirmed, within its days: the address is off the list
   * already, and is suppressed, as an unsubscribe before the purge would have left it.
   */
  async function lapsedUnsubscribe(id: number, token: string, now: Date): Promise<'unsubscribed' | 'invalid'> {
    const link = await db.get<{ token_hash: string; suppression_hash: string }>(
      'SELECT token_hash, suppression_hash FROM unsubscribe_links WHERE subscriber_id = ? AND valid_until >= ?',
      id,
      now.toISOString(),
    );
    if (!link || !timingSafeEqual(Buffer.from(sha256(token)), Buffer.from(link.token_hash))) return 'invalid';
    await suppressions.addHash(link.suppression_hash, now);
    return 'unsubscribed';
  }

  return {
    schedule: (email, client, now = new Date()) => db.transaction((tx) => limits.book(tx, email, client, now)),
    async signUp(
      email,
      { now = new Date(), locale = defaultLocale, source: { attribution, source } = NO_SOURCE, due = now } = {},
    ) {
      const signingKey = await key();
      const { queued, asked } = await db.transaction(async (tx) => {
        // An address keeps the language and the source it first signed up with.
        const inserted = await tx.run(
          `INSERT INTO subscribers (email, created_at, locale, attribution, source) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (email) DO NOTHING`,
          email,
          now.toISOString(),
          locale,
          attribution,
          source,
        );
        const row = (await tx.get<SubscriberRow>(
          'SELECT id, email, created_at, locale, confirmed_at, unsubscribed_at, confirmation_sent_at FROM subscribers WHERE email = ?',
          email,
        ))!;
        const isNew = inserted === 1;
        const refused = { queued: false, asked: isNew };
        const onList = row.confirmed_at !== null && row.unsubscribed_at === null;
        // The time sent is the e-mail's due time: one still to go is as recent as can be.
        const recentlySent =
          row.confirmation_sent_at !== null &&
          now.getTime() - Date.parse(row.confirmation_sent_at) < CONFIRMATION_INTERVAL_MS;
        if (onList || recentlySent || !delivery) return refused;
        // Unsubscribed or erased: a new sign-up may still ask for consent again, rarely (decision 032).
        const suppressed = row.unsubscribed_at !== null || (await createSuppressions(tx).has(email));
        if (!(await limits.take(tx, email, suppressed, now))) return refused;
        // A new link replaces the last one; only its hash is kept. It works for its days from its e-mail's time.
        // The notice this sign-up was shown and its page go with it: its link's button gives that consent.
        const confirmToken = randomBytes(32).toString('base64url');
        await tx.run(
          `UPDATE subscribers SET confirmation_token_hash = ?, confirmation_expires_at = ?, confirmation_sent_at = ?,
           notice = ?, consent_channel = ? WHERE id = ?`,
          sha256(confirmToken),
          new Date(due.getTime() + CONFIRMATION_VALID_MS).toISOString(),
          due.toISOString(),
          noticeVersions.newsletter,
          `newsletter box on ${localizePath('/blog', locale)}`,
          row.id,
        );
        const unsubscribeToken = tokenFor(signingKey, row);
        const messages = delivery.messagesFor({
          subscriberId: row.id,
          email: row.email,
          locale: row.locale,
          confirmToken,
          unsubscribeToken,
        });
        for (const message of messages) await delivery.outbox.enqueue(message, due, tx);
        // Its unsubscribe link outlives a sign-up never confirmed (decision 063): the token's hash and the
        // address's keyed hash, nothing readable.
        await tx.run(
          `INSERT INTO unsubscribe_links (subscriber_id, token_hash, suppression_hash, valid_until) VALUES (?, ?, ?, ?)
           ON CONFLICT (subscriber_id) DO UPDATE SET valid_until = excluded.valid_until`,
          row.id,
          sha256(unsubscribeToken),
          await createSuppressions(tx).hash(row.email),
          new Date(due.getTime() + UNSUBSCRIBE_LINK_MS).toISOString(),
        );
        // An unsubscribed address asks anew when no link went to it since; after this one, it repeats.
        const resubscribed =
          row.unsubscribed_at !== null &&
          (row.confirmation_sent_at === null || Date.parse(row.confirmation_sent_at) < Date.parse(row.unsubscribed_at));
        return { queued: true, asked: isNew || resubscribed };
      });
      if (queued) delivery!.committed();
      return asked;
    },
    async confirm(token, now = new Date()) {
      if (!token) return 'invalid';
      const at = now.toISOString();
      const confirmed = await db.transaction(async (tx) => {
        const before = await tx.get<{ id: number; unsubscribed_at: string | null }>(
          'SELECT id, unsubscribed_at FROM subscribers WHERE confirmation_token_hash = ? AND confirmation_expires_at > ?',
          sha256(token),
          at,
        );
        if (!before) return undefined;
        const row = (await tx.get<ConfirmedRow>(
          `UPDATE subscribers SET confirmed_at = ?, unsubscribed_at = NULL, confirmation_token_hash = NULL, confirmation_expires_at = NULL
           WHERE id = ? RETURNING id, email, locale, source, notice, consent_channel, confirmation_sent_at`,
          at,
          before.id,
        ))!;
        // A consent withdrawn before this one ended then; this one is recorded with the notice its sign-up showed.
        if (before.unsubscribed_at)
          await tx.run(
            "UPDATE consents SET ended_at = ? WHERE purpose = 'newsletter' AND record_id = ? AND ended_at IS NULL",
            before.unsubscribed_at,
            row.id,
          );
        await recordConsent(tx, row.email, {
          purpose: 'newsletter',
          recordId: row.id,
          notice: row.notice,
          locale: row.locale,
          channel: `${row.consent_channel}, then the button of the e-mailed confirmation link`,
          askedAt: row.confirmation_sent_at ?? at,
          givenAt: at,
        });
        // The owner's own confirmed consent is the one thing that lifts a suppression. On the list, the link
        // works through the subscription: nothing of it is kept beside.
        await createSuppressions(tx).remove(row.email);
        await tx.run('DELETE FROM unsubscribe_links WHERE subscriber_id = ?', row.id);
        return row;
      });
      if (!confirmed) return 'invalid';
      onConfirmed?.({ locale: confirmed.locale, source: confirmed.source });
      return 'confirmed';
    },
    async unsubscribe(token, now = new Date()) {
      // One spelling per token: no leading zero. A campaign's links add ".c" and its id, unsigned: it only
      // says which campaign to count the unsubscribe against (decision 044), and counts only for a campaign
      // the reader was sent, so a reader cannot put their unsubscribe on another's figures.
      const match = /^([1-9]\d{0,14})\.([\w-]{43})(?:\.c([1-9]\d{0,14}))?$/.exec(token);
      if (!match) return 'invalid';
      const id = Number(match[1]);
      const signingKey = await key();
      const subscriber = await db.get<
        Pick<SubscriberRow, 'id' | 'email' | 'created_at' | 'unsubscribed_at'> & { link: string | null }
      >(
        'SELECT id, email, created_at, unsubscribed_at, confirmation_token_hash AS link FROM subscribers WHERE id = ?',
        id,
      );
      // A row that is gone is checked against a stand-in, so both refusals take the same work.
      const expected = Buffer.from(signature(signingKey, subscriber ?? { id, email: '', created_at: '' }));
      const signed = timingSafeEqual(Buffer.from(match[2]!), expected);
      // Gone: a sign-up never confirmed, purged, whose link still works (decision 063), or invalid.
      if (!subscriber) return lapsedUnsubscribe(id, `${match[1]}.${match[2]}`, now);
      if (!signed) return 'invalid';
      // Off the list already, with no confirmation link left to revoke: nothing to write. A mail provider's
      // one-click POSTs are not limited per client, so a token posted again and again costs a read each.
      if (subscriber.unsubscribed_at !== null && subscriber.link === null) return 'unsubscribed';
      return db.transaction(async (tx) => {
        const row = await tx.get<{ unsubscribed_at: string | null }>(
          'SELECT unsubscribed_at FROM subscribers WHERE id = ?',
          id,
        );
        if (!row) return 'invalid';
        await tx.run(`UPDATE subscribers SET ${UNSUBSCRIBE_SET} WHERE id = ?`, now.toISOString(), id);
        const campaign = Number(match[3]);
        if (row.unsubscribed_at === null && match[3])
          await tx.run(
            'UPDATE campaigns SET unsubscribes = unsubscribes + 1 WHERE id = ? AND EXISTS (SELECT 1 FROM outbox WHERE dedupe_key = ?)',
            campaign,
            campaignKey(campaign, id),
          );
        return 'unsubscribed';
      });
    },
    async unsubscribeToken(id) {
      const row = await rowById(id);
      return row && tokenFor(await key(), row);
    },
    async consented() {
      const rows = await db.all<{
        email: string;
        created_at: string;
        confirmed_at: string;
        notice: string;
        consent_channel: string;
      }>(
        `SELECT email, created_at, confirmed_at, notice, consent_channel FROM subscribers
         WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL ORDER BY confirmed_at, id`,
      );
      return rows.map((row) => ({
        email: row.email,
        signedUpAt: row.created_at,
        confirmedAt: row.confirmed_at,
        notice: row.notice,
        consentChannel: row.consent_channel,
      }));
    },
  };
}
