import type { Database } from '../../db';
import { writeSetting } from '../../db/settings';
import { newRecoveryCodes, normaliseRecoveryCode, recoveryCodeHash } from './recoveryCodes';
import type { SecretBox } from './secretBox';
import { newTotpSecret, totpStep } from './totp';

/** What a typed code was: a right authenticator code, a recovery code (now used), or neither. */
type CodeOutcome = 'code' | 'recovery' | 'wrong' | 'replayed';

/** A person's two-factor sign-in as their account page shows it. */
export interface TwoFactorStatus {
  on: boolean;
  recoveryCodesLeft: number;
}

export interface TwoFactorStore {
  status(accountId: number): Promise<TwoFactorStatus>;
  /** The accounts that have it on, for the list of people. */
  accountsWithIt(): Promise<Set<number>>;
  /** Whether a sign-in of this account must pass a second step: it has one, or everyone must. */
  secondStepDue(accountId: number): Promise<boolean>;
  /**
   * The unconfirmed secret being set up, a new one when none is: shown until a first code confirms it.
   * Undefined when two-factor sign-in is already on.
   */
  setUpSecret(accountId: number): Promise<string | undefined>;
  /** A fresh secret for a new set-up, replacing an unconfirmed one; undefined when it is already on. */
  restartSetUp(accountId: number): Promise<string | undefined>;
  /** Confirms the set-up with a first code: the recovery codes, shown once and kept only hashed; or why not. */
  confirm(accountId: number, code: string, now?: number): Promise<string[] | 'wrong' | 'replayed'>;
  /** An authenticator code alone (each time step once), as turning it off asks for. */
  checkCode(accountId: number, code: string, now?: number): Promise<CodeOutcome>;
  /** Checks the second step: an authenticator code (each time step once) or a recovery code (each once). */
  check(accountId: number, typed: string, now?: number): Promise<CodeOutcome>;
  /** Turns it off: the secret and the recovery codes are deleted. False when it was not on or under way. */
  remove(accountId: number): Promise<boolean>;
  /** Whether an owner requires two factors for everyone. */
  required(): Promise<boolean>;
  setRequired(required: boolean): Promise<void>;
}

const REQUIRED_KEY = 'staff_two_factor_required';
const SIX_DIGITS = /^\d{6}$/;

interface TotpRow {
  secret: string;
  confirmed_at: string | null;
  last_step: number;
}

/** Two-factor sign-in's rows (decision 071): staff_totp, staff_recovery_codes and one setting. */
export function createTwoFactorStore(db: Database, box: SecretBox): TwoFactorStore {
  const rowOf = (accountId: number) =>
    db.get<TotpRow>('SELECT secret, confirmed_at, last_step FROM staff_totp WHERE account_id = ?', accountId);
  const isOn = async (accountId: number) => Boolean((await rowOf(accountId))?.confirmed_at);
  const required = async () =>
    (await db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', REQUIRED_KEY))?.value === 'true';

  const begin = async (accountId: number) => {
    const secret = newTotpSecret();
    await db.run(
      `INSERT INTO staff_totp (account_id, secret, started_at) VALUES (?, ?, ?)
       ON CONFLICT (account_id) DO UPDATE SET secret = excluded.secret, started_at = excluded.started_at, last_step = 0
       WHERE staff_totp.confirmed_at IS NULL`,
      accountId,
      box.seal(secret, accountId),
      new Date().toISOString(),
    );
    return secret;
  };

  /**
   * An authenticator code against the account's secret (confirmed or not, as asked). The time step it is right
   * for is taken in one statement that needs it to be later than the last one taken: a code seen over a shoulder,
   * or sent twice at once, passes once.
   */
  const takeCode = async (accountId: number, code: string, now: number, confirmed: boolean) => {
    const row = await rowOf(accountId);
    if (!row || Boolean(row.confirmed_at) !== confirmed) return 'wrong';
    const secret = box.open(row.secret, accountId);
    const step = secret === undefined || !SIX_DIGITS.test(code) ? undefined : totpStep(secret, code, now);
    if (step === undefined) return 'wrong';
    const taken = await db.run(
      'UPDATE staff_totp SET last_step = ? WHERE account_id = ? AND last_step < ?',
      step,
      accountId,
      step,
    );
    return taken === 1 ? 'code' : 'replayed';
  };

  return {
    async status(accountId) {
      const left = await db.get<{ n: number }>(
        'SELECT count(*) AS n FROM staff_recovery_codes WHERE account_id = ? AND used_at IS NULL',
        accountId,
      );
      return { on: await isOn(accountId), recoveryCodesLeft: Number(left?.n ?? 0) };
    },
    async accountsWithIt() {
      const rows = await db.all<{ account_id: number }>(
        'SELECT account_id FROM staff_totp WHERE confirmed_at IS NOT NULL',
      );
      return new Set(rows.map((row) => Number(row.account_id)));
    },
    async secondStepDue(accountId) {
      return (await isOn(accountId)) || (await required());
    },
    async setUpSecret(accountId) {
      const row = await rowOf(accountId);
      if (row?.confirmed_at) return undefined;
      return (row && box.open(row.secret, accountId)) ?? begin(accountId);
    },
    async restartSetUp(accountId) {
      return (await isOn(accountId)) ? undefined : begin(accountId);
    },
    async confirm(accountId, code, now = Date.now()) {
      const outcome = await takeCode(accountId, code.replace(/\s/g, ''), now, false);
      if (outcome !== 'code') return outcome;
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await tx.run(
          'UPDATE staff_totp SET confirmed_at = ? WHERE account_id = ?',
          new Date(now).toISOString(),
          accountId,
        );
        await tx.run('DELETE FROM staff_recovery_codes WHERE account_id = ?', accountId);
        for (const recovery of codes)
          await tx.run(
            'INSERT INTO staff_recovery_codes (account_id, hash) VALUES (?, ?)',
            accountId,
            recoveryCodeHash(recovery),
          );
      });
      return codes;
    },
    checkCode(accountId, code, now = Date.now()) {
      return takeCode(accountId, code.replace(/\s/g, ''), now, true);
    },
    async check(accountId, typed, now = Date.now()) {
      const code = typed.replace(/\s/g, '');
      if (SIX_DIGITS.test(code)) return takeCode(accountId, code, now, true);
      if (normaliseRecoveryCode(typed) === '' || !(await isOn(accountId))) return 'wrong';
      // One statement marks it used only while it is unused: two posts of one code at once, one passes.
      const used = await db.run(
        'UPDATE staff_recovery_codes SET used_at = ? WHERE account_id = ? AND hash = ? AND used_at IS NULL',
        new Date(now).toISOString(),
        accountId,
        recoveryCodeHash(typed),
      );
      return used === 1 ? 'recovery' : 'wrong';
    },
    async remove(accountId) {
      return db.transaction(async (tx) => {
        await tx.run('DELETE FROM staff_recovery_codes WHERE account_id = ?', accountId);
        return (await tx.run('DELETE FROM staff_totp WHERE account_id = ?', accountId)) === 1;
      });
    },
    required,
    async setRequired(required) {
      await writeSetting(db, REQUIRED_KEY, String(required));
    },
  };
}
