import { AsyncLocalStorage } from 'node:async_hooks';

import type { DestinationStream } from 'pino';
import { pino } from 'pino';

import type { AppConfig } from '../config';

/** The request a piece of work belongs to: every log line written while it runs carries its id. */
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` as part of the request `requestId` (see server/http/requestId.ts). */
export const inRequest = <T>(requestId: string, work: () => T): T => requestContext.run({ requestId }, work);

/** The id of the request being handled now, if any: for a page that shows it (the 500 page). */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

/**
 * Fields that hold what a visitor or a staff member typed: never written, whoever logs them. `url` keeps
 * its path only (a query can carry a token or an address).
 */
const REDACTED_PATHS = [
  'email',
  'password',
  'name',
  'phone',
  'company',
  'message',
  'body',
  'token',
  'url',
  '*.email',
  '*.password',
  '*.body',
  '*.token',
  '*.url',
];
const censor = (value: unknown, path: string[]) =>
  path.at(-1) === 'url' && typeof value === 'string' ? value.split('?')[0] : '[redacted]';

/** Anything shaped like an e-mail address, wherever it hides in a line (an error's message, say). */
const EMAIL_ADDRESS = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(\.[\w-]+)+/g;

/**
 * Structured JSON lines on stdout (or `destination`): one per request, plus errors and lifecycle events.
 * A line written while a request is handled carries its `requestId`.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream) {
  return pino(
    {
      level: config.logLevel,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => ({ ...requestContext.getStore() }),
      redact: { paths: REDACTED_PATHS, censor },
      hooks: { streamWrite: (line) => line.replace(EMAIL_ADDRESS, '[address]') },
    },
    destination,
  );
}

export type Logger = ReturnType<typeof createLogger>;
