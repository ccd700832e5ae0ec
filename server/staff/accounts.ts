import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from '../db';
import type { PasswordHash, ScryptParams } from './passwords';

export interface StaffAccount {
  id: number;
  email: string;
  createdAt: string;
  passwordChangedAt: string;
  disabledAt: string | null;
  password: PasswordHash;
}

export interface AccountStore {
  /** The account for an address, whatever its case; disabled ones too. */
  find(email: string): StaffAccount | undefined;
  /** Every account, oldest first. */
  list(): StaffAccount[];
  /** Creates an account; false when the address already has one. */
  add(email: string, password: PasswordHash, now?: Date): boolean;
  /** Sets a new password and ends the account's sessions; false when there is no such account. */
  reset(email: string, password: PasswordHash, now?: Date): boolean;
  /** Disables the account and ends its sessions at once; false when there is no such account. */
  disable(email: string, now?: Date): boolean;
}

interface AccountRow {
  id: number;
  email: string;
  created_at: string;
  password_changed_at: string;
  disabled_at: string | null;
  password_hash: string;
  password_salt: string;
  password_params: string;
}

function toAccount(row: AccountRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.created_at,
    passwordChangedAt: row.password_changed_at,
    disabledAt: row.disabled_at,
    password: { hash: row.password_hash, salt: row.password_salt, params: JSON.parse(row.password_params) as ScryptParams },
  };
}

/** Staff accounts: made and changed from the command line only. */
export function createAccountStore(db: DatabaseSync): AccountStore {
  const select = db.prepare('SELECT * FROM staff_accounts WHERE email = ?');
  const selectAll = db.prepare('SELECT * FROM staff_accounts ORDER BY id');
  const insert = db.prepare(
    `INSERT INTO staff_accounts (email, password_hash, password_salt, password_params, created_at, password_changed_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
  );
  const updatePassword = db.prepare(
    'UPDATE staff_accounts SET password_hash = ?, password_salt = ?, password_params = ?, password_changed_at = ? WHERE email = ?',
  );
  const updateDisabled = db.prepare('UPDATE staff_accounts SET disabled_at = coalesce(disabled_at, ?) WHERE email = ?');
  const endSessions = db.prepare('DELETE FROM staff_sessions WHERE account_id = (SELECT id FROM staff_accounts WHERE email = ?)');

  return {
    find(email) {
      const row = select.get(email) as AccountRow | undefined;
      return row && toAccount(row);
    },
    list() {
      return (selectAll.all() as unknown as AccountRow[]).map(toAccount);
    },
    add(email, password, now = new Date()) {
      const at = now.toISOString();
      return insert.run(email, password.hash, password.salt, JSON.stringify(password.params), at, at).changes === 1;
    },
    reset(email, password, now = new Date()) {
      return inTransaction(db, () => {
        endSessions.run(email);
        return updatePassword.run(password.hash, password.salt, JSON.stringify(password.params), now.toISOString(), email).changes === 1;
      });
    },
    disable(email, now = new Date()) {
      return inTransaction(db, () => {
        endSessions.run(email);
        return updateDisabled.run(now.toISOString(), email).changes === 1;
      });
    },
  };
}
