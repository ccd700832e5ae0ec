import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Two files at a time even on two cores (the default would be one): most of these tests wait on
    // child processes, sockets and databases, so the run takes half the time.
    maxWorkers: 2,
    // A time limit is not what these tests check: on a loaded machine a page render or a database
    // round trip can take seconds. Generous limits still end a test that hangs.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/{unit,build,bench}/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: {
          name: 'http',
          include: ['tests/http/**/*.test.{ts,tsx}'],
          // Only the site served whole (and the stores on both engines) needs the build and a PostgreSQL server.
          globalSetup: ['tests/support/ensureBuild.ts', 'tests/support/postgresSetup.ts'],
        },
      },
    ],
  },
});
