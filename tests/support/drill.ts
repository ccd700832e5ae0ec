import { expect } from 'vitest';

import { guardFields } from './formGuard';
import type { ServerProcess } from './serverProcess';
import { freePort, npmRun, startServer } from './serverProcess';

/** A lead sent through the running site's contact endpoint. */
export async function postLead(port: number, name: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ...(await guardFields(`http://127.0.0.1:${port}`, 'contact')),
      ...{ name, email: 'drill@example.com', service: 'all-in-one', message: 'A drill lead.' },
    }),
  });
  expect(response.status).toBe(201);
}

/** The staff inbox's first page as a signed-in staff member sees it on the running site. */
export async function inbox(port: number, email: string, password: string): Promise<string> {
  const signIn = await fetch(`http://127.0.0.1:${port}/staff/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
    redirect: 'manual',
  });
  expect(signIn.status).toBe(303);
  const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
  const page = await fetch(`http://127.0.0.1:${port}/staff/leads`, { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  return page.text();
}

/** The drill's staff account, made with the real command. */
export const DRILL_STAFF = 'drill@meridianlab.test';

/**
 * The drill's start: the real server on `dataDir` and `env`, a staff account, and two leads through the
 * contact endpoint ("Drill One", "Drill Two"). `inboxPage()` is the inbox the account sees now.
 */
export async function startDrill(
  dataDir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ port: number; server: ServerProcess; password: string; inboxPage: () => Promise<string> }> {
  const port = await freePort();
  const server = await startServer(port, { DATA_DIR: dataDir, ...env });
  const added = await npmRun('staff', ['add', DRILL_STAFF], dataDir, env);
  expect(added.code).toBe(0);
  const password = added.stdout.trim();
  await postLead(port, 'Drill One');
  await postLead(port, 'Drill Two');
  return { port, server, password, inboxPage: () => inbox(port, DRILL_STAFF, password) };
}
