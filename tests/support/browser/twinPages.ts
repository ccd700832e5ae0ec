import type { Page } from '@playwright/test';

import type { Locale } from '../../../shared/lib/locale';
import { locales, localeTags } from '../../../shared/lib/locale';
import { expect, gotoHydrated, test } from './fixtures';

/** A page and its twin: its path and heading in each language, and its main's sections. */
export interface TwinPages {
  pages: PathAndHeading;
  sections: number;
}

/** A page's path and the heading it opens with, in each language (more may follow in the tuple). */
type PathAndHeading = Readonly<Record<Locale, readonly [path: string, heading: string, ...more: string[]]>>;

/**
 * From a page in its language, open on screen: the header's switch names the other language in it (hreflang, lang)
 * and leads to the twin in that language, whose switch leads back.
 */
export async function expectSwitchToTwinAndBack(page: Page, locale: Locale, pages: PathAndHeading): Promise<void> {
  const [path, title] = pages[locale];
  const other = locales.find((candidate) => candidate !== locale)!;
  const [twin, twinTitle] = pages[other];
  const toOther = page.getByRole('banner').getByRole('link', { name: localeTags[other].name });
  await expect(toOther).toHaveAttribute('hreflang', other);
  await expect(toOther).toHaveAttribute('lang', other);
  await toOther.click();
  await expect(page).toHaveURL(twin);
  await expect(page.locator('html')).toHaveAttribute('lang', other);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(twinTitle);
  await page.getByRole('banner').getByRole('link', { name: localeTags[locale].name }).click();
  await expect(page).toHaveURL(path);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
}

/** Where no link of a page's main may lead: the other language's pages. */
const otherPaths: Readonly<Record<Locale, readonly string[]>> = {
  en: ['/es/contacto', '/es/servicios', '/es/investigacion', '/es'],
  es: ['/contact', '/services', '/research', '/'],
};

/**
 * The tests every page with a twin in the other language passes in its own: a language switch to its twin and back,
 * and whole without JavaScript (its sections each under a heading) with its links in its language. Called inside the
 * caller's describe for the language; axe and the widths are every page's own test (everyPage.spec.ts).
 */
export function twinPageTests({ pages, sections }: TwinPages, locale: Locale): void {
  const [path, title] = pages[locale];
  const other = locales.find((candidate) => candidate !== locale)!;
  const [twin] = pages[other];

  test('the language switch leads to its twin in the other language, and back', async ({ page }) => {
    await gotoHydrated(page, path);
    await expectSwitchToTwinAndBack(page, locale, pages);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('is whole and in its language, its links in it too', async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(sections);
      for (const href of await page
        .getByRole('main')
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!)))
        expect(otherPaths[locale]).not.toContain(href);
      await expect(page.getByRole('banner').getByRole('link', { name: localeTags[other].name })).toHaveAttribute(
        'href',
        twin,
      );
    });
  });
}
