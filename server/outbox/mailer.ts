import nodemailer from 'nodemailer';

import type { MailMessage } from './store';

export interface Mailer {
  /** Sends one message with its Message-ID; rejects when the server refused it or any recipient. */
  send(message: MailMessage, messageId: string): Promise<void>;
  /** Closes the pooled connections. */
  close(): void;
}

/**
 * Mail through SMTP (nodemailer, pooled connections). Each wait is bounded by
 * `timeoutMs`, kept well under the outbox lease, so a stuck server fails the
 * attempt before another worker may take the message over.
 */
export function createMailer(smtpUrl: string, from: string, timeoutMs: number): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
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
      const info = await transport.sendMail({
        from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        headers: message.headers,
        messageId,
        signal: AbortSignal.timeout(timeoutMs * 2),
      });
      if (info.rejected.length > 0)
        throw new Error(`The SMTP server refused ${info.rejected.length} recipient(s): ${info.response}`);
    },
    close() {
      transport.close();
    },
  };
}
