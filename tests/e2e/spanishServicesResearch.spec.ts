import { catalogues } from '../../server/pages/catalogues';
import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';

const { services, research } = catalogues.es;

const twins = [
  {
    english: '/services',
    spanish: '/es/servicios',
    title: services.hero.title,
    englishTitle: 'Our Services',
    nav: 'Servicios',
  },
  {
    english: '/research',
    spanish: '/es/investigacion',
    title: research.hero.title,
    englishTitle: 'Research & Innovation',
    nav: 'Investigación',
  },
] as const;

for (const twin of twins) {
  test.describe(twin.spanish, () => {
    test('hydrates in Spanish with no errors and no axe violations', async ({ page }) => {
      await gotoHydrated(page, twin.spanish);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(twin.title);
      expect(await violations(page)).toEqual([]);
    });

    test('the language switch leads to the English twin, and back', async ({ page }) => {
      await gotoHydrated(page, twin.spanish);
      const toEnglish = page.getByRole('banner').getByRole('link', { name: 'English' });
      await expect(toEnglish).toHaveAttribute('hreflang', 'en');
      await toEnglish.click();
      await expect(page).toHaveURL(twin.english);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(twin.englishTitle);
      await page.getByRole('banner').getByRole('link', { name: 'Español' }).click();
      await expect(page).toHaveURL(twin.spanish);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(twin.title);
    });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });
      test('is whole and in Spanish, its links in Spanish', async ({ page }) => {
        await page.goto(twin.spanish);
        await expect(page.locator('html')).toHaveAttribute('lang', 'es');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(twin.title);
        await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(5);
        const main = page.getByRole('main');
        for (const href of await main
          .getByRole('link')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href')!)))
          expect(['/contact', '/services', '/research', '/']).not.toContain(href);
        await expect(page.getByRole('banner').getByRole('link', { name: 'English' })).toHaveAttribute(
          'href',
          twin.english,
        );
      });
    });
  });
}

test('client-side navigation keeps Spanish: the menu leads to both pages, whole and in Spanish', async ({
  page,
  browserErrors,
}) => {
  await gotoHydrated(page, '/es');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const nav = page.getByRole('navigation', { name: 'Principal' });
  await nav.getByRole('link', { name: 'Servicios' }).click();
  await expect(page).toHaveURL('/es/servicios');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(services.hero.title);
  await expect(page).toHaveTitle(services.head.title);
  await expect(page.getByRole('heading', { level: 2, name: services.addOns.title })).toBeVisible();
  await expect(page.getByRole('article', { name: catalogues.es.plans.plans[3]!.title })).toContainText(
    services.plans.badges.featured,
  );
  await expect(
    page
      .getByRole('list', { name: services.plans.includedIn(catalogues.es.plans.plans[0]!.title) })
      .getByRole('listitem'),
  ).toHaveCount(8);
  await nav.getByRole('link', { name: 'Investigación' }).click();
  await expect(page).toHaveURL('/es/investigacion');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(research.hero.title);
  await expect(page.getByRole('heading', { level: 2, name: research.partnerships.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page
    .getByRole('link', {
      name: `${research.areas.learnMore}${research.areas.learnMoreAbout(research.areas.items[0]!.title)}`,
    })
    .click();
  await expect(page).toHaveURL('/es/contacto');
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  expect(browserErrors).toEqual([]);
});

for (const width of [360, 768, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test('the longer Spanish words never widen a page past the screen', async ({ page }, testInfo) => {
      for (const { spanish } of twins) {
        await gotoHydrated(page, spanish);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        await page.screenshot({ path: testInfo.outputPath(`${spanish.slice(4)}-${width}.png`), fullPage: true });
      }
    });
  });
}
