import type { Logger } from './logger';

/**
 * Errors nothing caught, outside any request: one structured line each, with the stack (the logger's
 * redaction applies, as to every line), counted. An uncaught exception leaves the process in a state
 * nobody planned for, so it exits non-zero once the line is written, for the supervisor to restart it; a
 * rejection nobody awaited is logged and counted, and the process serves on.
 */
export function watchProcessErrors(logger: Logger, counted: () => void): void {
  process.on('uncaughtException', (error, origin) => {
    counted();
    logger.fatal({ err: error, origin }, 'uncaught exception, exiting');
    logger.flush();
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    counted();
    logger.error({ err: reason }, 'unhandled promise rejection');
  });
}
