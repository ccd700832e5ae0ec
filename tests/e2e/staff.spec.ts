import fs from 'node:fs';

import type { Browser, BrowserContext, Page } from '@playwright/test';

import { bucketOf } from '../../server/vitals/histogram';
import { violations } from '../support/browser/axe';
import { expect, test } from '../support/browser/fixtures';
import { addStaffAccount, insertLead, seed, signIn } from '../support/browser/staff';
import { AXE_WIDTHS } from '../support/browser/widths';

/** Each run gets its own names, so the runs on one server never meet. */
const run = `${process.pid}-${Date.now().toString(36)}`;
const email = `staff-${run}@meridianlab.test`;
let password = '';
let leadId = 0;

test.beforeAll(() => {
  // A worker may run this file's hooks once per group of tests it is given: the account and rows are made once.
  if (password) return;
  password = addStaffAccount(email);
  seed((db) => {
    leadId = insertLead(
      db,
      `Rosa Browser ${run}`,
      `rosa-${run}@example.test`,
      'ai-voice-systems',
      'We want an AI receptionist for two clinics.',
    );
    insertLead(db, `Other Person ${run}`, `other-${run}@example.test`, 'marketing-ads', 'Ads for a bakery.');
    // Rosa's lead is this person's, with a step already due: the inbox's columns and the alert bar show it.
    db.prepare('UPDATE leads SET owner = ?, next_step = ?, next_step_due_at = ? WHERE id = ?').run(
      email,
      'Send the clinic demo',
      new Date(Date.now() - 3_600_000).toISOString(),
      leadId,
    );
    db.prepare('INSERT INTO subscribers (email, created_at, confirmed_at) VALUES (?, ?, ?)').run(
      `reader-${run}@example.test`,
      new Date().toISOString(),
      new Date().toISOString(),
    );
    // One sample a day of each in its bucket's histogram (the first run on a server writes them).
    const vital = db.prepare(
      `INSERT INTO daily_counts (day, series, label, device, count, buckets)
       VALUES (?, ?, '/services', 'mobile', 1, json_object(?, 1)) ON CONFLICT DO NOTHING`,
    );
    for (let day = 0; day < 10; day++) {
      const at = new Date(Date.now() - day * 86_400_000).toISOString().slice(0, 10);
      vital.run(at, 'LCP', String(bucketOf('LCP', 1500 + day * 150)));
      vital.run(at, 'INP', String(bucketOf('INP', 120 + day * 10)));
    }
  });
});

/** One signed-in browser state for the tests that are not about signing in: each sign-in costs a deliberately slow hash. */
let signedIn: { cookies: Awaited<ReturnType<BrowserContext['cookies']>> } | undefined;
async function signedInContext(browser: Browser, javaScriptEnabled: boolean): Promise<BrowserContext> {
  if (!signedIn) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, email, password);
    signedIn = { cookies: await context.cookies() };
    await context.close();
  }
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1440, height: 900 } });
  await context.addCookies(signedIn.cookies);
  return context;
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('a console URL sends a visitor to sign in; a wrong password is refused, the right one opens the inbox', async ({
      page,
      browserErrors,
    }) => {
      await page.goto('/staff/leads');
      await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff%2Fleads$/);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      if (!javaScriptEnabled) {
        await page.getByLabel('E-mail address').fill(email);
        await page.getByLabel('Password').fill('not the password at all');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not right.');
        await expect(page.getByLabel('E-mail address')).toHaveValue(email);
        browserErrors.length = 0; // the refusal's own 401 status
      }
      await signIn(page, email, password);
      await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('status')).toHaveText('You are signed out.');
      await page.goto('/staff/leads');
      await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff%2Fleads$/);
    });

    test('the export downloads the current filter as CSV and JSON', async ({ browser }) => {
      const context = await signedInContext(browser, javaScriptEnabled);
      const page = await context.newPage();
      await page.goto(`/staff/leads?q=${encodeURIComponent(run)}&service=marketing-ads`);
      for (const [name, pattern] of [
        ['CSV', /\.csv$/],
        ['JSON', /\.json$/],
      ] as const) {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name, exact: true }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(pattern);
        const text = fs.readFileSync((await download.path())!, 'utf8');
        expect(text).toContain(`Other Person ${run}`);
        expect(text).not.toContain(`Rosa Browser ${run}`);
      }
      await context.close();
    });

    test('field speed shows the p75 per page and draws the daily trend with its data table', async ({ browser }) => {
      const context = await signedInContext(browser, javaScriptEnabled);
      const page = await context.newPage();
      await page.goto('/staff/speed');
      const chart = page.getByRole('img', { name: /Largest Contentful Paint \(LCP\), daily 75th percentile/ });
      await expect(chart).toBeVisible();
      await page.getByLabel('Metric', { exact: true }).selectOption('INP');
      await page.getByLabel('Page', { exact: true }).selectOption('/services');
      await page.getByRole('button', { name: 'Show' }).click();
      await expect(page.getByRole('heading', { name: /Daily trend: INP/ })).toBeVisible();
      await expect(page.getByRole('img', { name: /Interaction to Next Paint \(INP\).*\/services/ })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Daily 75th percentile of INP' }).getByRole('row')).toHaveCount(11);
      await expect(page.getByRole('region', { name: 'Field speed of /services' })).toContainText(
        'good ≤ 200 ms, poor > 500 ms',
      );
      await context.close();
    });
  });
}

// The lead moves New → Contacted without script, then Contacted → Won with it: one worker, in this order.
test.describe.serial('the inbox', () => {
  for (const javaScriptEnabled of [false, true]) {
    test(`the inbox searches and filters, and a lead moves on with its history, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
      browser,
    }) => {
      const context = await signedInContext(browser, javaScriptEnabled);
      const page = await context.newPage();
      await page.goto('/staff/leads');
      await page.getByLabel('Search').fill(`Browser ${run}`);
      await page.getByLabel('Service').selectOption('ai-voice-systems');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(/service=ai-voice-systems/);
      await expect(page.getByRole('heading', { name: '1 lead', exact: true })).toBeVisible();
      await page.getByRole('link', { name: `Rosa Browser ${run}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Rosa Browser ${run}` })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
        'href',
        new RegExp(`^mailto:rosa-${run}@example\\.test\\?subject=`),
      );
      const [from, to, label] = javaScriptEnabled
        ? ['Contacted', 'Won', 'Mark won']
        : ['New', 'Contacted', 'Mark contacted'];
      // Won says when the plan starts; the plan and its monthly value come prefilled from the price table.
      if (to === 'Won') await page.getByLabel('Starts on').fill('2026-12-01');
      await page.getByRole('button', { name: label }).click();
      await expect(page.getByRole('status')).toHaveText('Status changed.');
      await expect(page.locator('.staff-history li').last()).toContainText(`${from} → ${to}${email}`);
      await page.getByLabel('Add a note').fill(`Called back (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`);
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect(page.locator('.staff-note').last()).toContainText(
        `Called back (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`,
      );
      if (to === 'Won') {
        await expect(page.getByText('AI Voice Systems, $99 CAD a month from 2026-12-01')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Mark contacted' })).toHaveClass(/button--secondary/);
      } else {
        // The owner's due step is in the alert bar; its link lists it.
        await page.getByRole('link', { name: 'Show my due steps' }).click();
        await expect(page.getByRole('link', { name: `Rosa Browser ${run}` })).toBeVisible();
        await expect(page.getByRole('cell', { name: /Send the clinic demo/ })).toBeVisible();
      }
      expect(leadId).toBeGreaterThan(0);
      await context.close();
    });
  }
});

const CONSOLE_PAGES = [
  '/staff/leads',
  '/staff/leads/{lead}',
  '/staff/subscribers',
  '/staff/speed',
  '/staff/people',
  '/staff/people/1',
  '/staff/no-such-page',
];

/** Axe at the spec's widths over the page on screen: CSS alone lays the console out, so one load serves both. */
async function expectNoViolations(page: Page) {
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await violations(page), `at ${width} px`).toEqual([]);
  }
}

test('the sign-in page has no axe violations at 1440 and 390 px', async ({ page }) => {
  await page.goto('/staff/sign-in');
  await expectNoViolations(page);
});

for (const path of CONSOLE_PAGES) {
  test(`${path} has no axe violations at 1440 and 390 px`, async ({ browser }) => {
    const context = await signedInContext(browser, true);
    const page = await context.newPage();
    await page.goto(path.replace('{lead}', String(leadId)));
    await expectNoViolations(page);
    await context.close();
  });
}

test('the reports group a won lead under its campaign, beside speed to lead, both axe-clean', async ({ browser }) => {
  const campaign = `spring-${run}`;
  seed((db) => {
    const id = insertLead(db, `Won Browser ${run}`, `won-${run}@example.test`, 'marketing-ads', 'Ads for a gym.');
    db.prepare(
      `UPDATE leads SET source = 'newsletter', campaign = ?, status = 'won', deal_plan = 'marketing-ads',
         deal_monthly = 299, deal_start = '2026-12-01', first_action_at = ?, first_action_office_seconds = 240
       WHERE id = ?`,
    ).run(campaign, new Date().toISOString(), id);
  });
  // The console runs no script of its own (its CSP forbids it): the group-by form is a plain GET form.
  const context = await signedInContext(browser, true);
  const page = await context.newPage();
  await page.goto('/staff/reports');
  await page.getByLabel('Group by').selectOption('campaign');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/by=campaign/);
  await expect(page.locator('tr', { hasText: campaign }).locator('td').last()).toHaveText('299');
  await expectNoViolations(page);
  await page.getByRole('link', { name: 'Speed to lead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Speed to lead' })).toBeVisible();
  await expectNoViolations(page);
  await context.close();
});
