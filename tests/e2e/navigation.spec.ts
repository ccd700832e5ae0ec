import type { Page, Route } from '@playwright/test';

import { catalogues } from '../../server/pages/catalogues';
import { common as enCommon } from '../../shared/content/i18n/en/common';
import type { Locale } from '../../shared/lib/locale';
import { locales, localeTags } from '../../shared/lib/locale';
import { pageHead, seedSitePages } from '../../shared/routes';
import { readBuildManifest } from '../bench/sizes';
import { violations } from '../support/browser/axe';
import { expect, expectHydrated, gotoHydrated, test } from '../support/browser/fixtures';
import { expectSwitchToTwinAndBack } from '../support/browser/twinPages';

const { mainNav } = enCommon.navigation;

const SITE_URL = `http://localhost:${process.env.E2E_PORT ?? 4173}`;

/** The site's frame in both languages, where a test walks through it in each. */
const frameIn = {
  /** The home page, and the start of its heading. */
  home: { en: ['/', 'Transforming Digital'], es: ['/es', 'Transformamos experiencias'] },
  /** The contact page: its path, its heading and its title. */
  contact: {
    en: ['/contact', 'Get In Touch', 'Contact Us | Meridian Lab'],
    es: ['/es/contacto', 'Hablemos', 'Contáctenos | Meridian Lab'],
  },
  /** The main menu's label, and its links home and to the contact page. */
  menu: { en: ['Main', 'Home', 'Contact'], es: ['Principal', 'Inicio', 'Contacto'] },
  /** The menu button, the mobile menu's label and its link to the services. */
  mobileMenu: { en: ['Menu', 'Mobile', 'Services'], es: ['Menú', 'Móvil', 'Servicios'] },
  /** An unknown path, the not-found page's heading and its link home. */
  notFound: {
    en: ['/no-such-page', 'Page not found', 'Back to home'],
    es: ['/es/no-existe', 'Página no encontrada', 'Volver al inicio'],
  },
  /** A browser that prefers the language: its tag, then the hint offering the language, its link and its dismiss button. */
  hint: {
    en: ['en-US', 'This page is also available in English.', 'Read it in English', 'Dismiss'],
    es: ['es-CO', 'Esta página también está disponible en español.', 'Leerla en español', 'Cerrar'],
  },
  privacy: { en: 'Privacy Policy', es: 'Política de privacidad' },
} as const satisfies Record<string, Record<Locale, unknown>>;

const otherThan = (locale: Locale) => locales.find((candidate) => candidate !== locale)!;

test.describe('every route', () => {
  for (const locale of locales) {
    test(`an unknown path shows the not-found page in the layout, hydrated, in ${locale}`, async ({
      page,
      browserErrors,
    }) => {
      const [path, heading, backHome] = frameIn.notFound[locale];
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expectHydrated(page);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page).toHaveTitle(catalogues[locale].notFound.head.title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await page.getByRole('link', { name: backHome }).click();
      await expect(page).toHaveURL(frameIn.home[locale][0]);
      // The document's own 404 is reported by Chromium as a failed resource; nothing else may be.
      expect(browserErrors.filter((error) => !error.includes('404'))).toEqual([]);
      browserErrors.length = 0;
    });
  }
});

test.describe('client-side navigation', () => {
  test('nav links change the page without a reload, and the head and active link follow', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const nav = page.getByRole('navigation', { name: 'Main' });

    for (const item of mainNav.slice(1)) {
      const route = seedSitePages.find((p) => p.path === item.to)!;
      await nav.getByRole('link', { name: item.label }).click();
      await expect(page).toHaveURL(route.path);
      await expect(page).toHaveTitle(pageHead(route, catalogues[route.locale]).title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        pageHead(route, catalogues[route.locale]).description,
      );
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE_URL}${route.path}`);
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
      await expect(nav.locator('[aria-current="page"]')).toHaveText(item.label);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
    }
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Home');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('a navigation starts the new page at its top with focus on its content; back restores the position', async ({
    page,
  }) => {
    await gotoHydrated(page, '/services');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Research' }).click();
    await expect(page).toHaveURL('/research');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.locator('main#main')).toBeFocused();
    await page.goBack();
    await expect(page).toHaveURL('/services');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  });

  test('a link to the URL on screen shows the page from its top in the same document, with no second history entry', async ({
    page,
  }) => {
    await gotoHydrated(page, '/services');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const entries = await page.evaluate(() => history.length);
    // A link the header hydrates, then one in the footer, a static section.
    for (const link of [
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }),
      page.getByRole('contentinfo').getByRole('link', { name: 'Web Development' }),
    ]) {
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await link.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(page).toHaveURL('/services');
    }
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('the position left is restored on back after a reload of the next page too', async ({ page }) => {
    await gotoHydrated(page, '/services');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Research' }).click();
    await expect(page).toHaveURL('/research');
    await page.reload();
    await expectHydrated(page);
    await page.goBack();
    await expect(page).toHaveURL('/services');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  });

  test('the page on screen stays while the next one loads, and a later click wins over a slower one', async ({
    page,
  }) => {
    await gotoHydrated(page, '/blog');
    // The research page's code is held back until the test lets it through, as on a very slow network.
    const held: Route[] = [];
    await page.route(/\/static\/js\/Research-[^/]*\.js$/, (route) => void held.push(route));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Research' }).click();
    await expect.poll(() => held.length).toBe(1);
    await expect(page).toHaveURL('/blog');
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Blog');
    await nav.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL('/services');
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Services');
    await held[0]!.continue();
    // Time enough for the superseded navigation to have shown its page, had it not been dropped.
    await page.waitForTimeout(500);
    await expect(page).toHaveURL('/services');
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Services');
  });

  test("the blog's filter keeps the scroll position", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, '/blog');
    const technology = page
      .getByRole('region', { name: 'Categories', exact: true })
      .getByRole('link', { name: /^Technology/ });
    await technology.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy({ top: 40, behavior: 'instant' }));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await technology.click();
    await expect(page).toHaveURL('/blog?category=technology');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });

  test('the active link is visibly styled', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    const active = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' });
    const other = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Research' });
    await expect(active).toHaveAttribute('aria-current', 'page');
    const color = (locator: typeof active) => locator.evaluate((el) => getComputedStyle(el).color);
    expect(await color(active)).not.toBe(await color(other));
    const underline = await active.evaluate((el) => getComputedStyle(el, '::after').content);
    expect(underline).not.toBe('none');
  });

  test("the header's Get Started goes to /contact", async ({ page }) => {
    await gotoHydrated(page, '/research');
    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL('/contact');
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await gotoHydrated(page, '/services');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });
});

test.describe('header at 768 px, the narrowest width with the full nav', () => {
  test.use({ viewport: { width: 768, height: 900 } });

  test('keeps the brand on one line and every link and the button visible, without overflow', async ({ page }) => {
    await gotoHydrated(page, '/services');
    const name = page.locator('.site-header .brand__name');
    const { height, lineHeight } = await name.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(el).lineHeight),
    }));
    expect(height).toBeLessThan(lineHeight * 1.5);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(5);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(768);
  });
});

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('hides the links and the button behind a Menu button that opens, works by keyboard and closes', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' }).first()).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toHaveAttribute('aria-controls', 'mobile-menu');

    // Open from the keyboard: focus moves into the menu.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
    await expect(menu.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Services' })).toBeFocused();

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    // A click outside closes it.
    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(200, 800);
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    // A link closes it and navigates.
    await menuButton.click();
    await menu.getByRole('link', { name: 'Research' }).click();
    await expect(page).toHaveURL('/research');
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('opens without JavaScript too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/services');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Contact' })).toBeVisible();
    await context.close();
  });
});

test.describe('route chunk failures', () => {
  test('a failed chunk reloads the target URL once, then the server page stands', async ({ page, browserErrors }) => {
    await gotoHydrated(page, '/');
    await page.route('**/static/js/Services-*.js', (route) => route.abort('failed'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
    // One full load of /services: the server renders it, readable without the chunk.
    await page.waitForURL('/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');
    await expect.poll(() => browserErrors.some((e) => e.includes('Loading chunk Services failed.'))).toBe(true);
    expect(
      browserErrors.every((e) => /Loading chunk Services failed|Failed to load resource|Failed to fetch/.test(e)),
    ).toBe(true);
    browserErrors.length = 0;
  });

  /** From the home page to the contact page, whose chunk is missing, as if this path had already been reloaded once. */
  async function failContactAgain(page: Page, browserErrors: string[]) {
    await gotoHydrated(page, '/');
    await page.route('**/static/js/Contact-*.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.evaluate(() => sessionStorage.setItem('chunk-reload:/contact', '1'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not load');
    // The console reports it a moment after.
    await expect.poll(() => browserErrors.some((e) => e.includes('Loading chunk Contact failed.'))).toBe(true);
  }

  test('a chunk that fails again after the reload shows a friendly page whose retry recovers', async ({
    page,
    browserErrors,
  }) => {
    await failContactAgain(page, browserErrors);
    await expect(page.getByRole('banner')).toBeVisible();
    expect(browserErrors.some((e) => e.includes('Loading chunk Contact failed.') && e.includes('(missing:'))).toBe(
      true,
    );
    browserErrors.length = 0;

    await page.unroute('**/static/js/Contact-*.js');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectHydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get In Touch');
    expect(await page.evaluate(() => sessionStorage.getItem('chunk-reload:/contact'))).toBeNull();
  });

  test("the friendly page's way home loads the whole document, not a page in this one", async ({
    page,
    browserErrors,
  }) => {
    await failContactAgain(page, browserErrors);
    browserErrors.length = 0;
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL('/');
    await expectHydrated(page);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
  });
});

test.describe('web vitals', () => {
  // A visitor of its own: the pages other tests open in contexts of their own send their beacons too,
  // from the one loopback address, and a fast run of them fills that address's minute of the limit.
  test.use({ sendVitals: true, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.71' } });
  test('are sent in one beacon to /api/vitals when the page is hidden, and accepted', async ({ page }) => {
    await gotoHydrated(page, '/services');
    await page.getByRole('heading', { level: 1 }).click();
    // web-vitals is its own lazy chunk, loaded after hydration.
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByType('resource').some((e) => /web-vitals-\w+\.js/.test(e.name))),
      )
      .toBe(true);
    const beacon = page.waitForRequest(
      (request) => request.url().endsWith('/api/vitals') && request.method() === 'POST',
    );
    const accepted = page.waitForResponse((response) => response.url().endsWith('/api/vitals'));
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    const body = JSON.parse((await beacon).postData() ?? '{}');
    expect(body.page).toBe('/services');
    const names = body.metrics.map((metric: { name: string }) => metric.name);
    expect(names).toEqual(expect.arrayContaining(['TTFB', 'FCP']));
    expect(names.every((name: string) => ['CLS', 'INP', 'LCP', 'FCP', 'TTFB'].includes(name))).toBe(true);
    // Each metric once: the server refuses a beacon that repeats one.
    expect(new Set(names).size).toBe(names.length);
    expect((await accepted).status()).toBe(204);
  });
});

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

for (const locale of locales) {
  const other = otherThan(locale);
  const [home, homeHeading] = frameIn.home[locale];
  const [contact, contactHeading, contactTitle] = frameIn.contact[locale];
  const [otherContact] = frameIn.contact[other];

  test.describe(`the frame in ${locale}`, () => {
    for (const [path, part] of [
      [home, 'home'],
      [contact, 'contact'],
    ] as const) {
      test(`a first visit to ${path} fetches its own language's texts only, and only the parts its page shows`, async ({
        page,
      }) => {
        expect(await cataloguesFetched(page, path)).toEqual([
          `catalogues/${locale}/common`,
          `catalogues/${locale}/${part}`,
        ]);
      });
    }

    test("client-side navigation keeps the language and loads no other language's texts", async ({ page }) => {
      const [menu, homeLink, contactLink] = frameIn.menu[locale];
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await gotoHydrated(page, home);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByRole('navigation', { name: menu }).getByRole('link', { name: contactLink }).click();
      await expect(page).toHaveURL(contact);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(contactHeading);
      await expect(page).toHaveTitle(contactTitle);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      await page.getByRole('navigation', { name: menu }).getByRole('link', { name: homeLink }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(homeHeading);
      // The other language's texts are never fetched: the language's own parts were enough, the contact page's loaded on the way.
      const manifest = readBuildManifest();
      const textsOf = (language: Locale) =>
        Object.entries(manifest.routes)
          .filter(([name]) => name.startsWith(`catalogues/${language}/`))
          .map(([, files]) => files[0]);
      expect(requested.filter((path) => textsOf(other).includes(path))).toEqual([]);
      expect(requested).toContain(manifest.routes[`catalogues/${locale}/contact`]![0]);
    });

    test('the language switch leads to the same page in the other language, and back', async ({ page }) => {
      await gotoHydrated(page, contact);
      await expectSwitchToTwinAndBack(page, locale, frameIn.contact);
    });

    test.describe('at 390 px', () => {
      test.use({ viewport: { width: 390, height: 844 } });
      test("the mobile menu holds the language's links and the switch, without violations", async ({ page }) => {
        const [button, label, services] = frameIn.mobileMenu[locale];
        await gotoHydrated(page, home);
        await page.getByRole('button', { name: button }).click();
        const menu = page.getByRole('navigation', { name: label });
        await expect(menu.getByRole('link', { name: services })).toBeVisible();
        await expect(menu.getByRole('link', { name: localeTags[other].name })).toHaveAttribute(
          'href',
          frameIn.home[other][0],
        );
        expect(await violations(page)).toEqual([]);
      });
    });

    test.describe('at 768 px', () => {
      test.use({ viewport: { width: 768, height: 900 } });
      test('the header fits: every link, the switch and the button visible, nothing overflows', async ({ page }) => {
        await gotoHydrated(page, contact);
        const banner = page.getByRole('banner');
        await expect(banner.locator('.site-nav .nav-link')).toHaveCount(5);
        for (const link of await banner
          .locator('.site-nav .nav-link, .site-header__language a, .site-header__cta, .site-header__inner > .brand')
          .all()) {
          await expect(link).toBeInViewport({ ratio: 1 });
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(768);
      });
    });
  });

  test.describe(`the hint to a browser that prefers ${locale}`, () => {
    const [browserLocale, offer, readIt, dismiss] = frameIn.hint[locale];
    test.use({ locale: browserLocale, languageHint: true });

    test('offers the page in the language, and stays away once dismissed', async ({ page }) => {
      await gotoHydrated(page, otherContact);
      const headingTop = async () => (await page.getByRole('heading', { level: 1 }).boundingBox())!.y;
      const before = await headingTop();
      const hint = page.getByRole('complementary', { name: offer });
      await expect(hint).toBeVisible();
      // It floats over the foot of the window: the page under it does not move (no layout shift).
      expect(await headingTop()).toBe(before);
      expect(Math.round((await hint.boundingBox())!.y + (await hint.boundingBox())!.height)).toBe(
        page.viewportSize()!.height,
      );
      await expect(hint).toHaveAttribute('lang', locale);
      await expect(hint.getByRole('link', { name: readIt })).toHaveAttribute('href', contact);
      expect(await violations(page)).toEqual([]);
      // At the end of the page it rests below the footer: its links stay clickable.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(async () => {
        const footer = (await page.getByRole('contentinfo').boundingBox())!;
        expect((await hint.boundingBox())!.y).toBeGreaterThanOrEqual(Math.floor(footer.y + footer.height));
      }).toPass();
      await page.getByRole('contentinfo').getByRole('link', { name: frameIn.privacy[other] }).click({ trial: true });
      await hint.getByRole('button', { name: dismiss }).click();
      await expect(hint).toHaveCount(0);
      await page.reload();
      await expectHydrated(page);
      await expect(page.getByRole('complementary')).toHaveCount(0);
    });

    test('never redirects, and says nothing on a page without a twin in the language or already in it', async ({
      page,
      browserErrors,
    }) => {
      const [otherHome] = frameIn.home[other];
      // The banner and its words are fetched only where offered (the other language's home page here): by the page that asked.
      const bannerFetchedOn: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/LanguageHintBanner-')) bannerFetchedOn.push(new URL(page.url()).pathname);
      });
      const response = await page.goto(otherHome);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(otherHome);
      // Every public page has a twin; an unknown path's 404 has none.
      await gotoHydrated(page, frameIn.notFound[other][0]);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.language-hint')).toHaveCount(0);
      expect(browserErrors.filter((error) => !error.includes('404'))).toEqual([]);
      browserErrors.length = 0; // the document's own 404 status
      await gotoHydrated(page, home);
      await expect(page.locator('.language-hint')).toHaveCount(0);
      expect(bannerFetchedOn.filter((path) => path !== otherHome)).toEqual([]);
    });
  });
}
