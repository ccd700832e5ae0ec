import { createHmac, timingSafeEqual } from 'node:crypto';

/** Unix seconds when the post was signed; part of what is signed, so an old post cannot be replayed. */
export const TIMESTAMP_HEADER = 'x-meridian-timestamp';
/** "sha256=" and the hex HMAC-SHA256 of `${timestamp}.${delivery}.${body}` under the shared secret. */
export const SIGNATURE_HEADER = 'x-meridian-signature';
/**
 * The same on every attempt for one lead: a receiver drops the repeats of an at-least-once delivery with it.
 * It is signed too, so a captured post cannot be replayed under a new id past that check.
 */
export const DELIVERY_HEADER = 'x-meridian-delivery';
/** How far a signed timestamp may be from the receiver's clock. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string, timestamp: string, deliveryId: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${deliveryId}.${body}`).digest('hex')}`;
}

export interface SignedPost {
  /** The raw body, byte for byte as received (not re-serialised JSON). */
  body: string;
  timestamp: string | undefined;
  deliveryId: string | undefined;
  signature: string | undefined;
}

/**
 * The reference check for a receiver: the signature matches the body, the
 * timestamp and the delivery id, compared in constant time, and the timestamp is recent.
 */
export function verifyWebhookSignature(
  secret: string,
  { body, timestamp, deliveryId, signature }: SignedPost,
  now = Date.now(),
): boolean {
  if (!timestamp || !signature || !deliveryId || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, deliveryId, body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface WebhookPost {
  url: string;
  /** The secret shared with the receiver, which signs the post. */
  secret: string;
  /** The JSON, as it is sent and signed. */
  body: string;
  /** The same on every attempt for one message (DELIVERY_HEADER). */
  deliveryId: string;
  /** Longest wait for the receiver's answer; past it the attempt fails. */
  timeoutMs: number;
}

/**
 * Posts one signed JSON body; any answer but 2xx (a redirect included) is a
 * failed attempt, retried like an e-mail.
 */
export async function postWebhook({ url, secret, body, deliveryId, timeoutMs }: WebhookPost): Promise<void> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signWebhook(secret, timestamp, deliveryId, body),
      [DELIVERY_HEADER]: deliveryId,
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (response.status < 200 || response.status >= 300) throw new Error(`The webhook answered ${response.status}`);
}
