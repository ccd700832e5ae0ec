import { catalogues } from '../../server/pages/catalogues';
import { siteFacts } from '../../shared/content/data';
import { research as enResearch } from '../../shared/content/i18n/en/research';
import { publicationFacts as publications } from '../../shared/content/researchFacts';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';
import type { TwinPages } from '../support/browser/twinPages';
import { twinPageTests } from '../support/browser/twinPages';

const { figures: impactFigures } = enResearch.impact;
const { items: partnerships } = enResearch.partnerships;
const { items: researchAreas } = enResearch.areas;

test.describe('/research', () => {
  test('shows the four areas with status, four focus items and a visible Learn More each', async ({ page }) => {
    await gotoHydrated(page, '/research');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Research & Innovation');
    for (const area of researchAreas) {
      const card = page.locator(`article[data-area="${area.id}"]`);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(area.title);
      await expect(card.locator('.research-area__status')).toHaveText(`Status: ${area.status}`);
      await expect(card.locator('.research-area__status')).toBeVisible();
      await expect(card.getByRole('list', { name: 'Focus areas' }).getByRole('listitem')).toHaveText([
        ...area.highlights,
      ]);
      const learnMore = card.getByRole('link', { name: `Learn More about ${area.title}` });
      await expect(learnMore).toBeVisible();
      // The visible words stay the spec's; the rest of the name is for screen readers only.
      const visibleText = await learnMore.evaluate((link) =>
        [...link.childNodes]
          .filter((node) => !(node instanceof HTMLElement && node.classList.contains('visually-hidden')))
          .map((node) => node.textContent)
          .join('')
          .trim(),
      );
      expect(visibleText).toBe('Learn More');
      expect((await learnMore.locator('.visually-hidden').boundingBox())?.width).toBeLessThanOrEqual(1);
    }
  });

  test('states impact figures, publications and partnership types', async ({ page }) => {
    await gotoHydrated(page, '/research');
    await expect(page.locator('.research-impact__item')).toHaveText(
      impactFigures.map((figure) => `${figure.value} ${figure.label}`),
    );
    const items = page.getByRole('region', { name: 'Recent publications' }).getByRole('listitem');
    await expect(items.getByRole('heading')).toHaveText(publications.map((publication) => publication.title));
    await expect(items.locator('.research-publication__impact')).toHaveText(publications.map((p) => p.impact));
    await expect(items.locator('cite')).toHaveText(publications.map((publication) => publication.journal));
    const partners = page.getByRole('region', { name: 'Partnership opportunities' }).getByRole('listitem');
    await expect(partners.getByRole('heading')).toHaveText(partnerships.map((partnership) => partnership.title));
    await expect(partners.locator('svg')).toHaveCount(3);
  });

  test("the hero's links go to /contact and /blog", async ({ page }) => {
    await gotoHydrated(page, '/research');
    await page.getByRole('link', { name: 'Collaborate With Us' }).click();
    await expect(page).toHaveURL('/contact');
    await gotoHydrated(page, '/research');
    await page.getByRole('link', { name: 'Read Our Blog' }).click();
    await expect(page).toHaveURL('/blog');
  });

  for (const area of researchAreas) {
    test(`${area.title}: Learn More goes to /contact`, async ({ page }) => {
      await gotoHydrated(page, '/research');
      await page.getByRole('link', { name: `Learn More about ${area.title}` }).click();
      await expect(page).toHaveURL('/contact');
    });
  }

  test("'Start Collaboration' goes to /contact and 'Email Research Team' writes to the research address", async ({
    page,
  }) => {
    await gotoHydrated(page, '/research');
    await expect(page.getByRole('link', { name: 'Email Research Team' })).toHaveAttribute(
      'href',
      `mailto:${siteFacts.researchEmail}`,
    );
    await page.getByRole('link', { name: 'Start Collaboration' }).click();
    await expect(page).toHaveURL('/contact');
  });

  test('loads every area image lazily, with its size set', async ({ page }) => {
    await gotoHydrated(page, '/research');
    const images = page.locator('main img');
    await expect(images).toHaveCount(4);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('loading', 'lazy');
      await expect(image).toHaveAttribute('width', '800');
      await expect(image).toHaveAttribute('height', '450');
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
  });

  test('at 1440 px the areas form a two-by-two grid and the impact figures one row', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, '/research');
    const boxes = await page
      .locator('.research-area')
      .evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect()).map((r) => [Math.round(r.left), Math.round(r.top)]),
      );
    expect(new Set(boxes.map(([left]) => left)).size).toBe(2);
    expect(new Set(boxes.map(([, top]) => top)).size).toBe(2);
    const figureTops = await page
      .locator('.research-impact__item')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(figureTops).size).toBe(1);
  });
});

test.describe('/research without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('reads completely: areas, figures, publications and the closing links', async ({ page }) => {
    await page.goto('/research');
    await expect(page.locator('.research-area')).toHaveCount(4);
    await expect(page.locator('.research-impact__value')).toHaveText(['50+', '120+', '25+', '15+']);
    await expect(page.locator('.research-publication')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Start Collaboration' })).toHaveAttribute('href', '/contact');
  });
});

/** The research page in both languages: its twins, how the main menu leads to it from the services page, and the contact page. */
const researchIn = {
  twins: {
    pages: { en: ['/research', 'Research & Innovation'], es: ['/es/investigacion', 'Investigación e innovación'] },
    sections: 5,
  },
  /** The services page, the main menu's label and its link to the page. */
  menu: { en: ['/services', 'Main', 'Research'], es: ['/es/servicios', 'Principal', 'Investigación'] },
  contact: { en: '/contact', es: '/es/contacto' },
} as const satisfies { twins: TwinPages; menu: Record<Locale, unknown>; contact: Record<Locale, string> };

for (const locale of locales) {
  const [path] = researchIn.twins.pages[locale];
  const { research } = catalogues[locale];

  test.describe(`the research page in ${locale}`, () => {
    twinPageTests(researchIn.twins, locale);

    test('the main menu leads to it in the app, whole and in its language, and a Learn More to the contact page', async ({
      page,
      browserErrors,
    }) => {
      const [services, menu, label] = researchIn.menu[locale];
      await gotoHydrated(page, services);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByRole('navigation', { name: menu }).getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(research.hero.title);
      await expect(page.getByRole('heading', { level: 2, name: research.partnerships.title })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page
        .getByRole('link', {
          name: `${research.areas.learnMore}${research.areas.learnMoreAbout(research.areas.items[0]!.title)}`,
        })
        .click();
      await expect(page).toHaveURL(researchIn.contact[locale]);
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      expect(browserErrors).toEqual([]);
    });
  });
}
