import type { BrowserContext } from '@playwright/test';

import { notFoundPage, seedSitePages } from '../../shared/routes';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';

/** One page of each page module (one article stands for all), and the not-found page. */
const paths = [...new Map(seedSitePages.map((page) => [page.chunk, page.path])).values(), '/no-such-page'];

test.describe('the critical path', () => {
  // Every page's first paint (the HTML and images only, no script) is checked in everyPage.spec.ts.
  for (const path of paths) {
    test(`${path} reads fully styled from its inline CSS alone; the whole stylesheet, added for the next page, changes nothing on it`, async ({
      browser,
      browserErrors,
    }) => {
      // A browser in the page's language: one in another is offered the other edition in a banner (a script's work).
      const locale = seedSitePages.find((page) => page.path === path)?.locale ?? 'en';
      const plain = await browser.newContext({ javaScriptEnabled: false, reducedMotion: 'reduce', locale });
      const full = await browser.newContext({ reducedMotion: 'reduce', locale });
      const boxes = async (context: BrowserContext, hydrate: boolean) => {
        const page = await context.newPage();
        // The web font arrives after the first paint, at a moment that varies between loads: both loads keep
        // the fallback, so only the CSS is compared (the font has its own test below).
        await page.route('**/*.woff2', (route) => route.abort());
        await page.setViewportSize({ width: 1280, height: 800 });
        if (hydrate) {
          await gotoHydrated(page, path);
          // Added as a navigation adds it, before it shows the next page.
          const { stylesheet } = await page.evaluate(
            () => JSON.parse(document.getElementById('runtime-config')!.textContent!) as { stylesheet: string },
          );
          await page.addStyleTag({ url: stylesheet });
          await page.waitForFunction(() =>
            [...document.styleSheets].some((sheet) => sheet.href?.includes('/static/css/')),
          );
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

  // Chromium asks with "gzip, deflate, br, zstd": every coding at the same weight, gzip first.
  test('Chromium gets the page and every script as brotli, though it lists gzip first', async ({ page }) => {
    const responses: { url: string; encoding: string | null }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'document' && !response.url().includes('/static/js/')) return;
      responses.push({ url: response.url(), encoding: await response.headerValue('content-encoding') });
    });
    await gotoHydrated(page, '/blog');
    await page.waitForLoadState('networkidle');
    expect(responses.length).toBeGreaterThan(10);
    expect(responses.filter((response) => response.encoding !== 'br')).toEqual([]);
  });

  test("a first page paints in the fallback's faces, local fonts found by their full names (decision 101)", async ({
    page,
  }) => {
    await page.goto('/privacy');
    const statuses = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts]
        .filter((face) => face.family.replace(/"/g, '') === 'Inter Fallback')
        .map((face) => face.status);
    });
    // One face for each band of weights; each the page uses has loaded, none failed.
    expect(statuses).toHaveLength(5);
    expect(statuses).toContain('loaded');
    expect(statuses).not.toContain('error');
    // The test browser's Arial is Liberation Sans, its metric twin (tests/support/browser/ensure-chromium.mjs).
    const cdp = await page.context().newCDPSession(page);
    const { root } = await cdp.send('DOM.getDocument');
    await cdp.send('CSS.enable');
    for (const selector of ['h1', 'main p']) {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      expect(fonts.map((font) => font.familyName)).toEqual(['Liberation Sans']);
    }
  });

  test('the web font is fetched after the first paint and used from the first navigation on, never on the page being read', async ({
    page,
  }) => {
    const interLoaded = () =>
      page.evaluate(() =>
        [...document.fonts].some(
          (face) => face.family.replace(/"/g, '') === 'Inter Variable' && face.status === 'loaded',
        ),
      );
    // Every block of the page as painted in the fallback. (An inline element's box is its text's ascent and
    // descent, a pixel taller or shorter in either font; its line does not move.)
    const layout = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).display !== 'inline')
          .map(
            (element) =>
              `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().top + scrollY)}`,
          ),
      );
    await gotoHydrated(page, '/research');
    const before = await layout();
    const { requested, painted } = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-paint')[0]!.startTime,
      requested:
        performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('.woff2'))?.startTime ?? Infinity,
    }));
    expect(requested).toBeGreaterThan(painted);
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => entry.name.endsWith('.woff2') && entry.responseEnd > 0),
        ),
      )
      .toBe(true);
    await page.waitForTimeout(300);
    expect(await interLoaded()).toBe(false);
    expect(await layout()).toEqual(before);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL('/services');
    expect(await interLoaded()).toBe(true);
  });

  test('a first visit loads no stylesheet; a navigation shows the next page only once the whole stylesheet applies', async ({
    page,
  }) => {
    await gotoHydrated(page, '/privacy');
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    // A slow stylesheet: the next page must wait for it rather than show with the privacy page's CSS.
    await page.route('**/static/css/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true }).click();
    await page.waitForFunction(() => document.title.startsWith('Services'));
    expect(
      await page.evaluate(() =>
        [...document.styleSheets].some((sheet) => sheet.href?.includes('/static/css/') && sheet.cssRules.length > 0),
      ),
    ).toBe(true);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
  });

  test('the not-found page too has its own inline CSS', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/no-such-page');
    await expect(page.locator(`style[data-href="critical-${notFoundPage.chunk}"]`)).toHaveCount(1);
    await context.close();
  });

  test("the browser's check of whether the site installs fetches a PNG icon, never an SVG it would draw as a document on the page (decision 105)", async ({
    page,
  }) => {
    await page.goto('/');
    const icon = page.waitForRequest(/\/icons\//);
    // What Chromium runs after a load to offer the install (and what Lighthouse asks for): the manifest, then its best icon.
    await (await page.context().newCDPSession(page)).send('Page.getInstallabilityErrors');
    expect(new URL((await icon).url()).pathname).toBe('/icons/icon-192.png');
  });
});
