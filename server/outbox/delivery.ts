import type { AppConfig } from '../config';
import type { Database } from '../db';
import type { Logger } from '../http/logger';
import type { Channel, OutboxKind } from './kinds';
import { createMailer } from './mailer';
import type { OutboxStore } from './store';
import { createOutboxStore } from './store';
import { postWebhook } from './webhook';
import type { KindHooks, OutboxWorker, Sender, SendOutcome } from './worker';
import { createOutboxWorker, isBounce } from './worker';

/** The domain of MAIL_FROM's address: the right-hand side of every Message-ID the site gives. */
function mailDomain(from: string): string {
  return /@([^@>\s]+)>?$/.exec(from)?.[1] ?? 'localhost';
}

/** A row queued as a body (a campaign's, composed when sent) has a bare id: its e-mail names MAIL_FROM's domain too. */
const asMessageId = (id: string, domain: string) => (id.startsWith('<') ? id : `<${id}@${domain}>`);

export function createOutbox(db: Database, config: Pick<AppConfig, 'mail'>): OutboxStore {
  return createOutboxStore(db, mailDomain(config.mail.from));
}

/** Longest wait for one step of a send (connect, greeting, each reply): a quarter of the lease, at most a minute. */
const sendTimeoutMs = (leaseMs: number) => Math.min(leaseMs / 4, 60_000);

interface OutboxWorkerOptions {
  db: Database;
  config: Pick<AppConfig, 'mail'>;
  logger: Logger;
  /** The kinds of message it sends: every feature's (app.ts gathers them). */
  kinds: readonly OutboxKind[];
  pollMs?: number;
  firstRetryMs?: number;
  hooks?: Readonly<Record<string, KindHooks>>;
  throttles?: Readonly<Record<string, number>>;
  /** Told of each attempt's outcome, by the message's kind (the metrics count them). */
  attempted?: (kind: string, outcome: SendOutcome) => void;
}

/**
 * The worker that sends this process's (and any other process's) queued
 * messages of the registered `kinds`, with the senders the configuration
 * allows: mail with SMTP_URL, webhooks with LEAD_WEBHOOK_URL, CRM events with CRM_WEBHOOK_URL. Started at once;
 * stop() also closes the SMTP pool.
 */
export function startOutboxWorker({
  db,
  config,
  logger,
  kinds,
  attempted = () => {},
  ...options
}: OutboxWorkerOptions): OutboxWorker {
  const { mail } = config;
  const timeoutMs = sendTimeoutMs(mail.leaseMs);
  const mailer = mail.smtpUrl
    ? createMailer({ smtpUrl: mail.smtpUrl, from: mail.from, timeoutMs, requireTls: mail.requireTls })
    : undefined;
  const senders: Partial<Record<Channel, Sender>> = {};
  if (mailer) {
    senders.mail = async (message) => {
      if (!('mail' in message.payload)) throw new Error('An e-mail without its message');
      await mailer.send(message.payload.mail, asMessageId(message.messageId, mailDomain(mail.from)));
    };
  }
  // The lead webhook and the CRM's are posted alike, each to its own address with its own secret.
  const poster =
    (endpoint: { url: string; secret: string }): Sender =>
    (message) =>
      postWebhook({
        ...endpoint,
        body: JSON.stringify('body' in message.payload ? message.payload.body : null),
        deliveryId: message.messageId,
        timeoutMs,
      });
  if (mail.webhook) senders.webhook = poster(mail.webhook);
  if (mail.crm) senders.crm = poster(mail.crm);
  const counted = Object.fromEntries(
    Object.entries(senders).map(([channel, send]): [string, Sender] => [
      channel,
      (message) =>
        send(message).then(
          () => attempted(message.kind, 'sent'),
          (error: unknown) => {
            attempted(message.kind, isBounce(error, options.hooks?.[message.kind]) ? 'bounced' : 'error');
            throw error;
          },
        ),
    ]),
  );
  const worker = createOutboxWorker({
    store: createOutbox(db, config),
    kinds,
    senders: counted,
    logger,
    maxAttempts: mail.maxAttempts,
    leaseMs: mail.leaseMs,
    ...options,
  });
  worker.start();
  return {
    ...worker,
    async stop(graceMs) {
      await worker.stop(graceMs);
      mailer?.close();
    },
  };
}
