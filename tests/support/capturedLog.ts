import request from 'supertest';

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

/**
 * A staff sign-in on an app whose database is closed: the route leaves the failure to the error handler,
 * so this is the app's unhandled error, answered in the type `accept` asks for.
 */
export const unhandledSignIn = (app: Parameters<typeof request>[0], accept: string, email: string, password: string) =>
  request(app).post('/staff/sign-in').type('form').set('Accept', accept).send({ email, password });
