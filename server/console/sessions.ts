import { createHash, randomBytes } from 'node:crypto';

import type { Database } from '../db';
import type { Role } from './roles';

/** A session ends after this long without a request… */
const IDLE_TIMEOUT_MS = 30 * 60_000;
/** …and this long after sign-in, however busy. */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60_000;
/** last_seen_at is written at most this often: a page and its export do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

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
  /** When the person last typed their password in this session: at sign-in, then at each fresh check (recentCheck.ts). */
  checkedAt: string;
}

export interface SessionStore {
  /** Starts a session and returns the cookie's token (only its hash is stored). */
  create(accountId: number, now?: Date): Promise<string>;
  /** The live session of a cookie token, touched; expired ones and those of disabled accounts are deleted and undefined. */
  resume(token: string, now?: Date): Promise<StaffSession | undefined>;
  /** Ends the session of a cookie token. */
  end(token: string): Promise<void>;
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
  checked_at: string;
  disabled_at: string | null;
}

export function createSessionStore(db: Database): SessionStore {
  const remove = (id: string) => db.run('DELETE FROM staff_sessions WHERE id = ?', id);

  return {
    async create(accountId, now = new Date()) {
      const token = randomBytes(32).toString('base64url');
      const at = now.toISOString();
      await db.transaction(async (tx) => {
        // Sessions of other accounts that ran out are swept when someone signs in.
        await tx.run(
          'DELETE FROM staff_sessions WHERE last_seen_at < ? OR created_at < ?',
          new Date(now.getTime() - IDLE_TIMEOUT_MS).toISOString(),
          new Date(now.getTime() - ABSOLUTE_TIMEOUT_MS).toISOString(),
        );
        await tx.run(
          'INSERT INTO staff_sessions (id, account_id, csrf_token, created_at, last_seen_at, checked_at) VALUES (?, ?, ?, ?, ?, ?)',
          sessionId(token),
          accountId,
          randomBytes(32).toString('base64url'),
          at,
          at,
          at,
        );
      });
      return token;
    },
    async resume(token, now = new Date()) {
      const id = sessionId(token);
      const row = await db.get<SessionRow>(
        'SELECT s.*, a.email, a.name, a.role, a.disabled_at FROM staff_sessions s JOIN staff_accounts a ON a.id = s.account_id WHERE s.id = ?',
        id,
      );
      if (!row) return undefined;
      const idle = now.getTime() - Date.parse(row.last_seen_at);
      const age = now.getTime() - Date.parse(row.created_at);
      if (row.disabled_at || idle > IDLE_TIMEOUT_MS || age > ABSOLUTE_TIMEOUT_MS) {
        await remove(id);
        return undefined;
      }
      if (idle > TOUCH_EVERY_MS)
        await db.run('UPDATE staff_sessions SET last_seen_at = ? WHERE id = ?', now.toISOString(), id);
      return {
        id,
        accountId: row.account_id,
        email: row.email,
        name: row.name || row.email,
        role: row.role,
        csrfToken: row.csrf_token,
        createdAt: row.created_at,
        checkedAt: row.checked_at,
      };
    },
    async end(token) {
      await remove(sessionId(token));
    },
    async recordCheck(id, now = new Date()) {
      await db.run('UPDATE staff_sessions SET checked_at = ? WHERE id = ?', now.toISOString(), id);
    },
  };
}
