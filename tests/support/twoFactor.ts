import { Secret, TOTP } from 'otpauth';
import request from 'supertest';

import type { TestApp } from './helpers';
import type { StaffClient } from './staffHelpers';
import { consolePost, sessionCookieOf, STAFF_PASSWORD } from './staffHelpers';

/** The code an authenticator app shows for this secret at this time, as any app computes it (RFC 6238). */
export const totpCode = (secret: string, at = Date.now()): string =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at,
  });

/** The secret a set-up page writes beside its QR code, as a person would read it (spaces are for the eye). */
export function secretOf(html: string): string {
  const shown = /id="totp-secret"[^>]*>([^<]+)</.exec(html)?.[1];
  if (!shown) throw new Error('No secret on the page');
  return shown.replace(/\s/g, '');
}

/** The recovery codes a page lists. */
export const recoveryCodesOf = (html: string): string[] =>
  [...html.matchAll(/<li><code>([a-z0-9-]+)<\/code><\/li>/g)].map((match) => match[1]!);

/** Turns two-factor sign-in on from the account page, as a person does: its secret and recovery codes. */
export async function setUpTwoFactor(app: TestApp, client: StaffClient): Promise<{ secret: string; codes: string[] }> {
  const started = await consolePost(app, '/staff/account/two-factor', client, { csrf: client.csrf });
  const secret = secretOf(started.text);
  const confirmed = await consolePost(app, '/staff/account/two-factor/confirm', client, {
    csrf: client.csrf,
    code: totpCode(secret),
  });
  if (confirmed.status !== 200) throw new Error(`Set-up answered ${confirmed.status}`);
  return { secret, codes: recoveryCodesOf(confirmed.text) };
}

/** Passes the password through the real form: a pending session, with the CSRF token of its second-step page. */
export async function passPassword(
  app: TestApp,
  email: string,
  next?: string,
): Promise<StaffClient & { location: string }> {
  const form = { email, password: STAFF_PASSWORD, ...(next ? { next } : {}) };
  const response = await request(app).post('/staff/sign-in').type('form').send(form);
  if (response.status !== 303) throw new Error(`Sign-in answered ${response.status}`);
  const cookie = sessionCookieOf(response);
  const page = await request(app).get('/staff/second-step').set('Cookie', cookie);
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  return { cookie, csrf, location: String(response.headers.location) };
}
