import type { AddressInfo } from 'node:net';

import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it: the envelope, the raw bytes and the parsed message. */
export interface ReceivedMail {
  from: string;
  recipients: string[];
  raw: string;
  parsed: ParsedMail;
  /** Milliseconds since the epoch when the DATA command completed. */
  at: number;
}

export interface MailServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves once at least `count` messages arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stops listening, keeping what was received. */
  stop(): Promise<void>;
  /**
   * From now on every message waits, its data received but not yet answered, as at a mail server slow to accept:
   * the sender still holds it. `held` lists every message that waited; `release()` accepts those waiting and ends the hold.
   */
  hold(): void;
  held: ReceivedMail[];
  /** Resolves once at least `count` messages are held; rejects after `timeoutMs`. */
  waitForHeld(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  release(): void;
}

/**
 * A real SMTP server (the smtp-server package) on a loopback port, in this
 * process: the site's mailer talks SMTP to it exactly as to a provider.
 * `delayMs` holds every message before accepting it, like a slow provider;
 * `refuses` names recipients it answers 550 (a permanent refusal), as for a mailbox that does not exist;
 * `refusesSender` says when it answers 550 to MAIL FROM, as a provider that refuses the site itself;
 * `down` says when it greets every connection with 421 and closes it, as a provider out of service. (It keeps its
 * port: a stopped server's port can be taken by another test's server meanwhile, which answers something else.)
 */
export async function startMailServer({
  port = 0,
  delayMs = 0,
  refuses = (_address: string): boolean => false,
  refusesSender = (): boolean => false,
  down = (): boolean => false,
} = {}): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  /** The answers the held messages wait for, in the order they came. */
  const accepting: (() => void)[] = [];
  let holding = false;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of waiters) wake();
  };
  /** Resolves with `list` once it has `count` entries. */
  const waitUntil = (list: ReceivedMail[], count: number, timeoutMs: number) =>
    new Promise<ReceivedMail[]>((resolve, reject) => {
      const check = () => {
        if (list.length < count) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(list);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`Expected ${count} messages within ${timeoutMs} ms, got ${list.length}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  let server: SMTPServer;
  let boundPort = port;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      disableReverseLookup: true,
      onConnect(_session, callback) {
        if (!down()) return callback();
        callback(Object.assign(new Error('4.3.2 Service not available'), { responseCode: 421 }));
      },
      onMailFrom(_address, _session, callback) {
        if (!refusesSender()) return callback();
        callback(Object.assign(new Error('5.7.1 Sender not allowed'), { responseCode: 550 }));
      },
      onRcptTo(address, _session, callback) {
        if (!refuses(address.address)) return callback();
        const refusal = Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 });
        callback(refusal);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          setTimeout(() => {
            simpleParser(raw).then((parsed) => {
              const mail = {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
                raw,
                parsed,
                at: Date.now(),
              };
              const accept = () => {
                received.push({ ...mail, at: Date.now() });
                wakeAll();
                callback();
              };
              if (!holding) return accept();
              held.push(mail);
              accepting.push(accept);
              wakeAll();
            }, callback);
          }, delayMs);
        });
      },
    });

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = create();
      // A sender killed mid-session resets its connection: that is the sender's failure, not the server's.
      server.on('error', () => {});
      server.server.once('error', reject);
      server.listen(boundPort, '127.0.0.1', () => {
        boundPort = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();

  return {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    received,
    waitFor: (count, timeoutMs = 20_000) => waitUntil(received, count, timeoutMs),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    hold() {
      holding = true;
    },
    held,
    waitForHeld: (count, timeoutMs = 20_000) => waitUntil(held, count, timeoutMs),
    release() {
      holding = false;
      for (const accept of accepting.splice(0)) accept();
    },
  };
}

/** The one header value of a received message, as text. */
export function header(mail: ReceivedMail, name: string): string | undefined {
  const value = mail.parsed.headers.get(name.toLowerCase());
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'text' in value) return String((value as { text: string }).text);
  return String(value);
}

/** A header's raw value, unfolded, as the message carried it (for headers mailparser restructures, such as List-*). */
export function rawHeader(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((entry) => entry.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n(?=[ \t])/g, '')
    .trim();
}

/** The header names of the raw message, lower case, in order: what a mail client would see. */
export function rawHeaderNames(mail: ReceivedMail): string[] {
  const head = mail.raw.split(/\r\n\r\n/)[0]!;
  return head.split(/\r\n(?![ \t])/).map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
}
