import type { Locator, Page } from '@playwright/test';

import { expect, gotoHydrated, test } from '../support/browser/fixtures';

/** Presses Tab until the target has focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test.describe('keyboard only', () => {
  test('the blog filter works from the keyboard', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    const technology = page
      .getByRole('navigation', { name: 'Blog categories' })
      .getByRole('link', { name: 'Technology' });
    await tabTo(page, technology);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/blog?category=technology');
    await expect(technology).toHaveAttribute('aria-current', 'true');
  });

  test('the contact form is filled and sent from the keyboard', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    await tabTo(page, page.getByRole('textbox', { name: 'Full Name', exact: true }));
    await page.keyboard.type('Ana Gómez');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ana@example.com');
    await tabTo(page, page.getByRole('textbox', { name: 'Message', exact: true }), 6);
    await page.keyboard.type('We would like a quote for a new website.');
    await tabTo(page, page.getByRole('button', { name: 'Send Message' }), 3);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for your message!' })).toBeVisible({
      timeout: 10_000,
    });
  });
});

test.describe('reduced motion', () => {
  test('scrolling is instant when the visitor asks for reduced motion, smooth otherwise', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/services');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
  });
});
