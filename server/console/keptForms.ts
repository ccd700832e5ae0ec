import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

import type { Database } from '../db';

/** How long a form posted after its session ended waits for its person to sign in again (decision 072). */
export const KEPT_FOR_MS = 24 * 60 * 60_000;
/** The largest form kept: the article editor's (a body of 100,000 characters, percent-encoded). */
export const KEPT_FORM_MAX_BYTES = 1024 * 1024;

/** A console form post: where it went (path and query) and its text fields, without its old CSRF token. */
interface KeptForm {
  path: string;
  fields: Record<string, string>;
}

/** Only the cookie's token hashed names the row, and only the token itself makes its key. */
const idOf = (token: string) => createHash('sha256').update(`kept-form-id:${token}`).digest('hex');
const keyOf = (token: string) => createHash('sha256').update(`kept-form-key:${token}`).digest();

function seal(token: string, form: KeptForm): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(token), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(form), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

function open(token: string, text: string): KeptForm | undefined {
  try {
    const bytes = Buffer.from(text, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'));
  } catch {
    return undefined;
  }
}

export interface KeptForms {
  /** Keeps a person's form for a day, encrypted with a new token (the browser's cookie), in place of `previous`. */
  keep(accountId: number, form: KeptForm, previous?: string, now?: Date): Promise<string>;
  /** The form a token keeps and whose it is; undefined once expired (then deleted) or unknown. */
  read(token: string, now?: Date): Promise<{ accountId: number; form: KeptForm } | undefined>;
  remove(token: string): Promise<void>;
}

/**
 * Forms posted after their session ended, kept server-side per browser: the row names the person it belongs to,
 * and its text can be read only with the token in that browser's cookie, so a copy of the database alone reads none.
 */
export function createKeptForms(db: Database): KeptForms {
  const remove = async (token: string) => {
    await db.run('DELETE FROM staff_kept_forms WHERE id = ?', idOf(token));
  };
  return {
    async keep(accountId, form, previous, now = new Date()) {
      const token = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await tx.run('DELETE FROM staff_kept_forms WHERE expires_at < ?', now.toISOString());
        if (previous) await tx.run('DELETE FROM staff_kept_forms WHERE id = ?', idOf(previous));
        await tx.run(
          'INSERT INTO staff_kept_forms (id, account_id, sealed, expires_at) VALUES (?, ?, ?, ?)',
          idOf(token),
          accountId,
          seal(token, form),
          new Date(now.getTime() + KEPT_FOR_MS).toISOString(),
        );
      });
      return token;
    },
    async read(token, now = new Date()) {
      const row = await db.get<{ account_id: number; sealed: string; expires_at: string }>(
        'SELECT account_id, sealed, expires_at FROM staff_kept_forms WHERE id = ?',
        idOf(token),
      );
      if (!row) return undefined;
      const form = row.expires_at < now.toISOString() ? undefined : open(token, row.sealed);
      if (!form) await remove(token);
      return form && { accountId: row.account_id, form };
    },
    remove,
  };
}
