import type { BrowserContext, Page } from '@playwright/test';
import { notFoundPage, sitePages } from '../../shared/routes';
import { expect, gotoHydrated, test } from './fixtures';

/** One page of each page module (one article stands for all), and the not-found page. */
const paths = [...new Map(sitePages.map((page) => [page.chunk, page.path])).values(), '/no-such-page'];

/** What the page asked for before its first paint, from the resource timing and paint timing entries. */
async function beforeFirstPaint(page: Page) {
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-paint')[0]!.startTime;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < paint)
      .map((entry) => ({ path: new URL(entry.name).pathname, type: (entry as PerformanceResourceTiming).initiatorType }));
  });
}

test.describe('the critical path', () => {
  for (const path of paths) {
    test(`${path}: before the first paint, no stylesheet and no script but the small entry`, async ({ page, browserErrors }) => {
      await gotoHydrated(page, path);
      const early = await beforeFirstPaint(page);
      const scripts = early.filter((entry) => entry.path.endsWith('.js'));
      // The entry imports nothing itself: the framework and the page's chunks come after the paint.
      expect(scripts.map((entry) => entry.path.replace(/-\w+\.js$/, ''))).toEqual(scripts.length ? ['/static/js/entry'] : []);
      // No stylesheet at all: the page's CSS is inline.
      expect(early.filter((entry) => entry.path.endsWith('.css'))).toEqual([]);
      expect(browserErrors.filter((error) => !error.includes('404'))).toEqual([]);
      browserErrors.length = 0;
    });
  }

  for (const path of paths) {
    test(`${path} reads fully styled from its inline CSS alone; the whole stylesheet, added once hydrated, changes nothing on it`, async ({ browser, browserErrors }) => {
      const plain = await browser.newContext({ javaScriptEnabled: false, reducedMotion: 'reduce' });
      const full = await browser.newContext({ reducedMotion: 'reduce' });
      const boxes = async (context: BrowserContext, hydrate: boolean) => {
        const page = await context.newPage();
        // font-display: optional uses the web font only if it comes at once, which varies between loads and
        // rewraps long texts: both loads keep the fallback, so only the CSS is compared.
        await page.route('**/*.woff2', (route) => route.abort());
        await page.setViewportSize({ width: 1280, height: 800 });
        if (hydrate) {
          await gotoHydrated(page, path);
          await expect(page.locator('link[rel="stylesheet"][href^="/static/css/"]')).toHaveCount(1);
          await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/static/css/')));
        } else {
          await page.goto(path);
          await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
        }
        return page.evaluate(() =>
          [...document.querySelectorAll('main h1, main h2, main section, header, footer')].map((element) => {
            const box = element.getBoundingClientRect();
            return [element.tagName, Math.round(box.top), Math.round(box.height), getComputedStyle(element).color];
          }),
        );
      };
      expect(await boxes(full, true)).toEqual(await boxes(plain, false));
      await plain.close();
      await full.close();
      // The not-found page's own 404 is reported by Chromium as a failed resource; nothing else may be.
      expect(browserErrors.filter((error) => !error.includes('404'))).toEqual([]);
      browserErrors.length = 0;
    });
  }

  test('the not-found page too has its own inline CSS', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/no-such-page');
    await expect(page.locator(`style[data-href="critical-${notFoundPage.chunk}"]`)).toHaveCount(1);
    await context.close();
  });
});
