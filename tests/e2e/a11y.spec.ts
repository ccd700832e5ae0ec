import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';

// Every page as it loads, at 1440 and 390 px, is checked in everyPage.spec.ts; here, the states a visitor opens.
test.describe('axe in interactive states', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu, open', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the blog, filtered', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    await page.getByRole('navigation', { name: 'Blog categories' }).getByRole('link', { name: 'Technology' }).click();
    await expect(page).toHaveURL('/blog?category=technology');
    expect(await violations(page)).toEqual([]);
  });

  test('the FAQ, every answer open', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    const questions = page.locator('details summary');
    for (let i = 0; i < (await questions.count()); i += 1) await questions.nth(i).click();
    await expect(page.locator('details[open]')).toHaveCount(4);
    expect(await violations(page)).toEqual([]);
  });

  test('the contact form, with its success banner and with its error banner', async ({ page, browserErrors }) => {
    await gotoHydrated(page, '/contact');
    await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Ana Gómez');
    await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill('ana@example.com');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('We would like a quote for a new website.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for your message!' })).toBeVisible({
      timeout: 10_000,
    });
    expect(await violations(page)).toEqual([]);

    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Ana Gómez');
    await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill('ana@example.com');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('A second message.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toBeVisible({ timeout: 10_000 });
    expect(await violations(page)).toEqual([]);
    // Chromium reports the intercepted 500 itself; nothing else may have been logged.
    expect(browserErrors.filter((error) => !error.includes('status of 500'))).toEqual([]);
    browserErrors.length = 0;
  });
});
