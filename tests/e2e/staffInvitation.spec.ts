import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import { violations } from '../support/browser/axe';
import { expect, test } from '../support/browser/fixtures';
import { linkPath, mailTo } from '../support/browser/mailbox';
import { addStaffAccount, seed, signIn } from '../support/browser/staff';
import { AXE_WIDTHS } from '../support/browser/widths';

/** Each run gets its own names, so the runs on one server never meet. */
const run = `${process.pid}-${Date.now().toString(36)}`;
const owner = `owner-${run}@meridianlab.test`;
const editor = `editor-${run}@meridianlab.test`;
const FIRST_PASSWORD = 'orchid-tangent-harbor-77';
const SECOND_PASSWORD = 'copper-lantern-meadow-58';

/** A browser of its own, from a client address of its own: the sign-in and reset limits count per client. */
let clients = 0;
async function person(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': `192.0.2.${(process.pid % 200) + ++clients}` },
  });
  return context.newPage();
}

async function expectNoViolations(page: Page) {
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await violations(page), `${page.url()} at ${width} px`).toEqual([]);
  }
}

async function setPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('The same password again').fill(password);
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password is set. Sign in with it.');
}

/** The code an authenticator app shows for the secret the page wrote out, `steps` 30-second steps from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function signInAsEditor(page: Page, password: string) {
  await page.goto('/staff/sign-in');
  await page.getByLabel('E-mail address').fill(editor);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/subscribers$/);
}

test('an owner invites an editor, who sets a password from the e-mail and two factors, and opens no lead; a reset from the e-mail works once and ends the other session; the audit log names every step', async ({
  browser,
}) => {
  // Seven scrypt hashes at the production cost, each a second or two on a busy machine.
  test.setTimeout(180_000);
  const ownerPassword = addStaffAccount(owner);
  const ownerPage = await person(browser);
  await signIn(ownerPage, owner, ownerPassword);
  // The owner typed the password 11 minutes ago: the invitation, which gives a role, asks for it again.
  seed((db) =>
    db
      .prepare(
        'UPDATE staff_sessions SET checked_at = ? WHERE account_id = (SELECT id FROM staff_accounts WHERE email = ?)',
      )
      .run(new Date(Date.now() - 11 * 60_000).toISOString(), owner),
  );
  await ownerPage.goto('/staff/people');
  const invite = ownerPage.getByRole('region', { name: 'Invite a person' });
  await invite.getByLabel('Name').fill(`Lucía ${run}`);
  await invite.getByLabel('E-mail address').fill(editor);
  await invite.getByLabel('Office').selectOption('Bogota');
  await invite.getByLabel('English').check();
  await invite.getByLabel('Role').selectOption('editor');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(ownerPage.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await expectNoViolations(ownerPage);
  await ownerPage.getByLabel('Password', { exact: true }).fill(ownerPassword);
  await ownerPage.getByRole('button', { name: 'Confirm and continue' }).click();
  // The form came through the check as typed.
  await expect(ownerPage.getByRole('status')).toHaveText(
    `Invitation sent to ${editor}. Its link works once, for 72 hours.`,
  );
  await expect(ownerPage.getByRole('row', { name: new RegExp(`Lucía ${run}`) })).toContainText('Invited');

  const [invitation] = await mailTo(editor);
  expect(invitation!.subject).toBe('You are invited to the Meridian Lab staff console');
  const invitationLink = linkPath(invitation!, '/staff/password');
  const laptop = await person(browser);
  await laptop.goto(invitationLink);
  await expectNoViolations(laptop);
  await setPassword(laptop, invitationLink, FIRST_PASSWORD);
  await signInAsEditor(laptop, FIRST_PASSWORD);

  // The editor sets up two factors from the secret written on the page, then signs in with a code.
  await laptop.goto('/staff/account');
  await laptop.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await laptop.locator('#totp-secret').innerText()).replace(/\s/g, '');
  await laptop.getByLabel('Six-digit code').fill(codeFor(secret));
  await laptop.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(laptop.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  const recoveryCode = (await laptop.locator('.staff-two-factor__codes li').first().innerText()).trim();
  await laptop.getByRole('button', { name: 'Sign out' }).click();
  await laptop.getByLabel('E-mail address').fill(editor);
  await laptop.getByLabel('Password').fill(FIRST_PASSWORD);
  await laptop.getByRole('button', { name: 'Sign in' }).click();
  await expect(laptop).toHaveURL(/\/staff\/second-step$/);
  // The set-up's code is spent: the next step's code (one step either side of now is taken).
  await laptop.getByLabel('Code or recovery code').fill(codeFor(secret, 1));
  await laptop.getByRole('button', { name: 'Continue' }).click();
  await expect(laptop).toHaveURL(/\/staff\/subscribers$/);
  // An editor opens no lead and exports none: 403, and no lead's data.
  for (const path of ['/staff/leads', '/staff/leads.csv', '/staff/leads.json']) {
    const answer = await laptop.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(403);
    expect(await answer.text(), path).not.toContain('@example.test');
  }

  // On another computer, "Forgot password?" from the sign-in page.
  const phone = await person(browser);
  await phone.goto('/staff/sign-in');
  await phone.getByRole('link', { name: 'Forgot password?' }).click();
  await expectNoViolations(phone);
  await phone.getByLabel('E-mail address').fill(editor);
  await phone.getByRole('button', { name: 'Send the link' }).click();
  await expect(phone.getByRole('status')).toContainText('If that address has an account, a link');
  const reset = (await mailTo(editor, 2)).find((mail) => mail.subject?.startsWith('Reset your password'));
  const resetLink = linkPath(reset!, '/staff/password');
  await setPassword(phone, resetLink, SECOND_PASSWORD);

  // Once only.
  await phone.goto(resetLink);
  await expect(phone.getByRole('alert')).toContainText('This link no longer works');
  // The laptop's session ended with the reset.
  await laptop.goto('/staff/subscribers');
  await expect(laptop).toHaveURL(/\/staff\/sign-in\?expired=1&next=%2Fstaff%2Fsubscribers$/);
  await laptop.getByLabel('E-mail address').fill(editor);
  await laptop.getByLabel('Password').fill(SECOND_PASSWORD);
  await laptop.getByRole('button', { name: 'Sign in' }).click();
  // The codes of this time step and the next are spent: a recovery code, said on the account page once used.
  await laptop.getByLabel('Code or recovery code').fill(recoveryCode);
  await laptop.getByRole('button', { name: 'Continue' }).click();
  await expect(laptop).toHaveURL(/\/staff\/account\?saved=recovery$/);

  // The owner's audit log names each step, and the people, never an address for a name.
  await ownerPage.goto('/staff/audit');
  await ownerPage.getByLabel('Person').selectOption({ label: `Lucía ${run}` });
  await ownerPage.getByRole('button', { name: 'Apply' }).click();
  const log = ownerPage.getByRole('table');
  for (const step of ['Invited', 'Password reset', 'Signed in', 'Two-factor sign-in changed'])
    await expect(log).toContainText(step);
  await expect(log).toContainText(`Lucía ${run}`);
  await expect(log).not.toContainText(editor);
});
