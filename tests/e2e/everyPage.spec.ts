import type { Page } from '@playwright/test';

import { catalogues } from '../../server/pages/catalogues';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { localizePath, notFoundPageIn, pageHead, seedSitePages } from '../../shared/routes';
import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';
import { AXE_WIDTHS, REFLOW_WIDTHS } from '../support/browser/widths';

/**
 * What every page must hold, checked in one visit per page: the page is loaded once, at 1440 px, and
 * each check reads it in turn, so the suite pays for each page's load and hydration once, not once per check.
 */
const everyPage: { path: string; locale: Locale; title: string; notFound?: true }[] = [
  ...seedSitePages.map((route) => ({
    path: route.path,
    locale: route.locale,
    title: pageHead(route, catalogues[route.locale]).title,
  })),
  ...(
    [
      ['/no-such-page', 'en'],
      ['/es/no-such-page', 'es'],
    ] as const
  ).map(([path, locale]) => ({
    path,
    locale,
    title: pageHead(notFoundPageIn(locale), catalogues[locale]).title,
    notFound: true as const,
  })),
];

/**
 * What the page asked for before its first paint, from the navigation, resource timing and paint timing
 * entries: the HTML's path first, then each file's. `painted` is what was asked for before the paint
 * (`paintTime`, when the rendering update that painted ended, the same in every browser), `shown` what
 * was asked for before that frame reached the screen (`presentationTime`, Chromium's `startTime`): in
 * between, the same frame's intersection steps start the lazy images near the window.
 */
async function beforeFirstPaint(page: Page) {
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-paint')[0] as PerformanceEntry & { paintTime?: number };
    if (typeof paint.paintTime !== 'number') throw new Error('This browser does not say when it painted (paintTime).');
    const asked = (before: number) =>
      [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource').filter((entry) => entry.startTime < before),
      ].map((entry) => new URL(entry.name).pathname);
    return { painted: asked(paint.paintTime), shown: asked(paint.startTime) };
  });
}

/**
 * The images the page may ask for before its first frame is on screen besides the HTML: its largest
 * paint (the one image the server marks fetchpriority="high"), the only one before the paint, and the
 * lazy images Chromium starts once that frame is painted because they lie within its load-ahead
 * distance below the window, as the browser chose each from its sources.
 */
async function imagesOf(page: Page) {
  return page.evaluate(() => {
    const sources = (selector: string) =>
      [...document.querySelectorAll<HTMLImageElement>(selector)].map(
        (image) => new URL(image.currentSrc || image.src).pathname,
      );
    return { largest: sources('img[fetchpriority="high"]'), lazy: sources('img[loading="lazy"]') };
  });
}

/**
 * The tab icon: inline in the head, a bitmap the browser can draw. A linked one would be a file Chromium
 * fetches for its own window as the page parses, racing the first paint.
 */
const tabIcon = (page: Page) =>
  page.evaluate(async () => {
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')];
    const image = new Image();
    image.src = links[0]!.href;
    await image.decode();
    return {
      links: links.length,
      scheme: new URL(image.src).protocol,
      width: image.naturalWidth,
      height: image.naturalHeight,
    };
  });

/**
 * The buttons that stick out of a box they stand in, into its padding or past it, or squeeze their icon: a
 * label that cannot wrap pushes out of its panel (or widens the grid cell around it), or crushes its icon.
 */
const buttonsStickingOut = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.button')]
      .filter((button) => button.getClientRects().length > 0)
      .filter((button) => {
        const own = button.getBoundingClientRect();
        for (let box = button.parentElement; box && box !== document.body; box = box.parentElement) {
          const outer = box.getBoundingClientRect();
          const style = getComputedStyle(box);
          const left = outer.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
          const right = outer.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
          if (own.left < left - 0.5 || own.right > right + 0.5) return true;
        }
        // Or it stays inside by squeezing its icon narrower than the icon's own width.
        return [...button.querySelectorAll('svg')].some(
          (icon) => icon.getBoundingClientRect().width < Number(icon.getAttribute('width')) - 0.5,
        );
      })
      .map((button) => button.textContent!.trim()),
  );

/** Where a Tab press left the focus: the element, and whether it or the card around it shows a ring. */
interface TabStop {
  tag: string;
  text: string | undefined;
  ringed: boolean;
}

/** The Tab key's events as page.keyboard.press('Tab') sends them. */
const TAB = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, modifiers: 0, location: 0, isKeypad: false };

/**
 * Presses Tab `presses` times and returns where each press left the focus, up to the press that took it out of the
 * page's elements, each read in the page as its press ends (its keyup, which lands on the element the press focused).
 * The presses go to the browser in one batch, in order: a press and a read per round trip cost seconds a page.
 */
async function tabStops(page: Page, presses: number): Promise<TabStop[]> {
  await page.evaluate(() => {
    const stops: (TabStop | null)[] = [];
    Object.assign(window, { tabStops: stops });
    document.addEventListener(
      'keyup',
      (event) => {
        if (event.key !== 'Tab') return;
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) {
          stops.push(null);
          return;
        }
        // The ring is on the focused element, or on the card around it (a link that covers its card).
        let ring: HTMLElement | null = el;
        for (let depth = 0; ring && depth < 4; depth += 1, ring = ring.parentElement) {
          const style = getComputedStyle(ring);
          if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) break;
        }
        stops.push({ tag: el.tagName, text: el.textContent?.trim().slice(0, 30), ringed: Boolean(ring) });
      },
      true,
    );
  });
  const cdp = await page.context().newCDPSession(page);
  await Promise.all(
    Array.from({ length: presses }, () => [
      cdp.send('Input.dispatchKeyEvent', {
        ...TAB,
        type: 'rawKeyDown',
        text: '',
        unmodifiedText: '',
        autoRepeat: false,
      }),
      cdp.send('Input.dispatchKeyEvent', { ...TAB, type: 'keyUp' }),
    ]).flat(),
  );
  await cdp.detach();
  const stops = await page.evaluate(() => (window as unknown as { tabStops: (TabStop | null)[] }).tabStops);
  const out = stops.indexOf(null);
  // Every press was read, up to the one that left the page.
  expect(out >= 0 || stops.length === presses, `${stops.length} of ${presses} presses read`).toBe(true);
  return (out < 0 ? stops : stops.slice(0, out)) as TabStop[];
}

for (const { path, locale, title, notFound } of everyPage) {
  test(`${path}: its critical path, layout, language, axe at 1440 and 390 px, reflow from 320 to 1440 px, keyboard focus and legal links`, async ({
    page,
    browserErrors,
  }) => {
    const catalogue = catalogues[locale];
    // Recorded from the document's start, before its inline blocks run.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    // Hydrated: the inline entry ran, allowed by its hash.
    await gotoHydrated(page, path);

    await test.step('before the first paint: the HTML and at most its largest image; before it is on screen, lazy images too, no script; no CSP violation', async () => {
      const { painted, shown } = await beforeFirstPaint(page);
      const [html, ...files] = shown;
      expect(html).toBe(new URL(page.url()).pathname);
      // Painted from the HTML alone, or with the one image that is its largest paint.
      const { largest, lazy } = await imagesOf(page);
      expect(painted.slice(1).filter((file) => !largest.includes(file))).toEqual([]);
      expect(painted.length).toBeLessThanOrEqual(2);
      // No script at all: the entry is inline and imports the framework and the page's chunks once the page is painted.
      // No stylesheet (the page's CSS is inline) and no font (the page paints in its metric-matched fallback).
      expect(files.filter((file) => !/\.(avif|webp|svg|png|jpe?g|ico)$/.test(file))).toEqual([]);
      // The images: the largest paint, first when there is one, then only lazy images.
      expect(files.slice(0, largest.length)).toEqual(largest);
      expect(files.slice(largest.length).filter((file) => !lazy.includes(file))).toEqual([]);
      expect(await tabIcon(page)).toEqual({ links: 1, scheme: 'data:', width: 32, height: 32 });
      // Nor later: the visit asks for no icon file at all.
      const fetched = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      );
      expect(fetched.filter((file) => /\.ico$|\/icons\//.test(file))).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    });

    await test.step('the layout, the title and the language; its own CSS inline, no stylesheet', async () => {
      await expect(page).toHaveTitle(title);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('link', { name: catalogue.layout.skipLink })).toHaveCount(1);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('header.site-header')).toHaveCount(1);
      await expect(page.locator('main#main')).toHaveCount(1);
      await expect(page.locator('footer.site-footer')).toHaveCount(1);
      // The whole stylesheet waits for a navigation to another page.
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    });

    await test.step('axe at 1440 px, then at 390 px', async () => {
      // CSS alone lays the page out for a phone (no component reads the width), so narrowing the window shows what a phone shows.
      for (const width of AXE_WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        expect(await violations(page), `at ${width} px`).toEqual([]);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    await test.step("reflows at 320 px (a 1280 px screen zoomed to 400%, WCAG 1.4.10) and at a phone's, a tablet's and a desktop's width: its words never widen it past the screen, no button sticks out of its place", async () => {
      for (const width of REFLOW_WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        expect(await buttonsStickingOut(page), `at ${width} px`).toEqual([]);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    await test.step('every stop of the first 40 Tab presses shows a focus indicator', async () => {
      for (const focus of await tabStops(page, 40))
        expect(focus.ringed, `${focus.tag} "${focus.text}" shows a focus ring`).toBe(true);
    });

    await test.step("the footer's legal links: real links to the page's language, reachable by keyboard", async () => {
      const footer = page.locator('footer.site-footer');
      for (const link of catalogue.navigation.legalLinks) {
        const anchor = footer.getByRole('link', { name: link.label });
        await expect(anchor).toHaveAttribute('href', localizePath(link.to, locale));
        await anchor.focus();
        await expect(anchor).toBeFocused();
      }
    });

    // The not-found page's own 404 is reported by Chromium as a failed resource; nothing else may be.
    expect(browserErrors.filter((error) => !(notFound && error.includes('404')))).toEqual([]);
    browserErrors.length = 0;
  });
}

/** The main menu's label, and its link to the contact page, in each language. */
const contactLinkIn = {
  en: ['Main', 'Contact', '/contact'],
  es: ['Principal', 'Contacto', '/es/contacto'],
} as const satisfies Record<Locale, readonly string[]>;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  // One test per language walks its pages in one browser: each page is one plain load.
  for (const locale of locales) {
    test(`every page in ${locale} is whole and in its language`, async ({ page }) => {
      const [menu, contact, contactPath] = contactLinkIn[locale];
      for (const { path } of seedSitePages.filter((route) => route.locale === locale)) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
          await expect(
            page.getByRole('navigation', { name: menu }).getByRole('link', { name: contact }),
          ).toHaveAttribute('href', contactPath);
        });
      }
    });
  }
});
