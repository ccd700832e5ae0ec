import type { Database } from '../../db';

/** Who did something, as the console names them: the person's name, else the address the record kept. */
export type StaffName = (email: string) => string;

/**
 * The display names of every staff member, read once for a page. Records keep the address (they outlive the
 * account), so one that names no account, or an account without a name, shows as it was written.
 */
export async function staffNames(db: Database): Promise<StaffName> {
  const rows = await db.all<{ email: string; name: string }>("SELECT email, name FROM staff_accounts WHERE name <> ''");
  const names = new Map(rows.map((row) => [row.email.toLowerCase(), row.name]));
  return (email) => names.get(email.toLowerCase()) ?? email;
}
