import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { afterAll, describe, expect, it } from 'vitest';

import { createAccountStore } from '../../server/console/accounts';
import { verifyPassword } from '../../server/console/passwords';
import { createSessionStore } from '../../server/console/sessions';
import { backoffMs, createSignInThrottle, LOCK_AFTER_FAILURES } from '../../server/console/signInThrottle';
import { openSqliteDatabase } from '../../server/db';

const exec = promisify(execFile);

/** `npm run --silent staff -- …args` with DATA_DIR set and no terminal, as a script runs it. */
async function staff(args: string[], dataDir: string) {
  try {
    const { stdout, stderr } = await exec('npm', ['run', '--silent', 'staff', '--', ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-staff-cli-'));
const db = openSqliteDatabase(dataDir);
const accounts = createAccountStore(db);
afterAll(() => db.close());

describe('npm run staff', { timeout: 240_000 }, () => {
  it('add: creates the account with a generated password printed once, on stdout alone; the database holds only its scrypt hash', async () => {
    const run = await staff(['add', 'Ana@MeridianLab.test', '--name', 'Ana Ruiz', '--office', 'new york'], dataDir);
    expect(run.code).toBe(0);
    const password = run.stdout.trim();
    expect(password).toMatch(/^[\w-]{32}$/);
    // The first account is the first owner: nobody else could give it a role.
    expect(run.stderr).toContain('Created the account ana@meridianlab.test (owner).');
    expect(await accounts.find('ana@meridianlab.test')).toMatchObject({
      name: 'Ana Ruiz',
      office: 'New York',
      timeZone: 'America/New_York',
      role: 'owner',
    });
    expect(run.stderr).not.toContain(password);
    const account = (await accounts.find('ana@meridianlab.test'))!;
    expect(account.password.params).toEqual({ N: 131072, r: 8, p: 1, keyLength: 32 });
    expect(JSON.stringify(db.connection.prepare('SELECT * FROM staff_accounts').all())).not.toContain(password);
    expect(await verifyPassword(password, account.password)).toBe(true);
  });

  it('add: a later account is sales unless given a role; a wrong office, role or option is a usage error', async () => {
    expect((await staff(['add', 'luis@meridianlab.test', '--office', 'Bogota'], dataDir)).code).toBe(0);
    expect(await accounts.find('luis@meridianlab.test')).toMatchObject({ role: 'sales', timeZone: 'America/Bogota' });
    // Languages as a list, the office as a shell word; hours Monday to Friday 09:00-17:00 until changed.
    const add = ['add', 'rosa@meridianlab.test', '--office', 'new-york', '--languages', 'en,es'];
    expect((await staff(add, dataDir)).code).toBe(0);
    const nine = { from: '09:00', to: '17:00' };
    expect(await accounts.find('rosa@meridianlab.test')).toMatchObject({
      office: 'New York',
      languages: ['en', 'es'],
      timeZone: 'America/New_York',
      hours: { monday: nine, tuesday: nine, wednesday: nine, thursday: nine, friday: nine },
    });
    expect((await accounts.find('rosa@meridianlab.test'))!.hours.saturday).toBeUndefined();
    expect((await staff(['add', 'eva@meridianlab.test', '--role', 'editor'], dataDir)).code).toBe(0);
    expect((await accounts.find('eva@meridianlab.test'))!.role).toBe('editor');
    for (const [options, message] of [
      [['--office', 'Paris'], '"Paris" is no office: Miami, Bogota, New York.'],
      [['--role', 'admin'], '"admin" is no role: owner, editor, sales.'],
      [['--languages', 'en,fr'], '"en,fr" is no list of languages: en, es or en,es.'],
      [['--name'], 'Unexpected "--name".'],
      [['--colour', 'red'], 'Unexpected "--colour".'],
    ] as const)
      expect(await staff(['add', 'kim@meridianlab.test', ...options], dataDir)).toMatchObject({
        code: 2,
        stderr: expect.stringContaining(message),
      });
    expect(await accounts.find('kim@meridianlab.test')).toBeUndefined();
  });

  it('add: refuses an address that has an account, and one that is no address', async () => {
    expect(await staff(['add', 'ana@meridianlab.test'], dataDir)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already has an account'),
    });
    expect(await staff(['add', 'not-an-address'], dataDir)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('is not an e-mail address'),
    });
  });

  it('reset: sets a new password and ends the account’s sessions', async () => {
    const before = (await accounts.find('ana@meridianlab.test'))!;
    const token = await createSessionStore(db).create(before.id);
    const run = await staff(['reset', 'ana@meridianlab.test'], dataDir);
    expect(run.code).toBe(0);
    expect(await verifyPassword(run.stdout.trim(), (await accounts.find('ana@meridianlab.test'))!.password)).toBe(true);
    expect(await createSessionStore(db).resume(token)).toBeUndefined();
  });

  it('disable: ends all the account’s sessions at once, and list shows it disabled', async () => {
    const { id } = (await accounts.find('ana@meridianlab.test'))!;
    const tokens = [await createSessionStore(db).create(id), await createSessionStore(db).create(id)];
    expect((await staff(['disable', 'ana@meridianlab.test'], dataDir)).code).toBe(0);
    expect(
      db.connection.prepare('SELECT count(*) AS sessions FROM staff_sessions WHERE account_id = ?').get(id),
    ).toEqual({ sessions: 0 });
    for (const token of tokens) expect(await createSessionStore(db).resume(token)).toBeUndefined();
    const list = await staff(['list'], dataDir);
    expect(list.stdout).toMatch(/^ana@meridianlab\.test\tAna Ruiz\towner\tcreated \S+\tdisabled \S+\n/);
  });

  it('unlock: clears the address’s lock-out, from every client', async () => {
    const throttle = createSignInThrottle(db);
    let time = Date.now();
    for (let failures = 1; failures <= LOCK_AFTER_FAILURES; failures++) {
      await throttle.reserve('ana@meridianlab.test', '203.0.113.9', time);
      time += backoffMs(failures);
    }
    expect(await throttle.reserve('ana@meridianlab.test', '203.0.113.9', time)).toMatchObject({ kind: 'locked' });
    const run = await staff(['unlock', 'ana@meridianlab.test'], dataDir);
    expect(run).toMatchObject({ code: 0, stderr: 'Cleared the failed sign-ins of ana@meridianlab.test.\n' });
    expect(await throttle.reserve('ana@meridianlab.test', '203.0.113.9', time)).toEqual({
      kind: 'reserved',
      failures: 1,
    });
  });

  it('two-factor-off: deletes the secret and recovery codes of someone who lost both', async () => {
    const { id } = (await accounts.find('ana@meridianlab.test'))!;
    db.connection
      .prepare("INSERT INTO staff_totp (account_id, secret, started_at, confirmed_at) VALUES (?, 'plain:X', '', '')")
      .run(id);
    db.connection.prepare("INSERT INTO staff_recovery_codes (account_id, hash) VALUES (?, 'h')").run(id);
    const run = await staff(['two-factor-off', 'ana@meridianlab.test'], dataDir);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Turned off the two-factor sign-in of ana@meridianlab.test');
    expect(db.connection.prepare('SELECT count(*) AS n FROM staff_totp').get()).toEqual({ n: 0 });
    expect(db.connection.prepare('SELECT count(*) AS n FROM staff_recovery_codes').get()).toEqual({ n: 0 });
    expect((await staff(['two-factor-off', 'ana@meridianlab.test'], dataDir)).stderr).toContain('had no two-factor');
  });

  it('says what is wrong: an unknown account, an unknown command, no database', async () => {
    expect(await staff(['reset', 'nobody@meridianlab.test'], dataDir)).toMatchObject({
      code: 1,
      stderr: 'There is no account for nobody@meridianlab.test.\n',
    });
    expect(await staff(['promote', 'ana@meridianlab.test'], dataDir)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown command "promote"'),
    });
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-staff-cli-empty-'));
    expect(await staff(['list'], empty)).toMatchObject({ code: 1, stderr: expect.stringContaining('No database at') });
  });
});
