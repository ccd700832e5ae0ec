import { createLogger } from '../../server/http/logger';

/** A logger like production's (level info) whose lines a test reads: `lines()` parsed, `text()` as written. */
export function capturedLogger() {
  const written: string[] = [];
  const logger = createLogger({ logLevel: 'info' }, { write: (line: string) => void written.push(line) });
  return {
    logger,
    text: () => written.join(''),
    lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string }),
  };
}
