import { z } from 'zod';
import type { ContactValues, FieldErrors } from '../../shared/lib/contactForm';
import { CONTACT_FIELDS, FIELD_LIMITS, HONEYPOT_FIELD, SERVICE_VALUES } from '../../shared/lib/contactForm';
import type { DecodedBody } from '../formEndpoint';

/** A text field: trimmed, then bounded; absent counts as empty. */
function text(limit: number, tooLong: string) {
  return z
    .string({ error: 'Please enter this as text.' })
    .trim()
    .max(limit, { error: tooLong })
    .default('');
}

function required(schema: ReturnType<typeof text>, missing: string) {
  return schema.refine((value) => value.length > 0, { error: missing, abort: true });
}

const contactSchema = z.object({
  name: required(text(FIELD_LIMITS.name, `Please shorten your name to ${FIELD_LIMITS.name} characters or fewer.`), 'Please enter your full name.'),
  email: required(
    text(FIELD_LIMITS.email, `Please shorten your e-mail address to ${FIELD_LIMITS.email} characters or fewer.`),
    'Please enter your e-mail address.',
  ).pipe(z.email({ error: 'Please enter a valid e-mail address, such as name@company.com.' })),
  company: text(FIELD_LIMITS.company, `Please shorten the company name to ${FIELD_LIMITS.company} characters or fewer.`),
  phone: text(FIELD_LIMITS.phone, `Please shorten the phone number to ${FIELD_LIMITS.phone} characters or fewer.`),
  service: text(FIELD_LIMITS.service, 'Please choose a service from the list.').refine(
    (value) => value === '' || (SERVICE_VALUES as readonly string[]).includes(value),
    { error: 'Please choose a service from the list.' },
  ),
  message: required(
    text(FIELD_LIMITS.message, `Please shorten your message to ${FIELD_LIMITS.message} characters or fewer.`),
    'Please enter a message.',
  ),
});

export type ContactValidation = { ok: true; value: ContactValues } | { ok: false; errors: FieldErrors };

/** Checks a submitted form (parsed JSON or form fields) field by field; never throws. */
export function validateContact(input: unknown): ContactValidation {
  // Anything but an object (an array, a string, null) is checked as an empty form.
  const fields = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  const result = contactSchema.safeParse(fields);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = CONTACT_FIELDS.find((name) => name === issue.path[0]);
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
  const spam = typeof fields === 'object' && fields !== null && isFilled((fields as Record<string, unknown>)[HONEYPOT_FIELD]);
  return { ok: true, fields, spam };
}
