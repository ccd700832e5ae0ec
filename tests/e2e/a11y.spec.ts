import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { pages } from '../../shared/routes';
import { expect, gotoHydrated, test } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe-core over the whole page; violations listed by rule and element so a failure says what to fix. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? ''})`),
  );
}

for (const width of [390, 1440]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const route of pages) {
      test(`${route.path} has no violations`, async ({ page }) => {
        await gotoHydrated(page, route.path);
        expect(await violations(page)).toEqual([]);
      });
    }

    test('the 404 page has no violations', async ({ page, browserErrors }) => {
      await page.goto('/no-such-page');
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      expect(await violations(page)).toEqual([]);
      browserErrors.length = 0; // the document's own 404 status
    });
  });
}

test.describe('axe in interactive states', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu, open', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
