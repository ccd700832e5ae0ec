import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import type { Browser, BrowserContext, Page } from '@playwright/test';

import type { ServerProcess } from '../serverProcess';
import { freePort, startServer } from '../serverProcess';
import { expect } from './fixtures';

/** The running server's data folder (playwright.config.ts). */
const dataDir = () => process.env.E2E_DATA_DIR!;

/**
 * `npm run staff -- add <email> --role owner [--name …]` against the running server's database (an owner opens every
 * section, whichever spec made the server's first account); returns the password it printed once.
 */
export function addStaffAccount(email: string, dir = dataDir(), name?: string): string {
  const named = name ? ['--name', name] : [];
  return execFileSync(process.execPath, ['dist/commands.js', 'staff', 'add', email, '--role', 'owner', ...named], {
    env: { ...process.env, DATA_DIR: dir },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

/** Writes rows into the running server's database, as the site's own forms and beacon would. */
export function seed(write: (db: DatabaseSync) => void): void {
  const db = new DatabaseSync(path.join(dataDir(), 'site.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    write(db);
  } finally {
    db.close();
  }
}

export function insertLead(db: DatabaseSync, name: string, email: string, service: string, message: string): number {
  const result = db
    .prepare(
      `INSERT INTO leads (received_at, name, email, company, phone, service, message, client_hash, user_agent)
       VALUES (?, ?, ?, 'Browser Test Co', '+1 305 555 0199', ?, ?, 'hash', 'Browser Test')`,
    )
    .run(new Date().toISOString(), name, email, service, message);
  return Number(result.lastInsertRowid);
}

/** Signs in through the form, as a person does, and lands on the inbox (of the site at `origin`, the shared one by default). */
export async function signIn(page: Page, email: string, password: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/staff/sign-in`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/leads$/);
}

/**
 * A site of the test's own, so that what it publishes never reaches the shared server's blog: started as
 * production starts it, on an empty data folder, with `email` signed in. Returns the session's cookies.
 */
export async function siteOfItsOwn(
  browser: Browser,
  email: string,
): Promise<{ origin: string; server: ServerProcess; cookies: Awaited<ReturnType<BrowserContext['cookies']>> }> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-own-'));
  const server = await startServer(port, {
    DATA_DIR: dir,
    SITE_URL: origin,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'false',
  });
  const context = await browser.newContext();
  await signIn(await context.newPage(), email, addStaffAccount(email, dir), origin);
  const cookies = await context.cookies();
  await context.close();
  return { origin, server, cookies };
}
