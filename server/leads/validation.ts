import { z } from 'zod';

import type { ContactFieldName, ContactFieldSpec } from '../../shared/content/contactFields';
import { CONTACT_FIELDS } from '../../shared/content/contactFields';
import type { Catalogue } from '../../shared/content/i18n/types';
import type { ContactValues, FieldErrors } from '../../shared/model/contactForm';
import { HONEYPOT_FIELD } from '../../shared/model/contactForm';
import type { DecodedBody } from '../http/formEndpoint';

type FieldErrorTexts = Catalogue['contact']['fieldErrors'];

/** One field's rule, from its line in the table, worded in one language. */
function fieldSchema(field: ContactFieldSpec, texts: FieldErrorTexts) {
  // Trimmed, then bounded; absent counts as empty.
  let schema = z
    .string({ error: texts.notText })
    .trim()
    .max(field.limit, { error: texts.tooLong[field.name] })
    .default('');
  if ('required' in field)
    schema = schema.refine((value) => value.length > 0, { error: texts.missing[field.name], abort: true });
  if (field.control === 'email') return schema.pipe(z.email({ error: texts.invalidEmail }));
  if (field.control === 'select') {
    const options: readonly string[] = field.options;
    // A value not in the list: its "too long" text, which asks to choose from the list.
    return schema.refine((value) => value === '' || options.includes(value), { error: texts.tooLong[field.name] });
  }
  return schema;
}

/** The form's rules, worded in one language. */
function contactSchema(texts: FieldErrorTexts) {
  return z.object(
    Object.fromEntries(CONTACT_FIELDS.map((field) => [field.name, fieldSchema(field, texts)])) as Record<
      ContactFieldName,
      ReturnType<typeof fieldSchema>
    >,
  );
}

/** One schema per language, built once. */
const schemas = new Map<FieldErrorTexts, ReturnType<typeof contactSchema>>();

export type ContactValidation = { ok: true; value: ContactValues } | { ok: false; errors: FieldErrors };

/** Checks a submitted form (parsed JSON or form fields) field by field, with errors in the form's language; never throws. */
export function validateContact(input: unknown, texts: FieldErrorTexts): ContactValidation {
  let schema = schemas.get(texts);
  if (!schema) schemas.set(texts, (schema = contactSchema(texts)));
  // Anything but an object (an array, a string, null) is checked as an empty form.
  const fields = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = CONTACT_FIELDS.find(({ name }) => name === issue.path[0])?.name;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

export type ContactBody = { ok: true; fields: unknown; spam: boolean } | { ok: false; error: string };

function isFilled(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

/** A decoded contact post, and whether its honeypot was filled (only robots see that field). */
export function parseContactBody(body: DecodedBody): ContactBody {
  if (!body.ok) return body;
  const { fields } = body;
  const spam =
    typeof fields === 'object' && fields !== null && isFilled((fields as Record<string, unknown>)[HONEYPOT_FIELD]);
  return { ok: true, fields, spam };
}
