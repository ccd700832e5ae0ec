import { z } from 'zod';

import { FIELD_LIMITS } from '../../shared/content/contactFields';
import type { Database } from '../db';

/** The fields of a lead its owner may have corrected: what they typed about themselves (the message is theirs as sent). */
export const CORRECTABLE_FIELDS = ['name', 'company', 'phone', 'email'] as const;
type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];
export type Correction = Partial<Record<CorrectableField, string>>;

const text = (limit: number) => z.string().trim().max(limit, `at most ${limit} characters`);
/** The contact form's own rules: a name and an address cannot be emptied, company and phone can. */
const correctionSchema = z.strictObject({
  name: text(FIELD_LIMITS.name).min(1, 'must not be empty').optional(),
  company: text(FIELD_LIMITS.company).optional(),
  phone: text(FIELD_LIMITS.phone).optional(),
  email: text(FIELD_LIMITS.email).pipe(z.email('not an e-mail address')).optional(),
});

/** The new values, trimmed, or what is wrong with them ("--phone: at most 50 characters"). */
export function checkCorrection(input: Correction): { ok: true; value: Correction } | { ok: false; error: string } {
  const parsed = correctionSchema.safeParse(input);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return { ok: false, error: `--${String(issue!.path[0])}: ${issue!.message}` };
  }
  if (Object.keys(parsed.data).length === 0)
    return { ok: false, error: `Nothing to correct: give at least one of --${CORRECTABLE_FIELDS.join(', --')}.` };
  return { ok: true, value: parsed.data };
}

/**
 * Replaces the given fields on every lead from an address, and records on
 * each lead when and which fields were corrected, in one transaction. Returns
 * how many leads were corrected (0 when none has the address).
 */
export function correctLeads(db: Database, email: string, correction: Correction, now = new Date()): Promise<number> {
  const fields = CORRECTABLE_FIELDS.filter((field) => correction[field] !== undefined);
  return db.transaction(async (tx) => {
    const leads = await tx.all<{ id: number }>('SELECT id FROM leads WHERE lower(email) = lower(?)', email);
    for (const { id } of leads) {
      // The column names come from the fixed list above, never from the input.
      await tx.run(
        `UPDATE leads SET ${fields.map((field) => `${field} = ?`).join(', ')} WHERE id = ?`,
        ...fields.map((field) => correction[field]!),
        id,
      );
      await tx.run(
        'INSERT INTO lead_corrections (lead_id, at, fields) VALUES (?, ?, ?)',
        id,
        now.toISOString(),
        fields.join(','),
      );
    }
    return leads.length;
  });
}
