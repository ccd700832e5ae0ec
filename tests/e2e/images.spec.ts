import type { Page } from '@playwright/test';

import { expect, gotoHydrated, test } from '../support/browser/fixtures';

/** What the browser made of each content image: where it sits, what it asked for and what it shows. */
async function images(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    (elements as HTMLImageElement[]).map((img) => ({
      top: img.getBoundingClientRect().top + window.scrollY,
      width: img.getBoundingClientRect().width,
      currentSrc: img.currentSrc,
      complete: img.complete && img.naturalWidth > 0,
      candidates: [
        img.src,
        ...[...(img.parentElement?.querySelectorAll('source') ?? [])].map((source) => source.srcset),
        img.srcset,
      ]
        .join(',')
        .split(',')
        .map((candidate) => candidate.trim().split(/\s+/)[0]!)
        .filter(Boolean)
        .map((url) => new URL(url, location.href).pathname),
    })),
  );
}

/** The width a variant was made at, from its name (…-720-<hash>.avif). */
const widthOf = (url: string) => Number(/-(\d+)-[0-9a-f]{10}\.\w+$/.exec(url)?.[1]);

const views = [
  { width: 390, height: 844, deviceScaleFactor: 2 },
  { width: 1440, height: 900, deviceScaleFactor: 1 },
];

const galleries = [
  { path: '/', selector: '.home-hero__poster', widths: [640, 960, 1280] },
  { path: '/services', selector: '.services-plan__image', widths: [360, 540, 720] },
  { path: '/research', selector: '.research-area__image', widths: [400, 600, 800] },
];

for (const view of views) {
  test.describe(`content images at ${view.width} px (${view.deviceScaleFactor}x)`, () => {
    test.use({ viewport: { width: view.width, height: view.height }, deviceScaleFactor: view.deviceScaleFactor });

    for (const gallery of galleries) {
      test(`${gallery.path}: each image is the smallest AVIF at least as wide as it shows, or the widest there is`, async ({
        page,
      }) => {
        await gotoHydrated(page, gallery.path);
        const count = await page.locator(gallery.selector).count();
        expect(count).toBeGreaterThan(0);
        for (let index = 0; index < count; index += 1) {
          const image = page.locator(gallery.selector).nth(index);
          await image.scrollIntoViewIfNeeded();
          await expect.poll(async () => (await images(page, gallery.selector))[index]?.complete).toBe(true);
        }
        for (const image of await images(page, gallery.selector)) {
          expect(image.currentSrc).toMatch(/\.avif$/);
          const needed = image.width * view.deviceScaleFactor;
          const expected = gallery.widths.find((width) => width >= needed) ?? Math.max(...gallery.widths);
          expect(widthOf(image.currentSrc), `${Math.round(image.width)} px at ${view.deviceScaleFactor}x`).toBe(
            expected,
          );
        }
      });
    }

    test('/services: images far below the fold are not fetched until the visitor scrolls to them', async ({ page }) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await gotoHydrated(page, '/services');
      await page.waitForLoadState('networkidle');
      const all = await images(page, '.services-plan__image');
      // Chromium fetches lazy images up to 1250-2500 px ahead of the viewport; these are well beyond that.
      const far = all.filter((image) => image.top > view.height + 2500);
      const near = all.filter((image) => image.top < view.height);
      if (view.width < 640) expect(far.length).toBeGreaterThan(0);
      for (const image of far) expect(requested.filter((url) => image.candidates.includes(url))).toEqual([]);
      for (const image of near) expect(requested.filter((url) => image.candidates.includes(url))).toHaveLength(1);

      await page.locator('.services-plan__image').last().scrollIntoViewIfNeeded();
      const last = all.at(-1)!;
      await expect.poll(() => requested.filter((url) => last.candidates.includes(url))).toHaveLength(1);
    });
  });
}

test("/: the hero poster is fetched at once, at high priority, as the page's largest paint", async ({ page }) => {
  const early: { url: string; priority: string }[] = [];
  const client = await page.context().newCDPSession(page);
  await client.send('Network.enable');
  client.on('Network.requestWillBeSent', (event) =>
    early.push({ url: new URL(event.request.url).pathname, priority: event.request.initialPriority }),
  );
  await gotoHydrated(page, '/');
  const poster = early.filter(({ url }) => url.startsWith('/static/images/home/hero-poster-'));
  // Preloaded from <head> and then shown by the <picture>: one request, the same file.
  expect(poster).toHaveLength(1);
  expect(poster[0]!.url).toMatch(/\.avif$/);
  expect(poster[0]!.priority).toBe('High');
  expect(
    await page.locator('.home-hero__poster').evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname),
  ).toBe(poster[0]!.url);
});
