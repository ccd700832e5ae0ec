import type { Database } from '../db';

/** Failures allowed before each further attempt must wait. */
const FREE_FAILURES = 3;
/** The wait doubles with each failure past the free ones, up to this. */
const MAX_WAIT_MS = 15 * 60_000;
/** Failures in a row after which an e-mail address is locked until the CLI's unlock. */
export const LOCK_AFTER_FAILURES = 10;
/** A quiet day forgets earlier failures. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

type ThrottleState = { kind: 'open' } | { kind: 'wait'; seconds: number } | { kind: 'locked' };

export interface SignInThrottle {
  /** Whether an attempt for this address from this client may be checked now. */
  check(email: string, client: string, now?: Date): Promise<ThrottleState>;
  /** Counts a failed attempt against both. */
  fail(email: string, client: string, now?: Date): Promise<void>;
  /** A successful sign-in forgets the address's failures (not the client's: it may be trying others). */
  succeed(email: string): Promise<void>;
  /** The CLI's unlock: clears the address's failures and lock-out. */
  unlock(email: string): Promise<boolean>;
}

interface FailureRow {
  failures: number;
  last_failure_at: string;
  locked_at: string | null;
}

const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
const clientKey = (client: string) => `client:${client}`;

/** How long after the last failure the next attempt may come. */
export function backoffMs(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(1000 * 2 ** (failures - FREE_FAILURES), MAX_WAIT_MS);
}

/**
 * Throttles sign-in per e-mail address and per client address, kept in the
 * database so a restart does not reset it. Addresses without an account are
 * counted like the others: the answers never tell whether an account exists.
 */
export function createSignInThrottle(db: Database): SignInThrottle {
  const remove = (key: string) => db.run('DELETE FROM staff_sign_in_failures WHERE key = ?', key);

  const read = async (key: string, now: Date): Promise<FailureRow | undefined> => {
    const row = await db.get<FailureRow>(
      'SELECT failures, last_failure_at, locked_at FROM staff_sign_in_failures WHERE key = ?',
      key,
    );
    if (row && !row.locked_at && now.getTime() - Date.parse(row.last_failure_at) > FORGET_AFTER_MS) return undefined;
    return row;
  };

  const stateOf = (row: FailureRow | undefined, now: Date): ThrottleState => {
    if (!row) return { kind: 'open' };
    if (row.locked_at) return { kind: 'locked' };
    const waitMs = Date.parse(row.last_failure_at) + backoffMs(row.failures) - now.getTime();
    return waitMs > 0 ? { kind: 'wait', seconds: Math.ceil(waitMs / 1000) } : { kind: 'open' };
  };

  const count = async (key: string, now: Date, lockable: boolean) => {
    const failures = ((await read(key, now))?.failures ?? 0) + 1;
    await db.run(
      `INSERT INTO staff_sign_in_failures (key, failures, last_failure_at, locked_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, last_failure_at = excluded.last_failure_at, locked_at = excluded.locked_at`,
      key,
      failures,
      now.toISOString(),
      lockable && failures >= LOCK_AFTER_FAILURES ? now.toISOString() : null,
    );
  };

  return {
    async check(email, client, now = new Date()) {
      const account = stateOf(await read(emailKey(email), now), now);
      if (account.kind === 'locked') return account;
      const fromClient = stateOf(await read(clientKey(client), now), now);
      if (account.kind === 'wait' && fromClient.kind === 'wait')
        return { kind: 'wait', seconds: Math.max(account.seconds, fromClient.seconds) };
      return account.kind === 'wait' ? account : fromClient;
    },
    async fail(email, client, now = new Date()) {
      await count(emailKey(email), now, true);
      // A client is slowed down, never locked out: an address may be shared by a whole office.
      await count(clientKey(client), now, false);
    },
    async succeed(email) {
      await remove(emailKey(email));
    },
    async unlock(email) {
      return (await remove(emailKey(email))) > 0;
    },
  };
}
