import type { Page } from '@playwright/test';

import { homeHeroFacts } from '../../shared/content/data';
import { common as enCommon } from '../../shared/content/i18n/en/common';
import { TYPEWRITER_PAUSE_MS } from '../../shared/lib/typewriter';
import { expect, expectHydrated, gotoHydrated, scriptRequests, test } from '../support/browser/fixtures';

const { plans } = enCommon.plans;

const WORD = 'Experiences';
const HEADLINE = 'Transforming Digital Experiences';

/** Jumps to a scroll position (the stylesheet asks for smooth scrolling, which would make it gradual). */
async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}

/** The scroll position and the parallax layer's vertical offset and opacity, read together. */
function layerState(page: Page) {
  return page.evaluate(() => {
    const layer = document.querySelector<HTMLElement>('.home-hero__media');
    if (!layer) throw new Error('no parallax layer');
    const style = getComputedStyle(layer);
    const offset = style.transform === 'none' ? 0 : new DOMMatrixReadOnly(style.transform).m42;
    return {
      scrollY: window.scrollY,
      viewport: window.innerHeight,
      transform: style.transform,
      offset,
      opacity: style.opacity,
    };
  });
}

const letters = (page: Page) => page.locator('.home-hero__title .home-typewriter__letters');

/** What countShownLetters gives the page: where the caret begins, where the first letters end, how many show. */
type WithCounter = typeof window & {
  caretEdge: () => number;
  lettersEnd: (count: number) => number;
  shownLetters: () => number;
};

/**
 * Gives the page a count of the typewriter's letters shown now: those that end left of the window they show
 * through (its right border is the caret, which begins where the window stops showing the word), where the
 * browser lays them out with the animations' transforms.
 */
function countShownLetters(page: Page): Promise<void> {
  return page.evaluate(() => {
    const typed = () => document.querySelector('.home-hero__title .home-typewriter__typed');
    const own = window as WithCounter;
    own.caretEdge = () => {
      const clip = typed()?.parentElement;
      if (!clip) throw new Error('no typewriter');
      return clip.getBoundingClientRect().right - parseFloat(getComputedStyle(clip).borderRightWidth);
    };
    own.lettersEnd = (count) => {
      const text = typed()?.firstChild;
      if (!(text instanceof Text)) throw new Error('no letters');
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, count);
      return range.getBoundingClientRect().right;
    };
    own.shownLetters = () => {
      const text = typed()?.firstChild;
      if (!(text instanceof Text)) return 0;
      const end = own.caretEdge();
      let shown = 0;
      for (let letters = 1; letters <= text.length; letters += 1)
        if (own.lettersEnd(letters) <= end + 0.5) shown = letters;
      return shown;
    };
  });
}

async function shownLetters(page: Page): Promise<number> {
  await countShownLetters(page);
  return page.evaluate(() => (window as WithCounter).shownLetters());
}

test.describe('home hero, with motion', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the video layer moves by half the scroll distance', async ({ page }) => {
    await gotoHydrated(page, '/');
    for (const y of [240, 610]) {
      await scrollToY(page, y);
      await expect.poll(async () => (await layerState(page)).offset).toBeCloseTo(y / 2, 0);
      const state = await layerState(page);
      expect(state.scrollY).toBe(y);
      expect(state.offset).toBeCloseTo(state.scrollY / 2, 0);
      expect(state.opacity).toBe('1');
    }
  });

  test('the video layer is invisible beyond one viewport height and visible again on scrolling back', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const { viewport } = await layerState(page);
    await scrollToY(page, viewport + 150);
    await expect.poll(async () => (await layerState(page)).opacity).toBe('0');
    await scrollToY(page, 120);
    await expect.poll(async () => (await layerState(page)).opacity).toBe('1');
    expect((await layerState(page)).offset).toBeCloseTo(60, 0);
  });

  test('the typewriter reads Experiences, then deletes and retypes it, while the h1 keeps its name and size', async ({
    page,
  }) => {
    // React's commits, counted through the hook its developer tools use: the steps write the letters outside React (decision 096).
    await page.addInitScript(() => {
      const hook = { supportsFiber: true, commits: 0, inject: () => 1, onCommitFiberRoot: () => (hook.commits += 1) };
      Object.assign(window, { __REACT_DEVTOOLS_GLOBAL_HOOK__: hook });
    });
    const commits = () =>
      page.evaluate(
        () =>
          (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { commits: number } }).__REACT_DEVTOOLS_GLOBAL_HOOK__
            .commits,
      );
    await gotoHydrated(page, '/');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveAccessibleName(HEADLINE);
    await expect(letters(page)).toHaveAttribute('aria-hidden', 'true');
    await expect(letters(page)).toHaveText(WORD);

    // Record every change of the letters shown and the h1's height, frame by frame, during one cycle.
    await countShownLetters(page);
    await page.evaluate(() => {
      const h1 = document.querySelector('h1');
      if (!h1) throw new Error('no heading');
      const seen: { length: number; height: number }[] = [];
      Object.assign(window, { typewriterSeen: seen });
      const frame = () => {
        const length = (window as WithCounter).shownLetters();
        if (length !== seen.at(-1)?.length) seen.push({ length, height: h1.getBoundingClientRect().height });
        requestAnimationFrame(frame);
      };
      frame();
    });
    const seen = () =>
      page.evaluate(
        () => (window as unknown as { typewriterSeen: { length: number; height: number }[] }).typewriterSeen,
      );
    const commitsBefore = await commits();

    await expect
      .poll(
        async () => {
          const lengths = (await seen()).map((entry) => entry.length);
          const emptied = lengths.indexOf(0, lengths.indexOf(WORD.length));
          return emptied > 0 && lengths.slice(emptied).includes(WORD.length);
        },
        { timeout: 8_000 },
      )
      .toBe(true);

    const entries = await seen();
    const lengths = entries.map((entry) => entry.length);
    const whole = lengths.indexOf(WORD.length);
    const emptied = lengths.indexOf(0, whole);
    // Shrinks letter by letter to nothing, then grows back letter by letter. (A busy machine may
    // paint two timer steps in one frame, so single steps are the unit tests' job.)
    const shrinking = lengths.slice(whole, emptied + 1);
    const growing = lengths.slice(emptied, lengths.indexOf(WORD.length, emptied) + 1);
    const strictly = (values: number[], sign: 1 | -1) =>
      values.every((value, i) => i === 0 || sign * (value - values[i - 1]!) > 0);
    expect(shrinking[0]).toBe(WORD.length);
    expect(strictly(shrinking, -1), `shrinking: ${shrinking}`).toBe(true);
    expect(strictly(growing, 1), `growing: ${growing}`).toBe(true);
    expect(shrinking.length).toBeGreaterThan(5);
    expect(growing.at(-1)).toBe(WORD.length);
    expect(growing.length).toBeGreaterThan(6);
    expect(new Set(entries.map((entry) => entry.height)).size).toBe(1);
    // A cycle of twenty-odd steps, and React committed nothing for them: the browser plays the window and the
    // word in it, with no script per step (decision 103).
    expect(await commits()).toBe(commitsBefore);
    expect(
      await letters(page).evaluate((span) =>
        span.getAnimations({ subtree: true }).map((animation) => animation.playState),
      ),
    ).toEqual(['running', 'running']);
    await expect(heading).toHaveAccessibleName(HEADLINE);
    await expect(letters(page)).toHaveText(WORD);
  });

  test('the caret stays right after the letters shown when the word changes size (its font arrives, the page is resized)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await gotoHydrated(page, '/');
    await expect(page.locator('.home-typewriter')).toHaveClass(/is-animated/);
    // Held after the pause and five letters deleted at double speed.
    const held = TYPEWRITER_PAUSE_MS + 4 * (homeHeroFacts.letterDelay / 2) + 10;
    await letters(page).evaluate((span, at) => {
      for (const animation of span.getAnimations({ subtree: true })) {
        animation.pause();
        animation.currentTime = at;
      }
    }, held);
    /** The caret's left edge less the right edge of the letters shown: 0 when it stands right after them. */
    const caretGap = async (shown: number) => {
      await countShownLetters(page);
      return page.evaluate((count) => {
        const own = window as WithCounter;
        return own.caretEdge() - own.lettersEnd(count);
      }, shown);
    };
    const shown = WORD.length - 5;
    // Polled: the web font may arrive meanwhile, and the widths are read again on the next frame.
    await expect.poll(() => shownLetters(page)).toBe(shown);
    await expect.poll(async () => Math.abs(await caretGap(shown))).toBeLessThan(0.1);
    const small = await page.locator('h1').evaluate((h1) => h1.getBoundingClientRect().height);

    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await page.locator('h1').evaluate((h1) => h1.getBoundingClientRect().height)).toBeGreaterThan(small);
    await expect.poll(() => shownLetters(page)).toBe(shown);
    await expect.poll(async () => Math.abs(await caretGap(shown))).toBeLessThan(0.1);
  });

  test('on a first visit the hero moves before the page wakes, and the page takes its typewriter and video over as they run', async ({
    page,
  }) => {
    const scripts = scriptRequests(page);
    await page.goto('/');
    const video = page.locator('.home-hero__video');
    const playingAt = () => video.evaluate((element: HTMLVideoElement) => (element.paused ? -1 : element.currentTime));
    // Untouched, the page runs no framework, yet the letters are being deleted and the video plays.
    await expect
      .poll(
        async () => {
          const length = await shownLetters(page);
          return length > 0 && length < WORD.length;
        },
        { timeout: 8_000 },
      )
      .toBe(true);
    await expect.poll(playingAt).toBeGreaterThan(0);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
    expect(scripts.filter((script) => /\/(hydrate|pageShell|Home)-/.test(script))).toEqual([]);
    await page.evaluate(() => {
      Object.assign(window, {
        heroLetters: document.querySelector('.home-typewriter__letters')?.getAnimations({ subtree: true }),
      });
    });

    await expectHydrated(page);
    // Once the components have started their motion (the parallax, started in the same commit as the typewriter,
    // has placed the layer): the same letters go on, and so does the video.
    await expect
      .poll(() => page.locator('.home-hero__media').evaluate((layer: HTMLElement) => layer.style.transform))
      .not.toBe('');
    const before = await playingAt();
    await expect.poll(() => shownLetters(page)).not.toBe(WORD.length);
    expect(
      await page.evaluate(() => {
        const now = document.querySelector('.home-typewriter__letters')?.getAnimations({ subtree: true }) ?? [];
        const before = (window as unknown as { heroLetters: Animation[] }).heroLetters;
        return (
          now.length === before.length &&
          now.every((animation, i) => animation === before[i] && animation.playState === 'running')
        );
      }),
    ).toBe(true);
    await expect(page.locator('.home-typewriter')).toHaveClass(/is-animated/);
    await expect.poll(playingAt).toBeGreaterThan(before);
  });

  test('the video starts only after the load event, plays muted and inline, and the page never shifts', async ({
    page,
  }) => {
    let loaded = false;
    let requestedBeforeLoad = false;
    page.on('load', () => {
      loaded = true;
    });
    page.on('request', (request) => {
      if (request.url().includes('/video/') && !loaded) requestedBeforeLoad = true;
    });
    await gotoHydrated(page, '/');
    const video = page.locator('.home-hero__video');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0))
      .toBe(true);
    expect(requestedBeforeLoad).toBe(false);
    const playing = await video.evaluate((element: HTMLVideoElement) => ({
      muted: element.muted,
      loop: element.loop,
      inline: element.playsInline,
      source: element.currentSrc,
    }));
    expect(playing).toEqual({
      muted: true,
      loop: true,
      inline: true,
      source: expect.stringMatching(/\/static\/video\/hero-loop-[0-9a-f]{10}\.(webm|mp4)$/),
    });
    await expect(video).toHaveCSS('opacity', '1');

    // Each shift with what moved, so a failure names the element.
    const shifts = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as {
              value: number;
              startTime: number;
              sources: { node: Node | null }[];
            }[])
              seen.push(
                `${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${entry.sources
                  .map((source) => (source.node instanceof Element ? source.node.className : source.node?.nodeName))
                  .join(', ')}`,
              );
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(seen), 2500);
        }),
    );
    expect(shifts).toEqual([]);
  });

  test('a slow device renders no frame of half a hero, so nothing in it moves as the rest of the page is parsed', async ({
    page,
  }) => {
    // A slow CPU parses the page in pieces, and renders between two of them unless told to wait.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.addInitScript(() => {
      const halfHeroFrames: string[] = [];
      Object.assign(window, { halfHeroFrames });
      const sample = () => {
        const hero = document.querySelector('.home-hero');
        if (hero && !hero.querySelector('.home-hero__scroll svg'))
          halfHeroFrames.push(String(hero.lastChild?.nodeName));
        if (document.readyState === 'loading') requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    // A few loads: on one, the parser may happen to stop after the hero.
    for (let load = 0; load < 3; load += 1) {
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      expect(await page.evaluate(() => (window as unknown as { halfHeroFrames: string[] }).halfHeroFrames)).toEqual([]);
    }
  });

  test('the video pauses while scrolled out of sight and plays again on the way back', async ({ page }) => {
    await gotoHydrated(page, '/');
    const video = page.locator('.home-hero__video');
    const paused = () => video.evaluate((element: HTMLVideoElement) => element.paused);
    await expect.poll(paused).toBe(false);
    await scrollToY(page, 2000);
    await expect.poll(paused).toBe(true);
    await scrollToY(page, 0);
    await expect.poll(paused).toBe(false);
  });
});

test.describe('home hero, reduced motion', () => {
  test('no autoplay, no parallax, and the whole word stands', async ({ page }) => {
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/video/')) videoRequests.push(request.url());
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/');
    await page.waitForLoadState('load');

    await expect(page.locator('.home-typewriter')).not.toHaveClass(/is-animated/);
    await expect(page.locator('.home-typewriter__word')).toHaveText(WORD);
    await expect(page.locator('.home-typewriter__word')).toHaveCSS('opacity', '1');
    await expect(letters(page)).toHaveText('');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(HEADLINE);

    await page.waitForTimeout(1500);
    const video = await page.locator('.home-hero__video').evaluate((element: HTMLVideoElement) => ({
      paused: element.paused,
      readyState: element.readyState,
    }));
    expect(video).toEqual({ paused: true, readyState: 0 });
    expect(videoRequests).toEqual([]);
    await expect(page.locator('.home-hero__poster')).toBeVisible();
    await expect(letters(page)).toHaveText('');

    for (const y of [300, 700]) {
      await scrollToY(page, y);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const state = await layerState(page);
      expect(state.scrollY).toBe(y);
      expect(state.transform).toBe('none');
    }
  });

  test('asked for while the page is still untouched, reduced motion stills the hero at once: no letters move, the whole word stands, the video stops', async ({
    page,
  }) => {
    await page.goto('/');
    const video = page.locator('.home-hero__video');
    const paused = () => video.evaluate((element: HTMLVideoElement) => element.paused);
    // The page's opening has started the typewriter and the video (at the first idle moment, which a busy
    // machine may put off for up to 5 s).
    await expect(page.locator('.home-typewriter')).toHaveClass(/is-animated/, { timeout: 15_000 });
    await expect.poll(paused, { timeout: 15_000 }).toBe(false);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.locator('.home-typewriter')).not.toHaveClass(/is-animated/);
    await expect(page.locator('.home-typewriter__word')).toHaveCSS('opacity', '1');
    await expect(letters(page)).toBeHidden();
    expect(
      await page.evaluate(() =>
        document
          .querySelector('.home-typewriter')!
          .getAnimations({ subtree: true })
          .map((animation) => animation.playState),
      ),
    ).toEqual(['paused', 'paused']);
    await expect.poll(paused).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(HEADLINE);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
  });
});

test.describe('home hero, Save-Data', () => {
  for (const woken of [false, true])
    test(`shows the poster only: the video is never requested (${woken ? 'the page woken' : 'the page untouched'})`, async ({
      page,
    }) => {
      const videoRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/video/')) videoRequests.push(request.url());
      });
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
      });
      if (woken) await gotoHydrated(page, '/');
      else await page.goto('/');
      await page.waitForLoadState('load');
      // The typewriter has started: the page's opening (untouched, at the first idle moment, which a busy machine
      // may put off for up to 5 s) or its components (woken) have run.
      await expect(page.locator('.home-typewriter')).toHaveClass(/is-animated/, { timeout: 15_000 });
      await page.waitForTimeout(1500);
      expect(await page.locator('.home-hero__video').evaluate((element: HTMLVideoElement) => element.paused)).toBe(
        true,
      );
      expect(videoRequests).toEqual([]);
      await expect(page.locator('.home-hero__poster')).toBeVisible();
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(woken ? 1 : 0);
    });
});

test.describe('home links', () => {
  const section = (page: Page, headingId: string) => page.locator(`section[aria-labelledby="${headingId}"]`);
  const targets: { name: string; headingId: string; label: string; url: string }[] = [
    { name: 'hero: View Our Services', headingId: 'page-title', label: 'View Our Services', url: '/services' },
    { name: 'hero: Start Your Project', headingId: 'page-title', label: 'Start Your Project', url: '/contact' },
    ...plans.map((plan) => ({
      name: `plan card: ${plan.title}`,
      headingId: 'services-title',
      label: plan.title,
      url: '/services',
    })),
    {
      name: 'closing: Start Your Project',
      headingId: 'get-started-title',
      label: 'Start Your Project',
      url: '/contact',
    },
    { name: 'closing: View Pricing', headingId: 'get-started-title', label: 'View Pricing', url: '/services' },
  ];

  for (const target of targets) {
    test(`${target.name} goes to ${target.url}`, async ({ page }) => {
      await gotoHydrated(page, '/');
      await section(page, target.headingId).getByRole('link', { name: target.label, exact: true }).click();
      await expect(page).toHaveURL(target.url);
      await expect(page.locator('h1')).toHaveCount(1);
    });
  }

  test('a click anywhere on a plan card follows its link', async ({ page }) => {
    await gotoHydrated(page, '/');
    // Playwright will not click a covered element: press the mouse where the price shows instead.
    const price = section(page, 'services-title').locator('.home-plan__price').first();
    await price.scrollIntoViewIfNeeded();
    const box = await price.boundingBox();
    if (!box) throw new Error('no price');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page).toHaveURL('/services');
  });

  test('the scroll cue leads to About', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('link', { name: 'Scroll to explore' }).click();
    await expect(page).toHaveURL('/#about');
  });
});
