import type { Database } from '../db';
import type { PasswordHash, ScryptParams } from './passwords';

interface StaffAccount {
  id: number;
  email: string;
  createdAt: string;
  passwordChangedAt: string;
  disabledAt: string | null;
  password: PasswordHash;
}

export interface AccountStore {
  /** The account for an address, whatever its case; disabled ones too. */
  find(email: string): Promise<StaffAccount | undefined>;
  /** Every account, oldest first. */
  list(): Promise<StaffAccount[]>;
  /** Creates an account; false when the address already has one. */
  add(email: string, password: PasswordHash, now?: Date): Promise<boolean>;
  /** Sets a new password and ends the account's sessions; false when there is no such account. */
  reset(email: string, password: PasswordHash, now?: Date): Promise<boolean>;
  /** Disables the account and ends its sessions at once; false when there is no such account. */
  disable(email: string, now?: Date): Promise<boolean>;
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
    password: {
      hash: row.password_hash,
      salt: row.password_salt,
      params: JSON.parse(row.password_params) as ScryptParams,
    },
  };
}

const END_SESSIONS = 'DELETE FROM staff_sessions WHERE account_id = (SELECT id FROM staff_accounts WHERE email = ?)';

/** Staff accounts: made and changed from the command line only. */
export function createAccountStore(db: Database): AccountStore {
  return {
    async find(email) {
      const row = await db.get<AccountRow>('SELECT * FROM staff_accounts WHERE email = ?', email);
      return row && toAccount(row);
    },
    async list() {
      return (await db.all<AccountRow>('SELECT * FROM staff_accounts ORDER BY id')).map(toAccount);
    },
    async add(email, password, now = new Date()) {
      const at = now.toISOString();
      const added = await db.run(
        `INSERT INTO staff_accounts (email, password_hash, password_salt, password_params, created_at, password_changed_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
        email,
        password.hash,
        password.salt,
        JSON.stringify(password.params),
        at,
        at,
      );
      return added === 1;
    },
    reset(email, password, now = new Date()) {
      return db.transaction(async (tx) => {
        await tx.run(END_SESSIONS, email);
        const changed = await tx.run(
          'UPDATE staff_accounts SET password_hash = ?, password_salt = ?, password_params = ?, password_changed_at = ? WHERE email = ?',
          password.hash,
          password.salt,
          JSON.stringify(password.params),
          now.toISOString(),
          email,
        );
        return changed === 1;
      });
    },
    disable(email, now = new Date()) {
      return db.transaction(async (tx) => {
        await tx.run(END_SESSIONS, email);
        return (
          (await tx.run(
            'UPDATE staff_accounts SET disabled_at = coalesce(disabled_at, ?) WHERE email = ?',
            now.toISOString(),
            email,
          )) === 1
        );
      });
    },
  };
}
