import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/server/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['tests/server/ensureBuild.ts', 'tests/server/postgresSetup.ts'],
  },
});
