import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import type { Page } from '@playwright/test';

import { expect, gotoHydrated, test } from '../support/browser/fixtures';

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
