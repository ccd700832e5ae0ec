import type { Browser, BrowserContext, Page } from '@playwright/test';

import { violations } from '../support/browser/axe';
import { expect, test } from '../support/browser/fixtures';
import { addStaffAccount, seed, signIn } from '../support/browser/staff';
import { AXE_WIDTHS } from '../support/browser/widths';

/** Each run gets its own names, so the runs on one server never meet. */
const run = `${process.pid}-${Date.now().toString(36)}`;
const email = `campaigns-${run}@meridianlab.test`;
let password = '';
/** Where screenshots go for a person to look at, when asked for (SCREENSHOT_DIR). */
const shots = process.env.SCREENSHOT_DIR;

test.beforeAll(() => {
  password = addStaffAccount(email);
  seed((db) => {
    const at = new Date().toISOString();
    const insert = db.prepare(
      'INSERT INTO subscribers (email, created_at, confirmed_at, locale, hard_bounces, bounced_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    insert.run(`lector-${run}@example.test`, at, at, 'es', 0, null);
    insert.run(`reader-${run}@example.test`, at, at, 'en', 0, null);
    insert.run(`gone-${run}@example.test`, at, at, 'en', 2, at);
  });
});

let cookies: Awaited<ReturnType<BrowserContext['cookies']>> | undefined;
/** A signed-in context, without script (as the console is used at its plainest) or with it (axe runs as a script). */
async function consoleContext(browser: Browser, javaScriptEnabled = false): Promise<BrowserContext> {
  if (!cookies) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, email, password);
    cookies = await context.cookies();
    await context.close();
  }
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1440, height: 900 } });
  await context.addCookies(cookies);
  return context;
}

/**
 * The page the script-less browser shows, checked by axe in a browser that runs it at each of the spec's widths (CSS
 * alone lays the console out, so one load serves both), and photographed.
 */
async function check(page: Page, name: string) {
  const context = await consoleContext(page.context().browser()!, true);
  const axePage = await context.newPage();
  await axePage.goto(page.url());
  for (const width of AXE_WIDTHS) {
    await axePage.setViewportSize({ width, height: 900 });
    expect(await violations(axePage), `${name} at ${width} px`).toEqual([]);
    if (shots) await axePage.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await context.close();
}

test.describe.configure({ mode: 'serial' });

test('a campaign is written, confirmed and sent without script, each page with no axe violations at 1440 and 390 px', async ({
  browser,
}) => {
  const context = await consoleContext(browser);
  const page = await context.newPage();
  await page.goto('/staff/newsletter');
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: `gone-${run}@example.test` })).toBeVisible();
  await check(page, 'newsletter');

  await page.getByRole('button', { name: 'Create from article' }).click();
  await expect(page).toHaveURL(/\/staff\/newsletter\/\d+$/);
  // Staff write only the lab's note above the article (decision 067).
  await page
    .getByRole('group', { name: 'English' })
    .getByLabel(/^Note above the article/)
    .fill(`Campaign ${run}: our team's latest.`);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await check(page, 'campaign-draft');

  await page.getByRole('group', { name: 'Spanish' }).getByRole('link', { name: 'HTML' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  if (shots) await page.screenshot({ path: `${shots}/preview-es.png`, fullPage: true });
  await page.goBack();

  await page.getByRole('button', { name: 'Review and send' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm sending' })).toBeVisible();
  await expect(page.getByText(/in English/)).toBeVisible();
  await check(page, 'campaign-confirm');
  await page.getByRole('button', { name: /^Send now to \d+ subscribers?$/ }).click();
  await expect(page.getByRole('status')).toHaveText('Scheduled.');
  await expect(page.getByRole('heading', { name: 'Progress' })).toBeVisible();
  await expect(page.getByLabel('Campaign figures')).toBeVisible();
  await check(page, 'campaign-progress');
  await context.close();
});
