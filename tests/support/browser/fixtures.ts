import type { Page } from '@playwright/test';
import { expect, test as base } from '@playwright/test';

import { DISMISSED_KEY } from '../../../shared/components/LanguageHint';
import { ANALYTICS_ENDPOINT } from '../../../shared/lib/attribution';

/** Headless Chromium names itself "HeadlessChrome", which isbot rightly takes for a robot: a visitor's browser does not. */
export const PERSON_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Fixtures {
  /** Console errors and uncaught page errors seen during the test; each test must end with none unless it empties the list. */
  browserErrors: string[];
  /**
   * Whether web-vitals beacons reach the server. Off by default: every test
   * comes from one address, and the beacons of a whole run would trip the
   * endpoint's per-client limit, which is meant for one visitor.
   */
  sendVitals: boolean;
  vitalsRoute: void;
  /** Whether page-view beacons reach the server: off by default, for the same reason as the vitals'. */
  sendAnalytics: boolean;
  analyticsRoute: void;
  /**
   * Whether the language hint may show. Off by default (the visitor dismissed it):
   * it appears at a moment of its own after hydration, over the foot of the window,
   * and a click whose press and release straddle its arrival lands on neither.
   */
  languageHint: boolean;
  hintRoute: void;
}

export const test = base.extend<Fixtures>({
  sendVitals: [false, { option: true }],
  vitalsRoute: [
    async ({ page, sendVitals }, use) => {
      if (!sendVitals) await page.route('**/api/vitals', (route) => route.fulfill({ status: 204 }));
      await use();
    },
    { auto: true },
  ],
  sendAnalytics: [false, { option: true }],
  analyticsRoute: [
    async ({ page, sendAnalytics }, use) => {
      if (!sendAnalytics) await page.route(`**${ANALYTICS_ENDPOINT}`, (route) => route.fulfill({ status: 204 }));
      await use();
    },
    { auto: true },
  ],
  languageHint: [false, { option: true }],
  hintRoute: [
    async ({ page, languageHint }, use) => {
      if (!languageHint) {
        await page.addInitScript((key) => {
          // The browser's first blank document has no storage.
          if (window.location.protocol.startsWith('http')) localStorage.setItem(key, '1');
        }, DISMISSED_KEY);
      }
      await use();
    },
    { auto: true },
  ],
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The paths of the scripts the page asks for from now on, added as it asks. */
export function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/**
 * Uses the page as a visitor does (the pointer moves over its top corner: a page wakes at its first use, decision
 * 100) and waits until React has hydrated the server's markup.
 */
export async function expectHydrated(page: Page): Promise<void> {
  const hydrated = page.locator('html[data-hydrated="true"]');
  let moves = 0;
  // A loaded machine can take seconds to fetch, parse and run the framework: not what the tests measure. The page
  // listens for its first use once painted, which may come after the load event: the pointer moves until it wakes.
  await expect(async () => {
    moves += 1;
    await page.mouse.move(1 + (moves % 2), 1);
    await expect(hydrated).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens a path and waits until React has hydrated the server's markup, as expectHydrated. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expectHydrated(page);
}
