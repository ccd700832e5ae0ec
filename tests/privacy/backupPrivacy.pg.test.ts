import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { exportPersonalData } from '../../server/privacy/personalData';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from '../../shared/model/newsletter';
import { sendNow } from '../support/campaigns';
import type { DebianPostgres } from '../support/debianPostgres';
import { POSTGRES_BIN, startDebianPostgres } from '../support/debianPostgres';
import { guardFields } from '../support/formGuard';
import type { MailServer } from '../support/mailServer';
import { startMailServer } from '../support/mailServer';
import { freePort, killServers, npmRun, startServer } from '../support/serverProcess';

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** The readers: each signs up and confirms before the back-up; three of them then ask something of us. */
const READERS = {
  erased: 'erased@example.com',
  left: 'left@example.com',
  corrected: 'corrected@example.com',
  kept: 'kept@example.com',
};

const post = (url: string, type: string, body: string) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': type }, body, redirect: 'manual' });

/** The link to `linkPath` with its token in a received e-mail's text. */
function linkIn(smtp: MailServer, address: string, linkPath: string): string {
  const mail = smtp.received.find((received) => received.recipients.includes(address));
  const link = new RegExp(`https?://[^\\s]+${linkPath}\\?token=[\\w.-]+`).exec(mail?.parsed.text ?? '')?.[0];
  expect(link, `${linkPath} in the e-mail to ${address}`).toBeDefined();
  return link!;
}

/**
 * The whole story on the real server and commands: four readers sign up and confirm, two of them also
 * write through the contact form; a back-up; then one is erased, one unsubscribes, one corrects their
 * name; the server stops, the back-up is restored, the server starts again and a campaign goes out.
 */
async function restoreAfterRequests(env: NodeJS.ProcessEnv): Promise<void> {
  const smtp = await startMailServer();
  cleanups.push(() => smtp.stop());
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? tempDir('lab-privacy-restore-');
  const serverEnv = {
    ...env,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    SITE_URL: site,
    BACKUP_INTERVAL_HOURS: '0',
    BACKUP_KEY: 'drill-only-key-'.padEnd(64, '0'),
    // Four readers sign up from this one client: a budget that lets one client have four (decision 060).
    NEWSLETTER_CONFIRMATIONS_PER_HOUR: '1000',
  };
  let server = await startServer(port, serverEnv);

  for (const address of Object.values(READERS))
    expect(
      (
        await post(
          `${site}/api/subscribe`,
          'application/json',
          JSON.stringify({ ...(await guardFields(site, 'newsletter')), email: address }),
        )
      ).status,
    ).toBe(202);
  await smtp.waitFor(4);
  for (const address of Object.values(READERS)) {
    const token = new URL(linkIn(smtp, address, CONFIRM_PATH)).searchParams.get('token')!;
    expect((await post(`${site}${CONFIRM_PATH}`, 'application/x-www-form-urlencoded', `token=${token}`)).status).toBe(
      303,
    );
  }
  for (const [name, email] of [
    ['Erin Erased', READERS.erased],
    ['Cora Misspelt', READERS.corrected],
  ])
    expect(
      (
        await post(
          `${site}/api/contact`,
          'application/json',
          JSON.stringify({
            ...(await guardFields(site, 'contact')),
            ...{ name, email, service: 'all-in-one', message: 'A website, please.' },
          }),
        )
      ).status,
    ).toBe(201);

  const backedUp = await npmRun('data', ['backup'], dataDir, serverEnv);
  expect([backedUp.code, backedUp.stderr]).toEqual([0, '']);
  const { backup } = JSON.parse(backedUp.stdout) as { backup: string };
  expect(backup).toMatch(/\.enc$/);

  // After the back-up: an erasure, an unsubscribe through the e-mail's one-click link, a correction.
  expect((await npmRun('data', ['erase', READERS.erased], dataDir, serverEnv)).code).toBe(0);
  // As a mail client posts it (RFC 8058): multipart, the token in the URL.
  const oneClick = new FormData();
  oneClick.set('List-Unsubscribe', 'One-Click');
  const unsubscribed = await fetch(linkIn(smtp, READERS.left, UNSUBSCRIBE_PATH), { method: 'POST', body: oneClick });
  expect(await unsubscribed.json()).toEqual({ result: 'unsubscribed' });
  expect((await npmRun('data', ['correct', READERS.corrected, '--name', 'Cora Right'], dataDir, serverEnv)).code).toBe(
    0,
  );

  await server.stop();
  const restored = await npmRun('data', ['restore', backup], dataDir, serverEnv);
  expect([restored.code, restored.stderr]).toEqual([0, '']);
  expect(JSON.parse(restored.stdout)).toMatchObject({
    restored: backup,
    reapplied: { erasures: 1, unsubscribes: 1, corrections: 1 },
  });
  server = await startServer(port, serverEnv);
  cleanups.push(() => server.stop());

  const config = loadConfig(serverEnv);
  const db = await openDatabase(config);
  cleanups.push(() => db.close());
  const before = smtp.received.length;
  await sendNow(db, config);
  await smtp.waitFor(before + 2, 30_000);
  // Anything else the campaign would send comes now.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const campaign = smtp.received.slice(before).flatMap((mail) => mail.recipients);
  expect(campaign.sort()).toEqual([READERS.corrected, READERS.kept]);

  // Neither the erased nor the unsubscribed address is on the list; both stay suppressed.
  const listed = await db.all<{ email: string }>(
    'SELECT email FROM subscribers WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL ORDER BY email',
  );
  expect(listed.map((row) => row.email)).toEqual([READERS.corrected, READERS.kept]);
  expect(await exportPersonalData(db, READERS.erased)).toMatchObject({
    leads: [],
    subscription: null,
    suppressed: true,
  });
  expect(await exportPersonalData(db, READERS.left)).toMatchObject({ subscription: null, suppressed: true });
  // The correction outlives the restore, with its record.
  const [corrected] = (await exportPersonalData(db, READERS.corrected)).leads;
  expect(corrected).toMatchObject({ name: 'Cora Right', corrections: [{ fields: 'name' }] });
}

describe('a restore re-applies what was asked since its back-up, before anything is sent', { timeout: 180_000 }, () => {
  it('on SQLite: an erased or unsubscribed reader gets no campaign and is off the list; a correction stays', () =>
    restoreAfterRequests({ DATA_DIR: tempDir('lab-privacy-restore-') }));

  describe('on PostgreSQL', () => {
    let postgres: DebianPostgres;
    beforeAll(async () => {
      postgres = await startDebianPostgres();
      cleanups.push(() => postgres.stop());
    });

    it('on PostgreSQL: an erased or unsubscribed reader gets no campaign and is off the list; a correction stays', () =>
      restoreAfterRequests({
        DATABASE_URL: postgres.url,
        BACKUP_DIR: tempDir('lab-privacy-restore-pg-backups-'),
        // PostgreSQL 15's pg_dump, pg_restore and psql, as on a server with its client installed.
        PATH: `${POSTGRES_BIN}:${process.env.PATH}`,
      }));
  });
});
