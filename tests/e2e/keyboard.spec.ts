import type { Locator, Page } from '@playwright/test';
import { sitePages } from '../../shared/routes';
import { expect, gotoHydrated, test } from './fixtures';

/** Presses Tab until the target has focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test.describe('keyboard only', () => {
  for (const route of sitePages) {
    test(`${route.path}: every stop of the first 40 Tab presses shows a focus indicator`, async ({ page }) => {
      await gotoHydrated(page, route.path);
      for (let i = 0; i < 40; i += 1) {
        await page.keyboard.press('Tab');
        // The ring is on the focused element, or on the card around it (a link that covers its card).
        const focus = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          let ring: HTMLElement | null = el;
          for (let depth = 0; ring && depth < 4; depth += 1, ring = ring.parentElement) {
            const style = getComputedStyle(ring);
            if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) break;
          }
          return { tag: el.tagName, text: el.textContent?.trim().slice(0, 30), ringed: Boolean(ring) };
        });
        if (!focus) break;
        expect(focus.ringed, `${focus.tag} "${focus.text}" shows a focus ring`).toBe(true);
      }
    });
  }

  test('the blog filter works from the keyboard', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    const technology = page.getByRole('navigation', { name: 'Blog categories' }).getByRole('link', { name: 'Technology' });
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
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for your message!' })).toBeVisible({ timeout: 10_000 });
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
