import { createHash, randomBytes } from 'node:crypto';

import type { Database } from '../db';
import type { Role } from './roles';

/** A session ends after this long without a request… */
const IDLE_TIMEOUT_MS = 30 * 60_000;
/** …and this long after sign-in, however busy. */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60_000;
/** last_seen_at is written at most this often: a page and its export do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;
/**
 * An ended session stays this long as a tombstone (no longer opening anything), so that a form its browser
 * posts after the end can be kept for its person to finish after signing in again (decision 072).
 */
const KEEP_ENDED_MS = 24 * 60 * 60_000;

export interface StaffSession {
  /** The SHA-256 of the cookie's token. */
  id: string;
  accountId: number;
  email: string;
  /** The name the console shows for the person; their address while they have none. */
  name: string;
  role: Role;
  csrfToken: string;
  createdAt: string;
  /** Passed the password but not yet the second step (decision 071): opens that step and sign-out only. */
  pending: boolean;
  /** When the person last typed their password in this session: at sign-in, then at each fresh check (recentCheck.ts). */
  checkedAt: string;
}

/** A live session as its person sees it in their list. */
export interface SessionSummary {
  id: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
}

/** A session that ended (time-out, or ended from a list) less than a day ago: whose it was, and its form token. */
export interface EndedSession {
  accountId: number;
  csrfToken: string;
}

export interface SessionStore {
  /**
   * Starts a session and returns the cookie's token (only its hash is stored): pending until the second step is
   * passed (decision 071), with the browser's user agent to name it in the person's list.
   */
  create(accountId: number, now?: Date, options?: { pending?: boolean; userAgent?: string }): Promise<string>;
  /**
   * The live session of a cookie token, touched; undefined once it timed out or was ended. A disabled
   * account's sessions are deleted.
   */
  resume(token: string, now?: Date): Promise<StaffSession | undefined>;
  /** Signs out: deletes the session of a cookie token. */
  end(token: string): Promise<void>;
  /** The session of a cookie token that ended less than a day ago, for a form its browser posted since. */
  ended(token: string, now?: Date): Promise<EndedSession | undefined>;
  /** A person's live sessions, the last seen first. */
  list(accountId: number, now?: Date): Promise<SessionSummary[]>;
  /** Ends one of a person's live sessions; false when it is not one of them (or has ended). */
  endOne(accountId: number, id: string, now?: Date): Promise<boolean>;
  /** Records that the session's person just typed their password again (session id, not the cookie's token). */
  recordCheck(id: string, now?: Date): Promise<void>;
}

/** The stored id of a cookie token: a copy of the database holds no usable cookie. */
const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');

interface SessionRow {
  id: string;
  account_id: number;
  email: string;
  name: string;
  role: Role;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  ended_at: string | null;
  user_agent: string;
  checked_at: string;
  disabled_at: string | null;
  pending: number;
}

/** A user agent is kept to name a device and a browser: a bounded line. */
const USER_AGENT_MAX = 400;

/** When a session stops being live: its end, its idle time-out or its absolute time-out, whichever is first. */
function endOf(row: Pick<SessionRow, 'ended_at' | 'last_seen_at' | 'created_at'>): number {
  return Math.min(
    row.ended_at ? Date.parse(row.ended_at) : Infinity,
    Date.parse(row.last_seen_at) + IDLE_TIMEOUT_MS,
    Date.parse(row.created_at) + ABSOLUTE_TIMEOUT_MS,
  );
}

export function createSessionStore(db: Database): SessionStore {
  const remove = (id: string) => db.run('DELETE FROM staff_sessions WHERE id = ?', id);
  const rowOf = (id: string) =>
    db.get<SessionRow>(
      'SELECT s.*, a.email, a.name, a.role, a.disabled_at FROM staff_sessions s JOIN staff_accounts a ON a.id = s.account_id WHERE s.id = ?',
      id,
    );

  return {
    async create(accountId, now = new Date(), { pending = false, userAgent = '' } = {}) {
      const token = randomBytes(32).toString('base64url');
      const at = now.toISOString();
      const before = (ms: number) => new Date(now.getTime() - ms - KEEP_ENDED_MS).toISOString();
      await db.transaction(async (tx) => {
        // Sessions that ended more than a day ago (theirs or others') are swept when someone signs in.
        await tx.run(
          'DELETE FROM staff_sessions WHERE ended_at < ? OR last_seen_at < ? OR created_at < ?',
          before(0),
          before(IDLE_TIMEOUT_MS),
          before(ABSOLUTE_TIMEOUT_MS),
        );
        await tx.run(
          'INSERT INTO staff_sessions (id, account_id, csrf_token, created_at, last_seen_at, pending, user_agent, checked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          sessionId(token),
          accountId,
          randomBytes(32).toString('base64url'),
          at,
          at,
          pending ? 1 : 0,
          userAgent.slice(0, USER_AGENT_MAX),
          at,
        );
      });
      return token;
    },
    async resume(token, now = new Date()) {
      const id = sessionId(token);
      const row = await rowOf(id);
      if (!row) return undefined;
      if (row.disabled_at) {
        await remove(id);
        return undefined;
      }
      // Over at its end's very millisecond: a session ended just now opens nothing in the same instant.
      if (now.getTime() >= endOf(row)) return undefined;
      if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS)
        await db.run('UPDATE staff_sessions SET last_seen_at = ? WHERE id = ?', now.toISOString(), id);
      return {
        id,
        accountId: row.account_id,
        email: row.email,
        name: row.name || row.email,
        role: row.role,
        csrfToken: row.csrf_token,
        createdAt: row.created_at,
        pending: Number(row.pending) === 1,
        checkedAt: row.checked_at,
      };
    },
    async end(token) {
      await remove(sessionId(token));
    },
    async ended(token, now = new Date()) {
      const row = await rowOf(sessionId(token));
      if (!row || row.disabled_at) return undefined;
      const end = endOf(row);
      return now.getTime() >= end && now.getTime() - end < KEEP_ENDED_MS
        ? { accountId: row.account_id, csrfToken: row.csrf_token }
        : undefined;
    },
    async list(accountId, now = new Date()) {
      const rows = await db.all<SessionRow>(
        'SELECT * FROM staff_sessions WHERE account_id = ? AND ended_at IS NULL ORDER BY last_seen_at DESC',
        accountId,
      );
      return rows
        .filter((row) => now.getTime() < endOf(row))
        .map((row) => ({
          id: row.id,
          userAgent: row.user_agent,
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at,
        }));
    },
    async endOne(accountId, id, now = new Date()) {
      const live = (await this.list(accountId, now)).some((session) => session.id === id);
      return (
        live &&
        (await db.run(
          'UPDATE staff_sessions SET ended_at = ? WHERE id = ? AND account_id = ? AND ended_at IS NULL',
          now.toISOString(),
          id,
          accountId,
        )) > 0
      );
    },
    async recordCheck(id, now = new Date()) {
      await db.run('UPDATE staff_sessions SET checked_at = ? WHERE id = ?', now.toISOString(), id);
    },
  };
}
