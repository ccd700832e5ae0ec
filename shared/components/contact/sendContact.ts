import { ATTRIBUTION_FIELD } from '../../lib/attribution';
import type { ProofFields } from '../../lib/formGuard';
import type { Locale } from '../../lib/locale';
import type { PostOptions } from '../../lib/postJson';
import { postJson } from '../../lib/postJson';
import type { ContactValues, SendOutcome } from '../../model/contactForm';
import { contactEndpoint, HONEYPOT_FIELD, interpretResponse } from '../../model/contactForm';

/** What goes with the typed values: the honeypot's value, the form's language, the visit's attribution, and how to post. */
interface SendContactOptions extends PostOptions {
  honeypot: string;
  locale: Locale;
  /** The visit's attribution JSON; '' when none. */
  attribution?: string;
  /** The page token and the proof of work (decision 073). */
  guard?: ProofFields;
}

/** Posts the contact form and says how it went; never throws. */
export async function sendContact(
  values: ContactValues,
  { honeypot, locale, attribution = '', guard, ...options }: SendContactOptions,
): Promise<SendOutcome> {
  const result = await postJson(
    contactEndpoint(locale),
    { ...values, [HONEYPOT_FIELD]: honeypot, [ATTRIBUTION_FIELD]: attribution, ...guard },
    options,
  );
  if (!result.ok) return { ok: false, failure: { kind: result.failure }, errors: {} };
  return interpretResponse(result.status, result.body, result.headers.get('Retry-After'));
}
