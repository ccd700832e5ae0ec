import type { Locator, Page } from '@playwright/test';

import { catalogues } from '../../server/pages/catalogues';
import { siteFacts } from '../../shared/content/data';
import { common as enCommon } from '../../shared/content/i18n/en/common';
import { services as enServices } from '../../shared/content/i18n/en/services';
import { technologies } from '../../shared/content/technologies';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';
import type { TwinPages } from '../support/browser/twinPages';
import { twinPageTests } from '../support/browser/twinPages';

const { formatPrice, plans } = enCommon.plans;
const { features: planFeatures } = enServices.plans;

const planCard = (page: Page, id: string) => page.locator(`article[data-plan="${id}"]`);

/** Scrolls an image into view and waits until it has decoded a real picture. */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test.describe('/services', () => {
  test('shows the four plans with price, note, eight checked features and the right badges', async ({ page }) => {
    await gotoHydrated(page, '/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');
    for (const plan of plans) {
      const card = planCard(page, plan.id);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(plan.title);
      await expect(card.locator('.services-plan__price')).toHaveText(`${formatPrice(plan.price)} CAD per month`);
      await expect(card.getByRole('list', { name: `Included in ${plan.title}` }).getByRole('listitem')).toHaveText(
        planFeatures[plan.id],
      );
      await expect(card.locator('.services-plan__check')).toHaveCount(8);
      const badge = plan.featured ? 'Best Value' : plan.popular ? 'Most Popular' : null;
      if (badge) await expect(card.locator('.services-plan__badge')).toHaveText(badge);
      else await expect(card.locator('.services-plan__badge')).toHaveCount(0);
    }
    await expect(page.getByText('All prices are in Canadian dollars (CAD).')).toBeVisible();
  });

  test('highlights the All-in-One Package with a dark card and a gradient border', async ({ page }) => {
    await gotoHydrated(page, '/services');
    const style = (id: string) =>
      planCard(page, id).evaluate((el) => {
        const css = getComputedStyle(el);
        return { color: css.color, image: css.backgroundImage, border: css.borderTopWidth };
      });
    const featured = await style('all-in-one');
    const plain = await style('web-subscription');
    expect(featured.color).toBe('rgb(255, 255, 255)');
    expect(featured.image).toContain('linear-gradient');
    expect(featured.border).toBe('2px');
    expect(plain.color).not.toBe(featured.color);
    expect((await style('marketing-ads')).image).toContain('linear-gradient');
  });

  for (const plan of plans) {
    test(`${plan.title}: Get Started goes to /contact`, async ({ page }) => {
      await gotoHydrated(page, '/services');
      await page.getByRole('link', { name: `Get Started with ${plan.title}` }).click();
      await expect(page).toHaveURL('/contact');
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    });
  }

  test('hero, note and closing links reach their targets; no Call Us Now while the site phone is a stand-in', async ({
    page,
  }) => {
    await gotoHydrated(page, '/services');
    await page.getByRole('link', { name: 'Compare Plans' }).click();
    await expect(page).toHaveURL('/services#plans');
    await expect(page.getByRole('heading', { name: 'Simple monthly plans' })).toBeInViewport();

    const targets: [string, string][] = [
      ['Talk to Our Team', '/contact'],
      ['Ask for a custom quote', '/contact'],
      ['Get Free Quote', '/contact'],
    ];
    for (const [name, path] of targets) {
      await gotoHydrated(page, '/services');
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
    }

    await gotoHydrated(page, '/services');
    await expect(page.getByRole('link', { name: 'Call Us Now' })).toHaveCount(0);
    await expect(page.locator('.services-cta .cta__meta')).toContainText(
      `${siteFacts.phone.number} (example number, not yet in service)`,
    );
  });

  test('lists add-ons, the numbered process and the twelve technologies in order', async ({ page }) => {
    await gotoHydrated(page, '/services');
    const addOns = page.getByRole('region', { name: 'Optional add-ons' }).getByRole('listitem');
    await expect(addOns.getByRole('heading')).toHaveText([
      'E-commerce Integration',
      'Advanced Analytics',
      'Additional Languages',
      'Custom API Development',
    ]);
    await expect(addOns.locator('.services-addon__price')).toHaveText([
      '$50 per month',
      '$30 per month',
      '$25 per month',
      '$100 per month',
    ]);
    const steps = page.locator('ol.services-process > li');
    await expect(steps.getByRole('heading')).toHaveText(['Discovery', 'Design', 'Development', 'Launch']);
    await expect(steps.locator('.services-process__number')).toHaveText(['01', '02', '03', '04']);
    await expect(page.locator('.services-tech__name')).toHaveText(technologies.map((technology) => technology.name));
  });

  test('loads every plan image lazily, with its size set', async ({ page }) => {
    await gotoHydrated(page, '/services');
    const images = page.locator('main img');
    await expect(images).toHaveCount(4);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('loading', 'lazy');
      await expect(image).toHaveAttribute('width', '720');
      await expect(image).toHaveAttribute('height', '400');
      await expectLoaded(image);
    }
  });

  test('at 1440 px the four cards share a row and their titles, prices and buttons line up', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, '/services');
    const tops = async (selector: string) =>
      page.locator(selector).evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    for (const selector of [
      '.services-plan',
      '.services-plan__title',
      '.services-plan__price',
      '.services-plan__cta',
    ]) {
      const values = await tops(selector);
      expect(values, selector).toHaveLength(4);
      expect(new Set(values).size, selector).toBe(1);
    }
  });

  test('shows a visible focus ring on the plan buttons', async ({ page }) => {
    await gotoHydrated(page, '/services');
    const cta = page.getByRole('link', { name: 'Get Started with Marketing with Ads' });
    await cta.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(cta).toBeFocused();
    expect(await cta.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  });
});

test.describe('/services without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('reads completely: plans, prices, add-ons and the closing links', async ({ page }) => {
    await page.goto('/services');
    await expect(page.locator('.services-plan')).toHaveCount(4);
    await expect(page.locator('.services-plan__amount')).toHaveText(plans.map((plan) => formatPrice(plan.price)));
    await expect(page.locator('.services-addon')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'Get Free Quote' })).toHaveAttribute('href', '/contact');
  });
});

/** The services page in both languages: its twins, and how the main menu leads to it from the home page. */
const servicesIn = {
  twins: {
    pages: { en: ['/services', 'Our Services'], es: ['/es/servicios', 'Nuestros servicios'] },
    sections: 5,
  },
  /** The home page, the main menu's label and its link to the page. */
  menu: { en: ['/', 'Main', 'Services'], es: ['/es', 'Principal', 'Servicios'] },
} as const satisfies { twins: TwinPages; menu: Record<Locale, unknown> };

for (const locale of locales) {
  const [path] = servicesIn.twins.pages[locale];
  const {
    services,
    plans: { plans: localPlans },
  } = catalogues[locale];

  test.describe(`the services page in ${locale}`, () => {
    twinPageTests(servicesIn.twins, locale);

    test('the main menu leads to it in the app, whole and in its language', async ({ page, browserErrors }) => {
      const [home, menu, label] = servicesIn.menu[locale];
      await gotoHydrated(page, home);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByRole('navigation', { name: menu }).getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(services.hero.title);
      await expect(page).toHaveTitle(services.head.title);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 2, name: services.addOns.title })).toBeVisible();
      await expect(page.getByRole('article', { name: localPlans[3]!.title })).toContainText(
        services.plans.badges.featured,
      );
      await expect(
        page.getByRole('list', { name: services.plans.includedIn(localPlans[0]!.title) }).getByRole('listitem'),
      ).toHaveCount(8);
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      expect(browserErrors).toEqual([]);
    });
  });
}
