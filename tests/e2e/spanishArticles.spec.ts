import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import { posts as esPosts } from '../../shared/generated/posts.es';
import { readBuildManifest } from '../bench/sizes';
import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';

const { posts: blogPosts } = enPosts;

const [featured, second] = esPosts;

test.describe('Spanish articles in the browser', () => {
  test('the pager and the related cards lead to Spanish articles in the app, fetching no English texts or bodies', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await gotoHydrated(page, `/es/blog/${featured!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(featured!.title);
    await expect(page.locator('time').first()).toHaveText('15 de marzo de 2024');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await page
      .getByRole('navigation', { name: 'Más artículos' })
      .getByRole('link', { name: new RegExp(second!.title) })
      .click();
    await expect(page).toHaveURL(`/es/blog/${second!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.title);
    await expect(page).toHaveTitle(`${second!.title} | Meridian Lab`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.locator('.article-hero time')).toHaveText('8 de marzo de 2024');
    await expect(page.locator('.prose table')).toBeVisible();
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      'href',
      new RegExp(`/blog/${blogPosts[1]!.slug}$`),
    );
    // The language switch now leads to this article in English.
    await expect(page.getByRole('banner').getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      `/blog/${blogPosts[1]!.slug}`,
    );

    const related = page.getByRole('region', { name: 'Artículos relacionados' }).locator('.blog-card__link').first();
    const title = await related.innerText();
    await related.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(new URL(page.url()).pathname).toMatch(/^\/es\/blog\//);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    const manifest = readBuildManifest();
    const english = Object.entries(manifest.routes)
      .filter(
        ([name]) => name.startsWith('catalogues/en/') || (name.startsWith('posts/') && !name.startsWith('posts/es/')),
      )
      .map(([, files]) => files[0]);
    expect(requested.filter((path) => english.includes(path))).toEqual([]);
    expect(requested).toContain(manifest.routes[`posts/es/${second!.slug}`]![0]);
  });

  test('the switch leads from a Spanish article to the same article in English and back', async ({ page }) => {
    await gotoHydrated(page, `/es/blog/${second!.slug}`);
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(`/blog/${blogPosts[1]!.slug}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(blogPosts[1]!.title);
    await page.getByRole('banner').getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL(`/es/blog/${second!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.title);
  });

  test('the Spanish footer leads to the Spanish privacy policy, which links to the Spanish terms', async ({ page }) => {
    await gotoHydrated(page, `/es/blog/${featured!.slug}`);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator('footer').getByRole('link', { name: 'Política de privacidad' }).click();
    await expect(page).toHaveURL('/es/privacidad');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de privacidad');
    await expect(page.getByText('Última actualización:')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    // The text's own links are plain links in the Markdown: a page load, still in Spanish.
    await page.locator('.prose').getByRole('link', { name: 'Términos del servicio' }).click();
    await expect(page).toHaveURL('/es/terminos');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Términos del servicio');
    await expect(page).toHaveTitle('Términos del servicio | Meridian Lab');
    expect(await violations(page)).toEqual([]);
  });

  test("the Spanish contact form's consent line leads to the Spanish privacy policy", async ({ page }) => {
    await gotoHydrated(page, '/es/contacto');
    await page.locator('form').getByRole('link', { name: 'Política de privacidad' }).click();
    await expect(page).toHaveURL('/es/privacidad');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de privacidad');
  });
});

test.describe('Spanish articles and legal pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an article reads completely in Spanish, and its links are real links', async ({ page }) => {
    const response = await page.goto(`/es/blog/${featured!.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(featured!.title);
    await expect(page.locator('.article__image')).toBeVisible();
    await expect(page.locator('.prose blockquote')).toContainText(
      'Una predicción es una razón para hacer un experimento',
    );
    await expect(page.locator('.article-hero').getByText('5 min de lectura')).toBeVisible();
    await page.getByRole('navigation', { name: 'Más artículos' }).getByRole('link').first().click();
    await expect(page).toHaveURL(`/es/blog/${second!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.title);
  });

  test('the legal pages read completely in Spanish and link to each other', async ({ page }) => {
    await page.goto('/es/terminos');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Términos del servicio');
    await expect(page.locator('.prose')).toContainText('dólares canadienses (CAD)');
    await page.locator('.prose').getByRole('link', { name: 'Política de privacidad' }).click();
    await expect(page).toHaveURL('/es/privacidad');
    await expect(page.locator('.prose')).toContainText('Superintendencia de Industria y Comercio');
    await expect(page.locator('.legal__updated')).toHaveText('Última actualización: 23 de noviembre de 2026');
  });

  test('a Spanish slug that names no article is the Spanish not-found page with 404', async ({
    page,
    browserErrors,
  }) => {
    const response = await page.goto('/es/blog/no-existe');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
    expect(browserErrors.filter((error) => !error.includes('404'))).toEqual([]);
    browserErrors.length = 0;
  });
});
