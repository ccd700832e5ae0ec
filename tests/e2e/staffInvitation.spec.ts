import type { Browser, Page } from '@playwright/test';

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

async function signInAsEditor(page: Page, password: string) {
  await page.goto('/staff/sign-in');
  await page.getByLabel('E-mail address').fill(editor);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/subscribers$/);
}

test('an owner invites an editor, who sets a password from the e-mail; a reset from the e-mail works once and ends the other session', async ({
  browser,
}) => {
  // Seven scrypt hashes at the production cost, each a second or two on a busy machine.
  test.setTimeout(120_000);
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
  await signInAsEditor(laptop, SECOND_PASSWORD);
});
