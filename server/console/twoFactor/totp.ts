import { Secret, TOTP } from 'otpauth';

import { siteFacts } from '../../../shared/content/data';

/** Every authenticator app's defaults (RFC 6238): SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side of now is accepted: a phone's clock drifts, and typing takes time. */
const WINDOW = 1;

const totpOf = (secret: string, label = 'staff') =>
  new TOTP({
    issuer: siteFacts.name,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });

/** A new secret of 160 bits (RFC 4226's recommendation), in base32 as people type it into an app. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address an app reads from the QR code. */
export const totpUri = (secret: string, email: string): string => totpOf(secret, email).toString();

/** The time step a six-digit code is right for near `now`; undefined when it is not right. */
export function totpStep(secret: string, code: string, now: number): number | undefined {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The secret grouped by four, as the set-up page shows it to be typed. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');
