import { expect, it } from 'vitest';

import { importEmbeddedPostgres } from '../support/postgresServer';

it('loads the test PostgreSQL package without exit handlers that would end a failed run with status 0', async () => {
  const before = [process.listeners('beforeExit').length, process.listeners('exit').length];
  await importEmbeddedPostgres();
  expect([process.listeners('beforeExit').length, process.listeners('exit').length]).toEqual(before);
});
