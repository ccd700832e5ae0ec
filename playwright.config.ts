import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './tests/e2e/chromium.mjs';

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
// The server's data folder, which the staff console's tests seed: set once, inherited by the workers.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `lab-e2e-${process.pid}`);

/** The browser tests run against the production build, started as `npm start` starts it. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: {
    command: 'node dist/server.js',
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The origin the browser uses: the forms refuse posts from any other.
      SITE_URL: `http://localhost:${PORT}`,
      DATA_DIR: process.env.E2E_DATA_DIR,
    },
  },
});
