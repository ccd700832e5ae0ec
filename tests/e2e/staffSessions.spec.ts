import type { Page } from '@playwright/test';

import { violations } from '../support/browser/axe';
import { expect, test } from '../support/browser/fixtures';
import { addStaffAccount, signIn } from '../support/browser/staff';
import { AXE_WIDTHS } from '../support/browser/widths';

/** Each run gets its own names, so the runs on one server never meet. */
const run = `${process.pid}-${Date.now().toString(36)}`;
const email = `sessions-${run}@meridianlab.test`;
const name = `Selma Sessions ${run}`;
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
let password = '';

test.beforeAll(() => {
  password = addStaffAccount(email, undefined, name);
});

async function expectNoViolations(page: Page) {
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await violations(page), `${page.url()} at ${width} px`).toEqual([]);
  }
}

test('a person sees their two sessions, ends the other, and the audit log shows each step by name', async ({
  browser,
}) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext({ userAgent: PHONE });
  const onLaptop = await laptop.newPage();
  const onPhone = await phone.newPage();
  await signIn(onLaptop, email, password);
  await signIn(onPhone, email, password);

  // The name in the header opens the person's account, which leads to their sessions: this laptop and the phone.
  await onLaptop.getByRole('link', { name: /your account and sessions$/ }).click();
  await onLaptop.getByRole('link', { name: 'Your sessions' }).click();
  await expect(onLaptop.getByRole('heading', { level: 1, name: 'Your sessions' })).toBeVisible();
  await expect(onLaptop.getByRole('heading', { name: '2 live sessions' })).toBeVisible();
  const phoneRow = onLaptop.getByRole('row').filter({ hasText: 'Safari on an iPhone' });
  await expect(phoneRow).toHaveCount(1);
  await expect(onLaptop.getByRole('row').filter({ hasText: 'This session' })).toHaveCount(1);
  await expectNoViolations(onLaptop);

  await phoneRow.getByRole('button', { name: /^End the session of Safari on an iPhone/ }).click();
  await expect(onLaptop.getByRole('status')).toHaveText('That session has ended.');
  await expect(onLaptop.getByRole('heading', { name: '1 live session' })).toBeVisible();

  // The phone's next page asks it to sign in again.
  await onPhone.goto('/staff/leads');
  await expect(onPhone).toHaveURL(/\/staff\/sign-in\?expired=1&next=%2Fstaff%2Fleads$/);

  // The owner's audit log names the person for each step: two sign-ins, then the session they ended.
  await onLaptop.getByRole('link', { name: 'Audit log' }).click();
  await onLaptop.getByLabel('Person').selectOption({ label: name });
  await onLaptop.getByRole('button', { name: 'Apply' }).click();
  const entries = onLaptop.getByRole('table').getByRole('row').filter({ hasText: name });
  await expect(entries.filter({ hasText: 'Signed in' })).toHaveCount(2);
  await expect(entries.filter({ hasText: 'Session ended' })).toHaveCount(1);
  await expect(onLaptop.getByRole('table')).not.toContainText(email);
  await expectNoViolations(onLaptop);

  await laptop.close();
  await phone.close();
});
