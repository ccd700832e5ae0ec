import type { ContactValues, SendOutcome } from '../../lib/contactForm';
import { CONTACT_ENDPOINT, HONEYPOT_FIELD, REQUEST_TIMEOUT_MS, interpretResponse } from '../../lib/contactForm';

export interface SendOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Posts the form as JSON and says how it went; never throws. A server that
 * does not answer within the timeout is given up on (AbortController).
 */
export async function sendContact(
  values: ContactValues,
  honeypot: string,
  { fetch: send = fetch, timeoutMs = REQUEST_TIMEOUT_MS }: SendOptions = {},
): Promise<SendOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await send(CONTACT_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...values, [HONEYPOT_FIELD]: honeypot }),
      signal: controller.signal,
    });
    const body: unknown = await response.json().catch(() => null);
    return interpretResponse(response.status, body, response.headers.get('Retry-After'));
  } catch {
    return { ok: false, failure: { kind: controller.signal.aborted ? 'timeout' : 'network' }, errors: {} };
  } finally {
    clearTimeout(timer);
  }
}
