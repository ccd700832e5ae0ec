import { pino } from 'pino';
import type { AppConfig } from './config';

/** Structured JSON lines on stdout: one per request, plus errors and lifecycle events. */
export function createLogger(config: Pick<AppConfig, 'logLevel'>) {
  return pino({ level: config.logLevel, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

export type Logger = ReturnType<typeof createLogger>;
