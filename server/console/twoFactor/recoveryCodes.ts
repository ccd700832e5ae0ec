import { createHash, randomInt } from 'node:crypto';

/** How many recovery codes a person gets, each good once. */
const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be taken for one another (no i, l, o, 0, 1). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 16 characters of 31: about 79 bits, so a plain SHA-256 is enough to keep them (no one guesses one back). */
const LENGTH = 16;

/** What a person typed, as it is hashed: case, spaces and dashes do not count. */
export const normaliseRecoveryCode = (typed: string): string => typed.toLowerCase().replace(/[\s-]/g, '');

export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/** New codes, grouped by four with dashes to be copied down. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)])
      .join('')
      .replace(/(.{4})(?=.)/g, '$1-'),
  );
}
