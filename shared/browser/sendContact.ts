import type { ContactValues, SendOutcome } from '../lib/contactForm';
import { CONTACT_ENDPOINT, HONEYPOT_FIELD, interpretResponse } from '../lib/contactForm';
import type { PostOptions } from './postJson';
import { postJson } from './postJson';

/** Posts the contact form and says how it went; never throws. */
export async function sendContact(values: ContactValues, honeypot: string, options: PostOptions = {}): Promise<SendOutcome> {
  const result = await postJson(CONTACT_ENDPOINT, { ...values, [HONEYPOT_FIELD]: honeypot }, options);
  if (!result.ok) return { ok: false, failure: { kind: result.failure }, errors: {} };
  return interpretResponse(result.status, result.body, result.headers.get('Retry-After'));
}
