import { posts as esPosts } from '../../shared/generated/posts.es';
import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';

const [featured, second] = esPosts;

test.describe('the Spanish blog in the browser', () => {
  test('filters in place in Spanish, leads to Spanish articles and keeps Spanish on client-side navigation', async ({ page }) => {
    await gotoHydrated(page, '/es/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuestro blog');
    expect(await violations(page)).toEqual([]);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const filter = page.getByRole('navigation', { name: 'Categorías del blog' });
    await filter.getByRole('link', { name: 'Tecnología' }).click();
    await expect(page).toHaveURL('/es/blog?category=technology');
    await expect(page.locator('.blog-posts__summary')).toHaveText('2 publicaciones en Tecnología');
    await expect(filter.getByRole('link', { name: 'Tecnología' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('banner').getByRole('link', { name: 'English' })).toHaveAttribute('href', '/blog');

    await page.locator('.blog-posts .blog-card__link').first().click();
    await expect(page).toHaveURL(`/es/blog/${second!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByRole('link', { name: 'Volver al blog' }).click();
    await expect(page).toHaveURL('/es/blog');
    await expect(page.locator('.blog-featured').getByRole('link', { name: featured!.title })).toBeVisible();
    await expect(page.locator('.blog-featured time')).toHaveText('15 de marzo de 2024');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test('the language switch leads to the English blog, and back', async ({ page }) => {
    await gotoHydrated(page, '/es/blog');
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Blog');
    await page.getByRole('banner').getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL('/es/blog');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  for (const width of [360, 768, 1440]) {
    test(`lays out at ${width} px without sideways scrolling`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/es/blog');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/spanish-blog-${width}.png`, fullPage: true });
    });
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('filters by the query, and the sign-up comes back to the Spanish blog in Spanish', async ({ page }) => {
      await page.goto('/es/blog?category=tutorials');
      await expect(page.locator('.blog-posts__summary')).toHaveText('1 publicación en Tutoriales');
      await page.getByLabel('Correo electrónico').fill('lectora@example.com');
      await page.getByRole('button', { name: 'Suscribirme' }).click();
      await expect(page).toHaveURL('/es/blog?category=tutorials&subscribe=pending#newsletter');
      await expect(page.getByRole('status')).toContainText('Revise su correo para confirmar');
    });
  });
});
