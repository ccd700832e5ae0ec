import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { SCRYPT_PARAMS, generatePassword, hashPassword, passwordProblem, verifyPassword } from '../../server/staff/passwords';
import { LOCK_AFTER_FAILURES, backoffMs, createSignInThrottle } from '../../server/staff/signInThrottle';

describe('passwordProblem', () => {
  it.each([
    ['short1!', 'at least 12 characters'],
    ['password1234', 'too common'],
    ['Password2024!', 'too common'],
    ['qwerty123456', 'too common'],
    ['!!Meridian2025', 'too common'],
    ['aaaaaaaaaaaaaaaa', 'too common'],
    ['ana.lopez-secret-2025', 'must not contain the e-mail address'],
  ])('refuses %s', (password, reason) => {
    expect(passwordProblem(password, 'ana.lopez@meridianlab.dev')).toContain(reason);
  });

  it('accepts a long passphrase and a generated password', () => {
    expect(passwordProblem('violet cyan meridian 42')).toBeNull();
    expect(passwordProblem(generatePassword())).toBeNull();
  });
});

describe('scrypt hashes', () => {
  it('uses N=2^17, r=8, p=1 by default and gives each password its own salt', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1, keyLength: 32 });
    const cheap = { ...SCRYPT_PARAMS, N: 2 ** 10 };
    const [a, b] = await Promise.all([hashPassword('same password here', cheap), hashPassword('same password here', cheap)]);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(await verifyPassword('same password here', a)).toBe(true);
    expect(await verifyPassword('same password herE', a)).toBe(false);
  });

  it('verifies with the parameters stored beside the hash', async () => {
    const stored = await hashPassword('a password made long ago', { ...SCRYPT_PARAMS, N: 2 ** 11 });
    expect(await verifyPassword('a password made long ago', stored)).toBe(true);
    expect(await verifyPassword('a password made long ago', { ...stored, params: { ...stored.params, N: 2 ** 12 } })).toBe(false);
  });
});

describe('the sign-in throttle', () => {
  const db = openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'lab-throttle-')));
  const throttle = createSignInThrottle(db);
  const at = (seconds: number) => new Date(Date.UTC(2025, 0, 1) + seconds * 1000);

  it('lets 3 failures pass, then doubles the wait up to 15 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 13, 30].map(backoffMs)).toEqual([0, 0, 0, 1000, 2000, 4000, 900_000, 900_000]);
  });

  it('waits after the 3rd failure, and the wait ends', () => {
    for (let i = 0; i < 3; i++) throttle.fail('ana@lab.test', '10.0.0.1', at(0));
    expect(throttle.check('ana@lab.test', '10.0.0.9', at(0))).toEqual({ kind: 'wait', seconds: 1 });
    expect(throttle.check('ANA@lab.test', '10.0.0.9', at(1))).toEqual({ kind: 'open' });
    // The client's own count applies to every address it tries.
    expect(throttle.check('other@lab.test', '10.0.0.1', at(0))).toEqual({ kind: 'wait', seconds: 1 });
  });

  it('locks an address after 10 failures until unlocked; a client is never locked, only slowed', () => {
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) throttle.fail('eve@lab.test', '10.0.0.2', at(i * 1000));
    expect(throttle.check('eve@lab.test', '10.0.0.3', at(1_000_000))).toEqual({ kind: 'locked' });
    expect(throttle.check('other@lab.test', '10.0.0.2', at(1_000_000)).kind).toBe('open');
    expect(throttle.unlock('eve@lab.test')).toBe(true);
    expect(throttle.check('eve@lab.test', '10.0.0.3', at(1_000_000))).toEqual({ kind: 'open' });
  });

  it('forgets failures after a quiet day, and a success forgets the address’s', () => {
    for (let i = 0; i < 5; i++) throttle.fail('bob@lab.test', '10.0.0.4', at(0));
    expect(throttle.check('bob@lab.test', '10.0.0.5', at(60)).kind).toBe('open');
    throttle.fail('bob@lab.test', '10.0.0.4', at(24 * 3600 + 1));
    expect(throttle.check('bob@lab.test', '10.0.0.5', at(24 * 3600 + 1)).kind).toBe('open');
    for (let i = 0; i < 5; i++) throttle.fail('cy@lab.test', '10.0.0.6', at(0));
    throttle.succeed('cy@lab.test');
    expect(throttle.check('cy@lab.test', '10.0.0.7', at(0)).kind).toBe('open');
  });
});
