import { retention } from '../../shared/content/retention';
import type { Database, Queryable } from '../db';
import { createTurns } from '../lib/turns';
import { admitSignIn } from './passwords';

/** Failures in a row from one client for one address after which that pair is locked… */
export const LOCK_AFTER_FAILURES = 10;
/** …for this long, and again after each further failure; other clients are not (decision 030). */
export const LOCK_MS = 30 * 60_000;

/** How failures in a row slow down, then lock, the next attempt on a key. */
interface Backoff {
  /** Failures allowed before each further attempt must wait… */
  free: number;
  /** …a wait that doubles with each failure past the free ones, up to this. */
  maxWaitMs: number;
  lockAfter: number;
  lockMs: number;
}
const PASSWORD: Backoff = { free: 3, maxWaitMs: 15 * 60_000, lockAfter: LOCK_AFTER_FAILURES, lockMs: LOCK_MS };
/** The second step (decision 071): five wrong codes in a row lock it for 15 minutes, from every client. */
const SECOND_STEP: Backoff = { free: 5, maxWaitMs: 0, lockAfter: 5, lockMs: 15 * 60_000 };
/** A quiet day forgets earlier failures; the daily purge deletes the rows as well. */
const FORGET_AFTER_MS = retention.signInFailuresDays * 24 * 60 * 60_000;

/** A lock under way: the account's address and the client key it holds for. */
export interface SignInLock {
  email: string;
  client: string;
}

/** What the throttle says to an attempt: it may be checked (reserved), or not yet. */
type SignInAttempt =
  | { kind: 'reserved'; /** attempts in a row from this client for this address, this one included */ failures: number }
  | { kind: 'wait'; seconds: number }
  | { kind: 'locked'; seconds: number };

export interface SignInThrottle {
  /**
   * Reserves an attempt for this address from this client (a client key, see clientKey) before its
   * password is checked: counted as a failure until succeed() says otherwise, so parallel attempts
   * each see the ones before them. Refused while a wait or a lock runs.
   */
  reserve(email: string, client: string, now?: number): Promise<SignInAttempt>;
  /** The reserved attempt was wrong: its waits run from now, the answer, rather than from the reservation. */
  fail(email: string, client: string, now?: number): Promise<void>;
  /** The reserved attempt signed in: forgets the address's failures, and takes this one back from the client's. */
  succeed(email: string, client: string, now?: number): Promise<void>;
  /**
   * Waits for the attempt under way in this process from this client on this address, if any, then takes a place
   * in the hash queue (admitSignIn): undefined when it is full; release() once answered. A reservation counts as a
   * failure until it is answered, so a second attempt at the same moment (a double click, two tabs) would be
   * refused for a failure that was not one. Waiting, an attempt holds no place.
   */
  admit(email: string, client: string): Promise<{ release(): void } | undefined>;
  /** The CLI's unlock: clears the failures and locks of an address, from every client. */
  unlock(email: string): Promise<boolean>;
  /** The accounts locked for a client now, each with the client it is locked for (the latest, when several). */
  locks(now?: number): Promise<SignInLock[]>;
}

/** How long after the attempt that made `failures` in a row the next one may come. */
export function backoffMs(failures: number, lockable = false, policy = PASSWORD): number {
  if (lockable && failures >= policy.lockAfter) return policy.lockMs;
  return failures < policy.free ? 0 : Math.min(1000 * 2 ** (failures - policy.free), policy.maxWaitMs);
}

/** backoffMs as SQL over a count: one arm per count until the wait stops changing, so the upsert decides alone. */
function backoffSql(count: string, lockable: boolean, policy = PASSWORD): string {
  const wait = (failures: number) => backoffMs(failures, lockable, policy);
  const arms: string[] = [];
  let failures = 1;
  for (; failures < policy.free || wait(failures) !== wait(failures + 1); failures++)
    arms.push(`WHEN ${failures} THEN ${wait(failures)}`);
  return `CASE ${count} ${arms.join(' ')} ELSE ${wait(failures)} END`;
}

/**
 * One statement takes an attempt on a key: a new row, or one more failure when the key is open
 * (always when `always`), with the time the next may come. No row back: closed, nothing changed.
 * Atomic on both engines, so two parallel attempts never both see the same count.
 */
const takeSql = (lockable: boolean, always: boolean, policy = PASSWORD) =>
  `INSERT INTO staff_sign_in_attempts (key, email, failures, last_at, open_at) VALUES (?, ?, 1, ?, ?)
   ON CONFLICT (key) DO UPDATE SET
     failures = staff_sign_in_attempts.failures + 1,
     last_at = excluded.last_at,
     open_at = excluded.last_at + ${backoffSql('staff_sign_in_attempts.failures + 1', lockable, policy)}
   ${always ? '' : 'WHERE staff_sign_in_attempts.open_at <= excluded.last_at'}
   RETURNING failures`;
const TAKE_PAIR = takeSql(true, false);
const TAKE = takeSql(false, false);
const TAKE_ALWAYS = takeSql(false, true);
/** A key's wait, counted again from `now`: it never ends sooner than the reservation's did. */
const waitFromNowSql = (lockable: boolean, policy = PASSWORD) =>
  `UPDATE staff_sign_in_attempts SET open_at = CAST(? AS BIGINT) + ${backoffSql('failures', lockable, policy)} WHERE key = ?`;
const WAIT_PAIR_FROM_NOW = waitFromNowSql(true);
const WAIT_FROM_NOW = waitFromNowSql(false);

const normalise = (email: string) => email.trim().toLowerCase();

/** One attempt taken on one key. */
interface TakeOptions {
  /** TAKE_PAIR, TAKE or TAKE_ALWAYS. */
  sql: string;
  /** The row's key: the pair, the client or the address (see keys). */
  key: string;
  /** The address the row is kept under, for unlock and locks; null on the client's key. */
  email: string | null;
  now: number;
}

/** A refusal leaves the reservation's transaction, which rolls back what it had taken. */
class Refused extends Error {
  constructor(readonly attempt: SignInAttempt) {
    super('refused');
  }
}

/**
 * Throttles sign-in, in the database so a restart or a second instance does not reset it, on three
 * keys: the client (slowed down, never locked: an office shares an address), the address with the
 * client (slowed down, then locked for a while: a stranger's guesses never lock the owner out), and
 * the address from every client (slowed down, except for a client with no failures of its own, so
 * the owner always gets a try). Addresses without an account are counted like the others.
 */
export function createSignInThrottle(db: Database): SignInThrottle {
  const keys = (email: string, client: string) => {
    const address = normalise(email);
    return { address, pair: `pair:${address} ${client}`, client: `client:${client}`, email: `email:${address}` };
  };

  /** The key's failures in a row, this one included; undefined when the key is closed (nothing taken). */
  const take = async (tx: Queryable, { sql, key, email, now }: TakeOptions) =>
    (await tx.get<{ failures: number }>(sql, key, email, now, now + backoffMs(1)))?.failures;

  const refusal = async (tx: Queryable, key: string, lockable: boolean, now: number) => {
    const row = await tx.get<{ failures: number; open_at: number }>(
      'SELECT failures, open_at FROM staff_sign_in_attempts WHERE key = ?',
      key,
    );
    const seconds = Math.max(1, Math.ceil((Number(row?.open_at ?? now) - now) / 1000));
    return new Refused({ kind: lockable && (row?.failures ?? 0) >= LOCK_AFTER_FAILURES ? 'locked' : 'wait', seconds });
  };

  const turns = createTurns();

  return {
    async admit(email, client) {
      const endTurn = await turns.take(keys(email, client).pair);
      const place = admitSignIn();
      if (!place) endTurn();
      return (
        place && {
          release() {
            place.release();
            endTurn();
          },
        }
      );
    },
    async reserve(email, client, now = Date.now()) {
      const key = keys(email, client);
      try {
        return await db.transaction(async (tx) => {
          await tx.run(
            'DELETE FROM staff_sign_in_attempts WHERE key IN (?, ?, ?) AND last_at < ?',
            key.pair,
            key.client,
            key.email,
            now - FORGET_AFTER_MS,
          );
          // Always in this order (pair, client, address), so two transactions never wait on each other in a circle.
          const failures = await take(tx, { sql: TAKE_PAIR, key: key.pair, email: key.address, now });
          if (failures === undefined) throw await refusal(tx, key.pair, true, now);
          const fromClient = await take(tx, { sql: TAKE, key: key.client, email: null, now });
          if (fromClient === undefined) throw await refusal(tx, key.client, false, now);
          // A client's first attempt is checked whatever others did to the address; it still counts there.
          const sql = fromClient === 1 ? TAKE_ALWAYS : TAKE;
          if ((await take(tx, { sql, key: key.email, email: key.address, now })) === undefined)
            throw await refusal(tx, key.email, false, now);
          return { kind: 'reserved', failures } as const;
        });
      } catch (error) {
        if (error instanceof Refused) return error.attempt;
        throw error;
      }
    },
    async fail(email, client, now = Date.now()) {
      const key = keys(email, client);
      await db.transaction(async (tx) => {
        await tx.run(WAIT_PAIR_FROM_NOW, now, key.pair);
        await tx.run(WAIT_FROM_NOW, now, key.client);
        await tx.run(WAIT_FROM_NOW, now, key.email);
      });
    },
    async succeed(email, client, now = Date.now()) {
      const key = keys(email, client);
      await db.transaction(async (tx) => {
        await tx.run('DELETE FROM staff_sign_in_attempts WHERE key IN (?, ?)', key.pair, key.email);
        await tx.run('DELETE FROM staff_sign_in_attempts WHERE key = ? AND failures <= 1', key.client);
        await tx.run(
          'UPDATE staff_sign_in_attempts SET failures = failures - 1, open_at = ? WHERE key = ?',
          now,
          key.client,
        );
      });
    },
    async unlock(email) {
      return (await db.run('DELETE FROM staff_sign_in_attempts WHERE email = ?', normalise(email))) > 0;
    },
    async locks(now = Date.now()) {
      // Only the pair keys lock, and only addresses with an account are told of (unknown ones lock alike).
      const rows = await db.all<{ key: string; email: string }>(
        `SELECT attempt.key, account.email FROM staff_sign_in_attempts AS attempt
         JOIN staff_accounts AS account ON account.email = attempt.email
         WHERE attempt.key LIKE 'pair:%' AND attempt.failures >= ? AND attempt.open_at > ?
         ORDER BY account.email, attempt.last_at DESC`,
        LOCK_AFTER_FAILURES,
        now,
      );
      const locks = new Map<string, SignInLock>();
      for (const { key, email } of rows)
        if (!locks.has(email)) locks.set(email, { email, client: key.slice(`pair:${email} `.length) });
      return [...locks.values()];
    },
  };
}

/** The second step's throttle: one key per account, whatever the client (the password is already known). */
export interface SecondStepThrottle {
  /** Reserves an attempt, counted as wrong until succeed(); undefined when reserved, else the seconds the lock still runs. */
  reserve(email: string, now?: number): Promise<number | undefined>;
  /** The reserved code was wrong: the lock, once reached, runs from now. */
  fail(email: string, now?: number): Promise<void>;
  /** The reserved code was right: the failures are forgotten. */
  succeed(email: string): Promise<void>;
}

const TAKE_SECOND_STEP = takeSql(true, false, SECOND_STEP);
const SECOND_STEP_FROM_NOW = waitFromNowSql(true, SECOND_STEP);

/**
 * The password's throttle on one key (decision 071): five wrong codes in a row lock the account's second step for
 * 15 minutes. Kept under the address, so the CLI's unlock clears it too.
 */
export function createSecondStepThrottle(db: Database): SecondStepThrottle {
  const keyOf = (email: string) => `second-step:${normalise(email)}`;
  return {
    async reserve(email, now = Date.now()) {
      const key = keyOf(email);
      // As for the password: a quiet day forgets earlier failures.
      await db.run('DELETE FROM staff_sign_in_attempts WHERE key = ? AND last_at < ?', key, now - FORGET_AFTER_MS);
      const taken = await db.get<{ failures: number }>(
        TAKE_SECOND_STEP,
        key,
        normalise(email),
        now,
        now + backoffMs(1, true, SECOND_STEP),
      );
      if (taken) return undefined;
      const row = await db.get<{ open_at: number }>('SELECT open_at FROM staff_sign_in_attempts WHERE key = ?', key);
      return Math.max(1, Math.ceil((Number(row?.open_at ?? now) - now) / 1000));
    },
    async fail(email, now = Date.now()) {
      await db.run(SECOND_STEP_FROM_NOW, now, keyOf(email));
    },
    async succeed(email) {
      await db.run('DELETE FROM staff_sign_in_attempts WHERE key = ?', keyOf(email));
    },
  };
}
