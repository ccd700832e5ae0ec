import { describe, expect, it } from 'vitest';

import {
  generatePassword,
  hashPassword,
  passwordProblem,
  SCRYPT_PARAMS,
  verifyPassword,
} from '../../server/console/passwords';
import { backoffMs } from '../../server/console/signInThrottle';

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
    const [a, b] = await Promise.all([
      hashPassword('same password here', cheap),
      hashPassword('same password here', cheap),
    ]);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(await verifyPassword('same password here', a)).toBe(true);
    expect(await verifyPassword('same password herE', a)).toBe(false);
  });

  it('verifies with the parameters stored beside the hash', async () => {
    const stored = await hashPassword('a password made long ago', { ...SCRYPT_PARAMS, N: 2 ** 11 });
    expect(await verifyPassword('a password made long ago', stored)).toBe(true);
    expect(
      await verifyPassword('a password made long ago', { ...stored, params: { ...stored.params, N: 2 ** 12 } }),
    ).toBe(false);
  });
});

describe('the sign-in backoff (the throttle itself is in the store tests, on both engines)', () => {
  it('lets 3 failures pass, then doubles the wait up to 15 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 13, 30].map((failures) => backoffMs(failures))).toEqual([
      0, 0, 0, 1000, 2000, 4000, 900_000, 900_000,
    ]);
  });

  it('locks an address for one client for 30 minutes from the 10th failure in a row, and again after each', () => {
    expect([9, 10, 11, 30].map((failures) => backoffMs(failures, true))).toEqual([
      64_000, 1_800_000, 1_800_000, 1_800_000,
    ]);
  });
});
