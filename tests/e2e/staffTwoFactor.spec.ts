import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import { violations } from '../support/browser/axe';
import { expect, test } from '../support/browser/fixtures';
import { addStaffAccount } from '../support/browser/staff';
import { AXE_WIDTHS } from '../support/browser/widths';

/** This run's own person: two factors on for them alone, so no other spec meets a second step. */
const email = `two-factor-${process.pid}-${Date.now().toString(36)}@meridianlab.test`;

/** The code an authenticator app shows now for the secret the page wrote out. */
const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at,
  });

/** axe finds nothing on the page at either width. */
async function expectAccessible(page: Page, what: string) {
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await violations(page), `${what} at ${width} px`).toEqual([]);
  }
}

test('a person sets up TOTP from the secret written on the page, signs out, and signs in with a code', async ({
  page,
}) => {
  const password = addStaffAccount(email);
  await page.goto('/staff/sign-in');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/leads$/);

  await page.getByRole('link', { name: email }).click();
  await expect(page.getByText('Two-factor sign-in is off')).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectAccessible(page, 'set-up');
  // Read as a person reads it, without the camera: the text beside the QR code.
  const secret = (await page.locator('#totp-secret').innerText()).replace(/\s/g, '');
  const setUpAt = Date.now();
  await page.getByLabel('Six-digit code').fill(codeFor(secret, setUpAt));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expect(page.locator('.staff-two-factor__codes li')).toHaveCount(10);
  await expectAccessible(page, 'recovery codes');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in\?signedOut=1$/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/second-step$/);
  // The second step cannot be stepped around: the inbox's URL leads back to it.
  await page.goto('/staff/leads');
  await expect(page).toHaveURL(/\/staff\/second-step\?next=%2Fstaff%2Fleads$/);
  await expectAccessible(page, 'second step');
  // The set-up's code is spent; the next one is taken a step early (one step either side of now is accepted).
  await page.getByLabel('Code or recovery code').fill(codeFor(secret, Math.max(Date.now(), setUpAt + 30_000)));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/staff\/leads$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  // Their account page says it is on (People, with its new column, is checked with every console page).
  await page.goto('/staff/account');
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();
  await expectAccessible(page, 'account');
});
