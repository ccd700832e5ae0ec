import { configDefaults, defineConfig } from 'vitest/config';

/**
 * A file that needs the run's PostgreSQL server says so in its name, wherever it lies: the projects go by file
 * name, not folder, so a test can move to its feature's folder and keep its setup. tests/support/engines.ts,
 * which hands out the databases, fails a file that needs one and is named otherwise.
 */
const NEEDS_POSTGRES = '**/*.pg.test.{ts,tsx}';

export default defineConfig({
  test: {
    environment: 'node',
    // Three files at a time even on two cores (the default would be one): most of these tests wait on
    // child processes, sockets, databases and leases (one waits a whole minute), and with two the cores sat
    // idle for much of the run (a load average under 2).
    maxWorkers: 3,
    // A time limit is not what these tests check: on a loaded machine a page render or a database
    // round trip can take seconds. Generous limits still end a test that hangs. At a load average of 16 on
    // two cores, tests that start server processes or encode images took more than 30 s.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          include: ['**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, NEEDS_POSTGRES],
          // Many read the build (its manifest, or dist/server.js): built once if a plain `vitest` run finds none.
          globalSetup: ['tests/support/ensureBuild.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Vitest runs its projects' files in the order of the projects' names: this one's hold the longest
          // waits (a minute's boundary, leases, restarts), so it comes first and they overlap the rest's work.
          name: 'database',
          include: [NEEDS_POSTGRES],
          // One PostgreSQL server, started only when a file of this project runs. The set-ups run one after the
          // other, so the two projects never build at once.
          globalSetup: ['tests/support/ensureBuild.ts', 'tests/support/postgresSetup.ts'],
        },
      },
    ],
  },
});
