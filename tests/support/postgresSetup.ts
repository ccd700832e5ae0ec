import type { TestProject } from 'vitest/node';

import { startPostgres } from './postgresServer';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server this run started: inject('postgresUrl'). */
    postgresUrl: string;
  }
}

/** One PostgreSQL server for the whole vitest run, dropped (data folder and all) at its end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
