import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import { violations } from '../support/browser/axe';
import { expect, test } from '../support/browser/fixtures';
import { linkPath, mailTo } from '../support/browser/mailbox';
import { addStaffAccount, seed, signIn, siteWithMail } from '../support/browser/staff';
import { AXE_WIDTHS } from '../support/browser/widths';

/** Each run gets its own names. */
const run = `${process.pid}-${Date.now().toString(36)}`;
const owner = `owner-${run}@meridianlab.test`;
const editor = `editor-${run}@meridianlab.test`;
const sales = `sales-${run}@meridianlab.test`;
const reader = `reader-${run}@example.com`;
const FIRST_PASSWORD = 'orchid-tangent-harbor-77';
const SECOND_PASSWORD = 'copper-lantern-meadow-58';
const article = { title: 'Cold Chains, Warm Hands', slug: 'cold-chains-warm-hands' };

/**
 * A site of the journey's own, with a mail catcher of its own: the article the editor publishes must not reach the
 * shared server's blog, nor its e-mails the shared catcher.
 */
let site: Awaited<ReturnType<typeof siteWithMail>>;
test.beforeAll(async () => {
  site = await siteWithMail();
});
test.afterAll(async () => site?.stop());
const mailOf = (address: string, count = 1, timeoutMs = 10_000) => mailTo(address, count, timeoutMs, site.mailDir);

/** A browser of its own, from a client address of its own: the sign-in and reset limits count per client. */
let clients = 0;
async function person(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: site.origin,
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

test('an owner invites an editor, who sets a password from the e-mail and two factors, publishes an article and opens no lead; a sales member sends no campaign; a reset from the e-mail works once and ends the other session; the audit log names every step', async ({
  browser,
}) => {
  // Nine scrypt hashes at the production cost, each a second or two on a busy machine.
  test.setTimeout(240_000);
  const ownerPassword = addStaffAccount(owner, site.dataDir);
  const ownerPage = await person(browser);
  await signIn(ownerPage, owner, ownerPassword);
  // The owner typed the password 11 minutes ago: the invitation, which gives a role, asks for it again.
  seed(
    (db) =>
      db
        .prepare(
          'UPDATE staff_sessions SET checked_at = ? WHERE account_id = (SELECT id FROM staff_accounts WHERE email = ?)',
        )
        .run(new Date(Date.now() - 11 * 60_000).toISOString(), owner),
    site.dataDir,
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

  const [invitation] = await mailOf(editor);
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

  // The editor publishes an article, and visitors read it on the site.
  await laptop.goto('/staff/articles/new');
  await laptop.getByLabel('Title').fill(article.title);
  await laptop.getByLabel('Slug').fill(article.slug);
  await laptop.getByLabel('Excerpt').fill('What a cold chain asks of the people along it.');
  await laptop.getByLabel('Category').selectOption('research');
  await laptop.getByLabel('Author', { exact: true }).fill(`Lucía ${run}`);
  await laptop.getByLabel('Date').fill('2026-11-20');
  await laptop.getByLabel('Body (Markdown)').fill('The first paragraph.\n\n## Along the chain\n\nEvery hand counts.\n');
  await laptop.getByRole('button', { name: 'Create draft' }).click();
  await expect(laptop.getByRole('status')).toHaveText('Draft created.');
  await laptop.getByRole('button', { name: 'Publish now' }).click();
  await expect(laptop.getByRole('status')).toHaveText('Published: it is on the blog now.');
  const visitor = await person(browser);
  await visitor.goto(`/blog/${article.slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 2, name: 'Along the chain' })).toBeVisible();
  // And drafts a campaign announcing it, for a reader who subscribed.
  await laptop.goto('/staff/newsletter');
  const option = laptop.locator('#new-article option', { hasText: article.title });
  await laptop.getByLabel('From a published article').selectOption((await option.getAttribute('value'))!);
  await laptop.getByRole('button', { name: 'Create from article' }).click();
  await expect(laptop).toHaveURL(/\/staff\/newsletter\/\d+$/);
  const campaign = new URL(laptop.url()).pathname;
  seed(
    (db) =>
      db
        .prepare('INSERT INTO subscribers (email, created_at, confirmed_at, locale) VALUES (?, ?, ?, ?)')
        .run(reader, new Date().toISOString(), new Date().toISOString(), 'en'),
    site.dataDir,
  );

  // On another computer, "Forgot password?" from the sign-in page.
  const phone = await person(browser);
  await phone.goto('/staff/sign-in');
  await phone.getByRole('link', { name: 'Forgot password?' }).click();
  await expectNoViolations(phone);
  await phone.getByLabel('E-mail address').fill(editor);
  await phone.getByRole('button', { name: 'Send the link' }).click();
  await expect(phone.getByRole('status')).toContainText('If that address has an account, a link');
  const reset = (await mailOf(editor, 2)).find((mail) => mail.subject?.startsWith('Reset your password'));
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
  for (const step of ['Invited', 'Password reset', 'Signed in', 'Two-factor sign-in changed', 'Article published'])
    await expect(log).toContainText(step);
  await expect(log).toContainText(`Lucía ${run}`);
  await expect(log).not.toContainText(editor);

  // A sales member sends no campaign: the console offers no newsletter, and a send posted anyway is refused.
  const salesPage = await person(browser);
  await signIn(salesPage, sales, addStaffAccount(sales, site.dataDir, `Mateo ${run}`, 'sales'));
  const nav = salesPage.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Leads' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Newsletter' })).toHaveCount(0);
  expect((await salesPage.request.get(campaign, { maxRedirects: 0 })).status()).toBe(403);
  const csrf = await salesPage.locator('input[name="csrf"]').first().inputValue();
  const send = await salesPage.request.post(`${campaign}/schedule`, {
    form: { csrf, at: '' },
    headers: { Origin: site.origin },
    maxRedirects: 0,
  });
  expect(send.status()).toBe(403);
  let after: unknown;
  seed((db) => {
    after = db
      .prepare(
        "SELECT status, (SELECT count(*) FROM outbox WHERE kind = 'newsletter-campaign') AS queued FROM campaigns WHERE id = ?",
      )
      .get(Number(campaign.split('/').pop()));
  }, site.dataDir);
  expect(after).toEqual({ status: 'draft', queued: 0 });
  await expect(mailOf(reader, 1, 0)).rejects.toThrow(`No e-mail to ${reader}`);
});
