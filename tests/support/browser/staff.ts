import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import type { Browser, BrowserContext, Page } from '@playwright/test';

import type { ServerProcess } from '../serverProcess';
import { freePort, startServer } from '../serverProcess';
import { expect } from './fixtures';
import { catchMail } from './mailCatcher.mjs';

/** The running server's data folder (playwright.config.ts). */
const dataDir = () => process.env.E2E_DATA_DIR!;

/**
 * `npm run staff -- add <email> --role owner [--name …]` against the running server's database (an owner opens every
 * section, whichever spec made the server's first account; another role when asked); returns the password it
 * printed once.
 */
export function addStaffAccount(email: string, dir = dataDir(), name?: string, role = 'owner'): string {
  const named = name ? ['--name', name] : [];
  return execFileSync(process.execPath, ['dist/commands.js', 'staff', 'add', email, '--role', role, ...named], {
    env: { ...process.env, DATA_DIR: dir },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

/**
 * Writes rows into the running server's database (the shared one's unless `dir` names another), as the site's own
 * forms and beacon would, or reads what the site wrote.
 */
export function seed(write: (db: DatabaseSync) => void, dir = dataDir()): void {
  const db = new DatabaseSync(path.join(dir, 'site.db'));
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
 * A server of the test's own, started as production starts it on a data folder of its own, with `env` besides;
 * `prepare` fills the folder first (a lab of many articles), else it is empty.
 */
export async function serverOfItsOwn(env: NodeJS.ProcessEnv = {}, prepare?: (dir: string) => Promise<unknown>) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-own-'));
  await prepare?.(dir);
  const server = await startServer(port, { DATA_DIR: dir, SITE_URL: origin, LOG_LEVEL: 'warn', ...env });
  return { origin, dir, server };
}

/**
 * A site of the test's own, so that what it publishes never reaches the shared server's blog: started as
 * production starts it, on an empty data folder (`dir`), with `email` signed in and `env` added to its settings
 * (its own mail server, say). Returns the session's cookies.
 */
export async function siteOfItsOwn(
  browser: Browser,
  email: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{
  origin: string;
  dir: string;
  server: ServerProcess;
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
}> {
  const { origin, dir, server } = await serverOfItsOwn({ TRUST_PROXY: 'false', ...env });
  const context = await browser.newContext();
  await signIn(await context.newPage(), email, addStaffAccount(email, dir), origin);
  const cookies = await context.cookies();
  await context.close();
  return { origin, dir, server, cookies };
}

/**
 * A site of the test's own that sends its e-mails to a mail catcher of its own (`mailTo(…, mailDir)` reads them),
 * one proxy hop trusted so each person may come from a client address of their own. Nobody is signed in.
 */
export async function siteWithMail(): Promise<{
  origin: string;
  dataDir: string;
  mailDir: string;
  stop: () => Promise<void>;
}> {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-own-mail-'));
  const smtp = await catchMail(0, mailDir);
  const { port } = smtp.server.address() as AddressInfo;
  const { origin, dir, server } = await serverOfItsOwn({ SMTP_URL: `smtp://127.0.0.1:${port}`, TRUST_PROXY: '1' });
  const stop = async () => {
    await server.stop();
    await new Promise((resolve) => smtp.close(resolve));
  };
  return { origin, dataDir: dir, mailDir, stop };
}
