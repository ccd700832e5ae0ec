import { afterAll, describe, expect, it } from 'vitest';

import { createAccountStore } from '../../server/console/accounts';
import { hashPassword, SCRYPT_PARAMS } from '../../server/console/passwords';
import { createSessionStore } from '../../server/console/sessions';
import { createSecondStepThrottle } from '../../server/console/signInThrottle';
import { secretBox } from '../../server/console/twoFactor/secretBox';
import { createTwoFactorStore } from '../../server/console/twoFactor/store';
import type { Database } from '../../server/db';
import { purgeExpired } from '../../server/privacy/retention';
import { engines } from '../support/engines';
import { totpCode } from '../support/twoFactor';

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

const T = Date.parse('2026-11-28T10:00:10Z');

describe.each(engines)('two-factor sign-in on $engine', ({ open }) => {
  const setUp = async () => {
    const db = await open();
    opened.push(db);
    const accounts = createAccountStore(db);
    await accounts.add('ana@meridianlab.test', await hashPassword('x', { ...SCRYPT_PARAMS, N: 2 ** 10 }));
    const id = (await accounts.find('ana@meridianlab.test'))!.id;
    return { db, id, accounts, store: createTwoFactorStore(db, secretBox('a site key of thirty-two bytes or more')) };
  };

  it('confirms with a first code, takes each time step and each recovery code once, and is deleted when off', async () => {
    const { id, store } = await setUp();
    const secret = (await store.setUpSecret(id))!;
    expect(await store.setUpSecret(id)).toBe(secret);
    expect(await store.secondStepDue(id)).toBe(false);
    expect(await store.confirm(id, '000000', T)).toBe('wrong');
    const codes = await store.confirm(id, totpCode(secret, T), T);
    expect(codes).toHaveLength(10);
    expect(await store.secondStepDue(id)).toBe(true);
    expect(await store.check(id, totpCode(secret, T), T)).toBe('replayed');
    expect(await store.check(id, totpCode(secret, T + 30_000), T + 30_000)).toBe('code');
    expect(await store.check(id, (codes as string[])[0]!, T)).toBe('recovery');
    expect(await store.check(id, (codes as string[])[0]!, T)).toBe('wrong');
    expect(await store.status(id)).toEqual({ on: true, recoveryCodesLeft: 9 });
    expect(await store.accountsWithIt()).toEqual(new Set([id]));
    expect(await store.remove(id)).toBe(true);
    expect(await store.status(id)).toEqual({ on: false, recoveryCodesLeft: 0 });
  });

  it('keeps the requirement for everyone as a setting, and a disabled account keeps no second factor', async () => {
    const { db, id, store, accounts } = await setUp();
    expect(await store.required()).toBe(false);
    await store.setRequired(true);
    expect(await store.required()).toBe(true);
    expect(await store.secondStepDue(id)).toBe(true);
    await store.setRequired(false);
    expect(await store.required()).toBe(false);
    const secret = (await store.setUpSecret(id))!;
    await store.confirm(id, totpCode(secret, T), T);
    await accounts.disable('ana@meridianlab.test');
    expect(Number((await db.get<{ n: number }>('SELECT count(*) AS n FROM staff_totp'))!.n)).toBe(0);
    expect(Number((await db.get<{ n: number }>('SELECT count(*) AS n FROM staff_recovery_codes'))!.n)).toBe(0);
  });

  it('deletes the secret of a set-up never finished a day after it started, and keeps one that is on', async () => {
    const { db, id, accounts, store } = await setUp();
    await accounts.add('bo@meridianlab.test', await hashPassword('x', { ...SCRYPT_PARAMS, N: 2 ** 10 }));
    const bo = (await accounts.find('bo@meridianlab.test'))!.id;
    const started = Date.now();
    await store.setUpSecret(id);
    const secret = (await store.setUpSecret(bo))!;
    await store.confirm(bo, totpCode(secret, started), started);
    expect((await purgeExpired(db, new Date(started + 23 * 3_600_000))).unfinishedTwoFactor).toBe(0);
    expect((await purgeExpired(db, new Date(started + 25 * 3_600_000))).unfinishedTwoFactor).toBe(1);
    expect(await db.all('SELECT account_id FROM staff_totp')).toEqual([{ account_id: bo }]);
  });

  it('starts pending sessions, and locks the second step after five wrong codes for 15 minutes', async () => {
    const { db, id } = await setUp();
    const sessions = createSessionStore(db);
    expect(
      (await sessions.resume(await sessions.create(id, new Date(T), { pending: true }), new Date(T)))?.pending,
    ).toBe(true);
    expect((await sessions.resume(await sessions.create(id, new Date(T)), new Date(T)))?.pending).toBe(false);
    const throttle = createSecondStepThrottle(db);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await throttle.reserve('ana@meridianlab.test', T)).toBeUndefined();
      await throttle.fail('ana@meridianlab.test', T);
    }
    expect(await throttle.reserve('ana@meridianlab.test', T + 60_000)).toBe(14 * 60);
    expect(await throttle.reserve('Ana@meridianlab.test', T + 15 * 60_000)).toBeUndefined();
    await throttle.succeed('ana@meridianlab.test');
    expect(await throttle.reserve('ana@meridianlab.test', T + 15 * 60_000)).toBeUndefined();
  });
});
