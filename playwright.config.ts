import os from 'node:os';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

import { findChromium, PLAYWRIGHT_CHROMIUM_ARGS } from './tests/support/browser/chromium.mjs';
import { SERVER_COMMAND, TEST_ANALYTICS_KEY, TEST_FORM_CHECKS, TEST_IDENTITY } from './tests/support/serverCommand';

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
/** The test SMTP server's fixed loopback port, derived from the site's so that checkouts do not collide. */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 10_000);
// Set once here, inherited by the test workers: where the mail catcher writes what the site sends, and the site's data (which the staff console's tests seed).
process.env.E2E_MAIL_DIR ??= path.join(os.tmpdir(), `lab-e2e-mail-${process.pid}`);
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `lab-e2e-${process.pid}`);

/** The browser tests run against the production build, started as `npm start` starts it. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // axe over a long page and the staff console's real scrypt cost take seconds on a 2-core machine.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: PLAYWRIGHT_CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: [
    {
      // A real SMTP server: the site sends its e-mails to it, the tests read them from E2E_MAIL_DIR.
      command: `node tests/support/browser/mailCatcher.mjs ${SMTP_PORT} ${process.env.E2E_MAIL_DIR}`,
      port: SMTP_PORT,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: SERVER_COMMAND,
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
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // One proxy hop is trusted, so a test may post as its own client (X-Forwarded-For) and keep clear of the others' rate limits.
        TRUST_PROXY: '1',
        // The newsletter's e-mails wait without it.
        ...TEST_IDENTITY,
        ...TEST_ANALYTICS_KEY,
        ...TEST_FORM_CHECKS,
      },
    },
  ],
});
