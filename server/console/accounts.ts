import type { City } from '../../shared/content/data';
import type { Database } from '../db';
import type { PasswordHash, ScryptParams } from './passwords';
import type { StaffProfile } from './people/profile';
import { OFFICE_TIME_ZONES } from './people/profile';
import type { Role } from './roles';

export interface StaffAccount extends StaffProfile {
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
  /** Creates an account, as sales unless a profile says otherwise; false when the address already has one. */
  add(email: string, password: PasswordHash, profile?: Partial<StaffProfile>, now?: Date): Promise<boolean>;
  /**
   * Writes a person's profile and role. Refused ('last owner') when it would leave no active owner, so the
   * console always has someone who can give roles.
   */
  update(id: number, profile: StaffProfile): Promise<'updated' | 'missing' | 'last owner'>;
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
  name: string;
  office: string;
  languages: string;
  time_zone: string;
  hours: string;
  role: string;
}

function toAccount(row: AccountRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.created_at,
    passwordChangedAt: row.password_changed_at,
    disabledAt: row.disabled_at,
    name: row.name,
    office: row.office as City,
    languages: JSON.parse(row.languages) as StaffProfile['languages'],
    timeZone: row.time_zone,
    hours: JSON.parse(row.hours) as StaffProfile['hours'],
    role: row.role as Role,
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
    async add(email, password, profile = {}, now = new Date()) {
      const at = now.toISOString();
      const office = profile.office ?? 'Miami';
      const added = await db.run(
        `INSERT INTO staff_accounts (email, password_hash, password_salt, password_params, created_at, password_changed_at,
           name, office, languages, time_zone, hours, role)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
        email,
        password.hash,
        password.salt,
        JSON.stringify(password.params),
        at,
        at,
        profile.name ?? '',
        office,
        JSON.stringify(profile.languages ?? ['en']),
        profile.timeZone ?? OFFICE_TIME_ZONES[office],
        JSON.stringify(profile.hours ?? {}),
        profile.role ?? 'sales',
      );
      return added === 1;
    },
    update(id, profile) {
      return db.transaction(async (tx) => {
        const row = await tx.get<{ role: string }>('SELECT role FROM staff_accounts WHERE id = ?', id);
        if (!row) return 'missing';
        if (row.role === 'owner' && profile.role !== 'owner') {
          const owners = await tx.get<{ n: number }>(
            "SELECT count(*) AS n FROM staff_accounts WHERE role = 'owner' AND disabled_at IS NULL AND id <> ?",
            id,
          );
          if (Number(owners?.n ?? 0) === 0) return 'last owner';
        }
        await tx.run(
          'UPDATE staff_accounts SET name = ?, office = ?, languages = ?, time_zone = ?, hours = ?, role = ? WHERE id = ?',
          profile.name,
          profile.office,
          JSON.stringify(profile.languages),
          profile.timeZone,
          JSON.stringify(profile.hours),
          profile.role,
          id,
        );
        return 'updated';
      });
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
        // A disabled person's second factor goes with their sessions: nothing of it is kept for nobody (decision 071).
        for (const table of ['staff_totp', 'staff_recovery_codes'])
          await tx.run(
            `DELETE FROM ${table} WHERE account_id = (SELECT id FROM staff_accounts WHERE email = ?)`,
            email,
          );
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
