import nodemailer from 'nodemailer';

import type { MailMessage } from './store';

/** The mail server refused a message for good (a 5xx reply): sending it again would be refused again. */
export class PermanentFailure extends Error {}

/**
 * The mail server refused the recipient for good: a 5xx to RCPT TO or to the message's DATA, the address's
 * answer and not the site's (decision 077). A 5xx to anything else (MAIL FROM, AUTH) refuses the site itself.
 */
export class RecipientRefused extends PermanentFailure {}

/** nodemailer's error for a refused command carries the server's reply code and the command refused. */
const field = (error: unknown, name: 'responseCode' | 'command') =>
  typeof error === 'object' && error !== null && name in error ? (error as Record<string, unknown>)[name] : undefined;
const RECIPIENT_COMMANDS = new Set(['RCPT TO', 'DATA']);

export interface Mailer {
  /**
   * Sends one message with its Message-ID; rejects when the server refused it or any recipient,
   * with a PermanentFailure when the refusal is a 5xx, a RecipientRefused when it is the recipient's.
   */
  send(message: MailMessage, messageId: string): Promise<void>;
  /** Closes the pooled connections. */
  close(): void;
}

/**
 * Mail through SMTP (nodemailer, pooled connections). Each wait is bounded by
 * `timeoutMs`, kept well under the outbox lease, so a stuck server fails the
 * attempt before another worker may take the message over.
 */
export function createMailer({
  smtpUrl,
  from,
  timeoutMs,
  requireTls,
}: {
  smtpUrl: string;
  from: string;
  timeoutMs: number;
  /** STARTTLS before anything is sent over smtp://, or the send fails. */
  requireTls: boolean;
}): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    requireTLS: requireTls,
    pool: true,
    maxConnections: 3,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // The messages are plain text the site wrote: never a file or URL for nodemailer to read.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(message, messageId) {
      const info = await transport
        .sendMail({
          from,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
          ...(message.calendar
            ? {
                icalEvent: {
                  method: message.calendar.method,
                  filename: 'invite.ics',
                  content: message.calendar.content,
                },
              }
            : {}),
          messageId,
          signal: AbortSignal.timeout(timeoutMs * 2),
        })
        .catch((error: unknown) => {
          const code = Number(field(error, 'responseCode') ?? 0);
          if (code < 500 || code >= 600) throw error;
          const reason = error instanceof Error ? error.message : String(error);
          throw RECIPIENT_COMMANDS.has(String(field(error, 'command')))
            ? new RecipientRefused(reason)
            : new PermanentFailure(reason);
        });
      if (info.rejected.length > 0)
        throw new Error(`The SMTP server refused ${info.rejected.length} recipient(s): ${info.response}`);
    },
    close() {
      transport.close();
    },
  };
}
