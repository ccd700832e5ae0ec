import { z } from 'zod';

import type { ContactFieldSpec } from '../../shared/content/contactFields';
import { CONTACT_FIELDS } from '../../shared/content/contactFields';
import type { Database } from '../db';

/** The fields of a lead its owner may have corrected: what they typed about themselves (the message is theirs as sent). */
export const CORRECTABLE_FIELDS = ['name', 'company', 'phone', 'email'] as const;
type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];
export type Correction = Partial<Record<CorrectableField, string>>;

/** The contact form's own rules, worded for the command line: a required field cannot be emptied, an address must be one. */
function fieldRule(field: ContactFieldSpec) {
  const text = z.string().trim().max(field.limit, `at most ${field.limit} characters`);
  if (field.control === 'email') return text.pipe(z.email('not an e-mail address'));
  return 'required' in field ? text.min(1, 'must not be empty') : text;
}
const correctionSchema = z.strictObject(
  Object.fromEntries(
    CORRECTABLE_FIELDS.map((name) => [
      name,
      fieldRule(CONTACT_FIELDS.find((field) => field.name === name)!).optional(),
    ]),
  ) as Record<CorrectableField, z.ZodOptional<ReturnType<typeof fieldRule>>>,
);

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
