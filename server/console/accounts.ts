import type { City } from '../../shared/content/data';
import type { Database, Queryable } from '../db';
import type { PasswordHash, ScryptParams } from './passwords';
import { unusablePassword } from './passwords';
import type { StaffProfile } from './people/profile';
import { OFFICE_TIME_ZONES } from './people/profile';
import type { Role } from './roles';

export interface StaffAccount extends StaffProfile {
  id: number;
  email: string;
  createdAt: string;
  passwordChangedAt: string;
  disabledAt: string | null;
  /** Set while the person has not yet set a password from their invitation (decision 070). */
  invitedAt: string | null;
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
  /** Sets a new password (an invited account is then active) and ends the account's sessions; false when there is no such account. */
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
  invited_at: string | null;
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
    invitedAt: row.invited_at,
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

/**
 * Sets an account's password in `tx`: an invited account is then active, every session of the account ends
 * (whoever had the old password is out) and so does any link it still had. False when there is no such account.
 */
export async function setPasswordIn(tx: Queryable, accountId: number, password: PasswordHash, now: Date) {
  await tx.run('DELETE FROM staff_sessions WHERE account_id = ?', accountId);
  await tx.run('DELETE FROM staff_links WHERE account_id = ?', accountId);
  const changed = await tx.run(
    `UPDATE staff_accounts SET password_hash = ?, password_salt = ?, password_params = ?, password_changed_at = ?,
       invited_at = NULL WHERE id = ?`,
    password.hash,
    password.salt,
    JSON.stringify(password.params),
    now.toISOString(),
    accountId,
  );
  return changed === 1;
}

/** Writes a person's profile and role. */
async function writeProfile(q: Queryable, id: number, profile: StaffProfile): Promise<void> {
  await q.run(
    'UPDATE staff_accounts SET name = ?, office = ?, languages = ?, time_zone = ?, hours = ?, role = ? WHERE id = ?',
    profile.name,
    profile.office,
    JSON.stringify(profile.languages),
    profile.timeZone,
    JSON.stringify(profile.hours),
    profile.role,
    id,
  );
}

interface NewAccount {
  email: string;
  password: PasswordHash;
  profile: Partial<StaffProfile>;
  now: Date;
  /** An invitation's account: no password of its own until its link is used. */
  invited: boolean;
}

/** Inserts an account unless its address has one: 1 when inserted, else 0. */
function insertAccount(q: Queryable, { email, password, profile, now, invited }: NewAccount): Promise<number> {
  const at = now.toISOString();
  const office = profile.office ?? 'Miami';
  return q.run(
    `INSERT INTO staff_accounts (email, password_hash, password_salt, password_params, created_at, password_changed_at,
       name, office, languages, time_zone, hours, role, invited_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
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
    invited ? at : null,
  );
}

/**
 * An invited account for the address, in `tx` (decision 070): a new one with a password nobody can type, or the
 * same invited account with the profile given now. Undefined when the address already has an account of its own
 * (active or disabled): an invitation never takes one over.
 */
export async function inviteIn(tx: Queryable, email: string, profile: StaffProfile, now: Date) {
  await insertAccount(tx, { email, password: unusablePassword(), profile, now, invited: true });
  const row = await tx.get<{ id: number; invited_at: string | null; disabled_at: string | null }>(
    'SELECT id, invited_at, disabled_at FROM staff_accounts WHERE email = ?',
    email,
  );
  if (!row || row.invited_at === null || row.disabled_at !== null) return undefined;
  await writeProfile(tx, row.id, profile);
  return row.id;
}

/** Staff accounts: made by the command line or an owner's invitation; profiles changed in the People section. */
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
      return (await insertAccount(db, { email, password, profile, now, invited: false })) === 1;
    },
    update(id, profile) {
      return db.transaction(async (tx) => {
        const row = await tx.get<{ role: string }>('SELECT role FROM staff_accounts WHERE id = ?', id);
        if (!row) return 'missing';
        if (row.role === 'owner' && profile.role !== 'owner') {
          const owners = await tx.get<{ n: number }>(
            "SELECT count(*) AS n FROM staff_accounts WHERE role = 'owner' AND disabled_at IS NULL AND invited_at IS NULL AND id <> ?",
            id,
          );
          if (Number(owners?.n ?? 0) === 0) return 'last owner';
        }
        await writeProfile(tx, id, profile);
        return 'updated';
      });
    },
    reset(email, password, now = new Date()) {
      return db.transaction(async (tx) => {
        const row = await tx.get<{ id: number }>('SELECT id FROM staff_accounts WHERE email = ?', email);
        return row !== undefined && setPasswordIn(tx, row.id, password, now);
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
