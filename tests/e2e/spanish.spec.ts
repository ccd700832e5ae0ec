import type { Page } from '@playwright/test';

import { readBuildManifest } from '../bench/sizes';
import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';

test.describe('every Spanish page', () => {
  test('the 404 under /es is the Spanish one', async ({ page, browserErrors }) => {
    await page.goto('/es/no-existe');
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
    browserErrors.length = 0; // the document's own 404 status
  });
});

test.describe('a first visit', () => {
  /** The catalogue chunks (build-manifest name) a first visit to a path fetches, once hydrated. */
  async function cataloguesFetched(page: Page, path: string): Promise<string[]> {
    const files = new Map(
      Object.entries(readBuildManifest().routes)
        .filter(([name]) => name.startsWith('catalogues/'))
        .map(([name, [file]]) => [file!, name]),
    );
    const fetched: string[] = [];
    page.on('request', (request) => {
      const name = files.get(new URL(request.url()).pathname);
      if (name) fetched.push(name);
    });
    await gotoHydrated(page, path);
    return fetched.sort();
  }

  test("fetches its own language's texts only, and only the parts its page shows", async ({ page }) => {
    expect(await cataloguesFetched(page, '/')).toEqual(['catalogues/en/common', 'catalogues/en/home']);
  });

  test("in Spanish fetches no English texts, and the contact page not the home page's", async ({ page }) => {
    expect(await cataloguesFetched(page, '/es/contacto')).toEqual(['catalogues/es/common', 'catalogues/es/contact']);
  });
});

test.describe('moving around in Spanish', () => {
  test('client-side navigation keeps the language and loads no English texts', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await gotoHydrated(page, '/es');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Contacto' }).click();
    await expect(page).toHaveURL('/es/contacto');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hablemos');
    await expect(page).toHaveTitle('Contáctenos | Meridian Lab');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Inicio' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Transformamos experiencias');
    // The English texts are never fetched: the Spanish parts were enough, the contact page's loaded on the way.
    const manifest = readBuildManifest();
    const own = (language: string) =>
      Object.entries(manifest.routes)
        .filter(([name]) => name.startsWith(`catalogues/${language}/`))
        .map(([, files]) => files[0]);
    expect(requested.filter((path) => own('en').includes(path))).toEqual([]);
    expect(requested).toContain(manifest.routes['catalogues/es/contact']![0]);
  });

  test('the language switch leads to the same page in English, and back', async ({ page }) => {
    await gotoHydrated(page, '/es/contacto');
    const toEnglish = page.getByRole('banner').getByRole('link', { name: 'English' });
    await expect(toEnglish).toHaveAttribute('hreflang', 'en');
    await expect(toEnglish).toHaveAttribute('lang', 'en');
    await toEnglish.click();
    await expect(page).toHaveURL('/contact');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get In Touch');
    await page.getByRole('banner').getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL('/es/contacto');
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test('the mobile menu holds the Spanish links and the switch, without violations', async ({ page }) => {
      await gotoHydrated(page, '/es');
      await page.getByRole('button', { name: 'Menú' }).click();
      const menu = page.getByRole('navigation', { name: 'Móvil' });
      await expect(menu.getByRole('link', { name: 'Servicios' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/');
      expect(await violations(page)).toEqual([]);
    });
  });

  test.describe('at 360 px', () => {
    test.use({ viewport: { width: 360, height: 800 } });
    test('the longer Spanish words never widen a page past the screen', async ({ page }) => {
      for (const path of ['/es', '/es/contacto']) {
        await gotoHydrated(page, path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
      }
    });
  });

  test.describe('at 768 px', () => {
    test.use({ viewport: { width: 768, height: 900 } });
    test('the Spanish header fits: every link, the switch and the button visible, nothing overflows', async ({
      page,
    }) => {
      for (const path of ['/es/contacto', '/contact']) {
        await gotoHydrated(page, path);
        const banner = page.getByRole('banner');
        await expect(banner.locator('.site-nav .nav-link')).toHaveCount(5);
        for (const link of await banner
          .locator('.site-nav .nav-link, .site-header__language a, .site-header__cta, .site-header__inner > .brand')
          .all()) {
          await expect(link).toBeInViewport({ ratio: 1 });
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(768);
      }
    });
  });
});

test.describe('the language hint', () => {
  test.use({ locale: 'es-CO', languageHint: true });

  test('offers the Spanish page to a browser that prefers Spanish, and stays away once dismissed', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    const headingTop = async () => (await page.getByRole('heading', { level: 1 }).boundingBox())!.y;
    const before = await headingTop();
    const hint = page.getByRole('complementary', { name: 'Esta página también está disponible en español.' });
    await expect(hint).toBeVisible();
    // It floats over the foot of the window: the page under it does not move (no layout shift).
    expect(await headingTop()).toBe(before);
    expect(Math.round((await hint.boundingBox())!.y + (await hint.boundingBox())!.height)).toBe(
      page.viewportSize()!.height,
    );
    await expect(hint).toHaveAttribute('lang', 'es');
    await expect(hint.getByRole('link', { name: 'Leerla en español' })).toHaveAttribute('href', '/es/contacto');
    expect(await violations(page)).toEqual([]);
    // At the end of the page it rests below the footer: its links stay clickable.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(async () => {
      const footer = (await page.getByRole('contentinfo').boundingBox())!;
      expect((await hint.boundingBox())!.y).toBeGreaterThanOrEqual(Math.floor(footer.y + footer.height));
    }).toPass();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click({ trial: true });
    await hint.getByRole('button', { name: 'Cerrar' }).click();
    await expect(hint).toHaveCount(0);
    await page.reload();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(page.getByRole('complementary')).toHaveCount(0);
  });

  test('never redirects, and says nothing on a page without a Spanish version or already in Spanish', async ({
    page,
    browserErrors,
  }) => {
    // The banner and its words are fetched only where offered (the English home page here): by the page that asked.
    const bannerFetchedOn: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/LanguageHintBanner-')) bannerFetchedOn.push(new URL(page.url()).pathname);
    });
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL('/');
    // Every public page has a Spanish twin; an unknown path's 404 has none.
    await gotoHydrated(page, '/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.language-hint')).toHaveCount(0);
    expect(browserErrors.filter((error) => !error.includes('404'))).toEqual([]);
    browserErrors.length = 0; // the document's own 404 status
    await gotoHydrated(page, '/es');
    await expect(page.locator('.language-hint')).toHaveCount(0);
    expect(bannerFetchedOn.filter((path) => path !== '/')).toEqual([]);
  });
});
