import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

import { commonPasswords, commonWords } from './commonPasswords';

/** scrypt's cost: N = 2^17, r = 8, p = 1 (OWASP's figure) needs 128 MiB per hash. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1, keyLength: 32 };

export const MIN_PASSWORD_LENGTH = 12;
/** Longer than anyone types: a bound on the work one sign-in can ask of the server. */
export const MAX_PASSWORD_LENGTH = 256;

export interface PasswordHash {
  hash: string;
  salt: string;
  params: ScryptParams;
}

/**
 * At most this many hashes at once: each holds 128 MiB while it runs, so a
 * burst of sign-ins waits its turn instead of exhausting the server's memory.
 */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

/**
 * Sign-ins admitted at once: two hashing, ten waiting their turn (at 0.5 to 2.5 s a hash, the last
 * waits 3 to 13 s). One more is refused before it is counted or queued (decision 030).
 */
const MAX_ADMITTED_SIGN_INS = MAX_CONCURRENT_HASHES + 10;
let admitted = 0;

/** A place among the sign-ins admitted to the hash queue, or undefined when they are all taken; release() once done. */
export function admitSignIn(): { release(): void } | undefined {
  if (admitted >= MAX_ADMITTED_SIGN_INS) return undefined;
  admitted++;
  let held = true;
  return {
    release() {
      if (held) admitted--;
      held = false;
    },
  };
}

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // maxmem above the 128 * N * r bytes the parameters need (Node's default is 32 MiB).
  const maxmem = 256 * params.N * params.r;
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scryptCallback(
          password.normalize('NFKC'),
          salt,
          params.keyLength,
          { N: params.N, r: params.r, p: params.p, maxmem },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

/** A new hash with its own random salt. */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<PasswordHash> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return { hash: key.toString('base64'), salt: salt.toString('base64'), params };
}

/** Compares in constant time, with the parameters the hash was made with. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await scrypt(password, Buffer.from(stored.salt, 'base64'), stored.params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash no password matches, checked with the production cost: no password yields an all-zero key, and the
 * work of scrypt depends on the salt's and the parameters' sizes only. An invited account holds one until its
 * person sets a password (decision 070).
 */
export const unusablePassword = (): PasswordHash => ({
  hash: Buffer.alloc(SCRYPT_PARAMS.keyLength).toString('base64'),
  salt: randomBytes(16).toString('base64'),
  params: SCRYPT_PARAMS,
});

/**
 * What a sign-in for an address with no account is checked against, so it takes as long as a wrong password.
 * Nothing to compute ahead, so no first attempt answers slower than the next.
 */
export const DUMMY_HASH: PasswordHash = unusablePassword();

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email = ''): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password may have at most ${MAX_PASSWORD_LENGTH} characters.`;
  const lower = password.toLowerCase();
  // The word inside the padding: "Password2024!" is "password".
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const local = email.toLowerCase().split('@')[0] ?? '';
  if (commonPasswords.has(lower) || commonWords.has(core) || new Set(lower).size <= 3)
    return 'This password is too common: choose another.';
  if (local.length >= 4 && lower.includes(local)) return 'The password must not contain the e-mail address.';
  return null;
}

/** 24 random bytes as 32 URL-safe characters: about 192 bits. */
export function generatePassword(): string {
  return randomBytes(24).toString('base64url');
}
