import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import type { Page } from '@playwright/test';

import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';
import { addStaffAccount, signIn } from '../support/browser/staff';
import { AXE_WIDTHS } from '../support/browser/widths';

/** The leads the running site stored under a name. */
function leadsNamed(name: string): number {
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR!, 'site.db'), { readOnly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM leads WHERE name = ?').get(name) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Types the form as a person does; the browser tests' site sets no least time from page to post (decision 073). */
async function fillContact(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill('person@example.com');
  await page.getByLabel('Service of Interest').selectOption('consultation');
  await page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('A question about a new website, from a person.');
  await page.getByRole('button', { name: /send/i }).click();
}

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.231' } });

test('a person in Chromium is delivered with script (proof of work) and without (the page token)', async ({
  page,
  browser,
}) => {
  // With script: the solver's chunk loads at the form's first focus, not before.
  const chunks: string[] = [];
  page.on('request', (request) => chunks.push(request.url()));
  await gotoHydrated(page, '/contact');
  expect(chunks.some((url) => url.includes('/formProof-'))).toBe(false);
  await fillContact(page, 'Guarded With Script');
  await expect(page.getByText("Thank you for your message! We'll get back to you within 24 hours.")).toBeVisible();
  expect(chunks.some((url) => url.includes('/formProof-'))).toBe(true);
  await expect.poll(() => leadsNamed('Guarded With Script')).toBe(1);

  // Without script: a plain post with the page's token.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.232' },
  });
  const noScript = await plain.newPage();
  await noScript.goto('/contact');
  await fillContact(noScript, 'Guarded Without Script');
  await expect(noScript).toHaveURL(/\/contact\?sent=1#contact-form$/);
  await plain.close();
  await expect.poll(() => leadsNamed('Guarded Without Script')).toBe(1);
});

test('a post that never loaded its form waits in the quarantine, and staff deliver it', async ({ page, baseURL }) => {
  // Each run its own names, so runs on one server never meet.
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const name = `Held ${run}`;
  const answer = await page.request.post('/api/contact', {
    headers: { 'X-Forwarded-For': '198.51.100.233', Origin: baseURL! },
    data: { name, email: `held-${run}@example.com`, message: 'Posted by a script that never loaded the form.' },
  });
  expect(answer.status()).toBe(201); // the thank-you everyone gets
  expect(leadsNamed(name)).toBe(0);

  const email = `quarantine-${run}@meridianlab.test`;
  await signIn(page, email, addStaffAccount(email));
  await page.goto('/staff/quarantine');
  const row = page.getByRole('row').filter({ hasText: `held-${run}@example.com` });
  await expect(row).toContainText('page token missing (+100)');
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await violations(page), `quarantine at ${width} px`).toEqual([]);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/quarantine-${width}.png`, fullPage: true });
  }
  await row.getByRole('button', { name: /^Not spam/ }).click();
  await expect(page.getByText(/delivered/i).first()).toBeVisible();
  await expect.poll(() => leadsNamed(name)).toBe(1);
});
