import type { Page, Route } from '@playwright/test';

import { catalogues } from '../../server/pages/catalogues';
import { ANALYTICS_ENDPOINT } from '../../shared/lib/attribution';
import { SUBSCRIBE_ENDPOINT } from '../../shared/model/blog';
import { expect, gotoHydrated, scriptRequests, test } from '../support/browser/fixtures';

/** Each page with static sections of its own, and the components whose chunks those sections are. */
const pagesWithStaticSections = {
  '/': ['ScrollCue', 'AboutSection', 'ServicesSection', 'WhyChooseSection', 'CallToAction'],
  '/services': ['PlanGrid', 'AddOnList', 'ProcessSteps', 'TechnologyList', 'ServicesCta'],
  '/research': ['ResearchAreas', 'ImpactFigures', 'PublicationList', 'PartnershipList', 'ResearchCta'],
  '/contact': ['ContactHero', 'ContactDetails', 'Offices', 'Faq'],
  '/blog': ['BlogHero', 'FeaturedPost', 'PostGrid', 'RecentPosts'],
} as const;

/** The islands a page hydrates when they are needed (decision 085), by their root's id: each is a boundary too. */
const islands: Readonly<Record<string, readonly string[]>> = {
  '/contact': ['contact-form'],
  '/es/contacto': ['contact-form'],
};

/** Every page's footer (with the lab's structured data) is a static section of the layout. */
const layoutSections = ['Footer'] as const;

/** The Spanish pages hold the same sections as their English ones. */
const spanishPagesWithStaticSections = {
  '/es': pagesWithStaticSections['/'],
  '/es/servicios': pagesWithStaticSections['/services'],
  '/es/investigacion': pagesWithStaticSections['/research'],
  '/es/contacto': pagesWithStaticSections['/contact'],
  '/es/blog': pagesWithStaticSections['/blog'],
} as const;

/**
 * The pages whose text the build renders from Markdown: an article's and a legal page's body is one
 * static boundary, named by its chunk (the article's slug, the legal page's name). The whole article
 * around its text is a static section too.
 */
const pagesWithStaticText = {
  '/blog/a-step-by-step-guide-to-reproducible-cell-culture': [
    'ArticleView',
    'a-step-by-step-guide-to-reproducible-cell-culture',
  ],
  '/es/blog/guia-paso-a-paso-para-un-cultivo-celular-reproducible': [
    'ArticleView',
    'guia-paso-a-paso-para-un-cultivo-celular-reproducible',
  ],
  '/privacy': ['privacy'],
  '/es/terminos': ['terms'],
} as const;

/** The catalogue parts that only a page's static sections read: they load with the sections' code. */
const sectionTexts: Readonly<Record<string, readonly string[]>> = {
  '/contact': ['contactInfo'],
  '/es/contacto': ['contactInfo'],
};

/** Pages whose only static section is the layout's. */
const pagesWithLayoutSectionsOnly = { '/newsletter/confirm': [], '/es/boletin/cancelar': [] } as const;

/** The scripts the page has fetched, by file name. */
const scriptsFetched = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname.split('/').pop()!)
      .filter((name) => name.endsWith('.js')),
  );

/** True when one of the files is the chunk of one of the components. */
const hasChunkOf = (files: string[], components: readonly string[]) =>
  files.some((file) => components.some((name) => file.startsWith(`${name}-`)));

/**
 * Before any script runs, watches every element of the body that the server put
 * inside a Suspense boundary (between React's <!--$--> and <!--/$--> comments):
 * each change to them, and whether each is still in the document at the end.
 * Counts the boundaries.
 */
async function watchStaticSections(page: Page, islandRoots: readonly string[]) {
  await page.addInitScript((islandIds) => {
    const changes: string[] = [];
    const watched: Element[] = [];
    const sections = { changes, watched, boundaries: 0 };
    Object.assign(window, { staticSections: sections });
    document.addEventListener('DOMContentLoaded', () => {
      for (const parent of [document.body, ...document.body.querySelectorAll('*')]) {
        let inside = false;
        for (const node of parent.childNodes) {
          if (node.nodeType === Node.COMMENT_NODE && node.nodeValue === '$') sections.boundaries += 1;
          if (node.nodeType === Node.COMMENT_NODE)
            inside = node.nodeValue === '$' ? true : node.nodeValue === '/$' ? false : inside;
          // An island hydrates (React writes its form controls' attributes then): not a static section.
          else if (inside && node instanceof Element && !islandIds.includes(node.id)) watched.push(node);
        }
      }
      const observer = new MutationObserver((records) => {
        for (const record of records)
          changes.push(`${record.type} in ${(record.target as Element).className ?? record.target.nodeName}`);
      });
      for (const element of watched)
        observer.observe(element, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }, islandRoots);
}

test.describe('partial hydration', () => {
  for (const [path, own] of Object.entries({
    ...pagesWithStaticSections,
    ...spanishPagesWithStaticSections,
    ...pagesWithStaticText,
    ...pagesWithLayoutSectionsOnly,
  })) {
    const components = [...own, ...layoutSections];
    test(`${path}: a first visit leaves the static sections' server DOM untouched and fetches none of their code or texts`, async ({
      page,
    }) => {
      await watchStaticSections(page, islands[path] ?? []);
      await gotoHydrated(page, path);
      // Hydration is done and the late work (vitals, the whole stylesheet) has started.
      await expect
        .poll(async () => (await scriptsFetched(page)).some((file) => file.startsWith('web-vitals-')))
        .toBe(true);
      const sections = await page.evaluate(() => {
        const { changes, watched, boundaries } = (
          window as unknown as { staticSections: { changes: string[]; watched: Element[]; boundaries: number } }
        ).staticSections;
        return { changes, boundaries, connected: watched.every((element) => element.isConnected) };
      });
      expect(sections.boundaries).toBe(components.length + (islands[path]?.length ?? 0));
      expect(sections.changes).toEqual([]);
      expect(sections.connected).toBe(true);
      expect(hasChunkOf(await scriptsFetched(page), [...components, ...(sectionTexts[path] ?? [])])).toBe(false);
    });
  }

  test("an article's held text loads once a navigation starts, and a page's text renders after a navigation too", async ({
    page,
    browser,
    browserErrors,
  }) => {
    const path = '/blog/a-step-by-step-guide-to-reproducible-cell-culture';
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const serverPage = await plain.newPage();
    await serverPage.goto(path);
    const text = await serverPage.locator('.prose').innerText();
    await gotoHydrated(page, path);
    // A fragment link is a navigation: it releases the hold, and the text's own chunk loads.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(async () => hasChunkOf(await scriptsFetched(page), pagesWithStaticText[path])).toBe(true);
    await expect(page.locator('.prose')).toHaveText(text);
    // To the terms and back: each page's text comes from its chunk.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL('/terms');
    await serverPage.goto('/terms');
    await expect(page.locator('.prose')).toHaveText(await serverPage.locator('.prose').innerText());
    await page.goBack();
    await page.waitForURL((url) => url.pathname === path);
    await expect(page.locator('.prose')).toHaveText(text);
    await plain.close();
    expect(browserErrors).toEqual([]);
  });

  test("a link in a held section or in a page's text navigates in place; another language's page loads whole", async ({
    page,
    browserErrors,
  }) => {
    const sameDocument = () => page.evaluate(() => 'sameDocument' in window);
    const mark = () => page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await gotoHydrated(page, '/');
    await mark();
    // The call to action is a held section: server HTML, none of its code loaded, no handler of its own.
    await page.locator('.cta').getByRole('link', { name: 'Start Your Project' }).click();
    await page.waitForURL('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get In Touch');
    expect(await sameDocument()).toBe(true);
    // A link written in the Markdown of a legal page's text, which React renders as HTML.
    await gotoHydrated(page, '/terms');
    await mark();
    await page.locator('.prose').getByRole('link', { name: 'Privacy Policy' }).first().click();
    await page.waitForURL('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    expect(await sameDocument()).toBe(true);
    // The language switch loads the other language's page whole.
    await page.getByRole('link', { name: 'Español' }).first().click();
    await page.waitForURL('/es/privacidad');
    expect(await sameDocument()).toBe(false);
    expect(browserErrors).toEqual([]);
  });

  test("a page runs no framework until the visitor's first use, but counts its view", async ({ page }) => {
    const scripts = scriptRequests(page);
    const hydrated = page.locator('html[data-hydrated="true"]');
    const view = page.waitForRequest(`**${ANALYTICS_ENDPOINT}`);
    await page.goto('/services');
    // The view is counted once the page is idle, and by then the page has asked for no framework.
    await view;
    expect(scripts.filter((script) => /\/(hydrate|pageShell|Services)-/.test(script))).toEqual([]);
    await expect(hydrated).toHaveCount(0);
    // The pointer moving over it is a first use: it wakes.
    await page.mouse.move(200, 300);
    await expect(hydrated).toHaveCount(1);
    expect(scripts.some((script) => /\/hydrate-/.test(script))).toBe(true);
  });

  test("the booking page shows the browser's own time zone before it wakes, keeps a zone picked meanwhile, and wakes at once for a zone only the framework can add", async ({
    browser,
  }) => {
    const visit = async (timezoneId: string, { temporal = true } = {}) => {
      const context = await browser.newContext({ timezoneId });
      // A browser without Temporal names its zone through Intl.
      if (!temporal) await context.addInitScript(() => Reflect.deleteProperty(globalThis, 'Temporal'));
      const page = await context.newPage();
      const view = page.waitForRequest(`**${ANALYTICS_ENDPOINT}`);
      await page.goto('/book');
      await view;
      return { page, zone: page.getByLabel(catalogues.en.book.choose.zone), close: () => context.close() };
    };
    const hydrated = (page: Page) => page.locator('html[data-hydrated="true"]');

    // A zone on the list: shown without the framework, and the page waits for a use.
    const phoenix = await visit('America/Phoenix');
    await expect(phoenix.zone).toHaveValue('America/Phoenix');
    await expect(hydrated(phoenix.page)).toHaveCount(0);
    // Picked before the page wakes (the language's own office zone, which the server's HTML showed): it stays.
    await phoenix.zone.selectOption('America/New_York');
    await phoenix.page.mouse.move(200, 300);
    await expect(hydrated(phoenix.page)).toHaveCount(1);
    await expect(phoenix.zone).toHaveValue('America/New_York');
    await phoenix.close();

    const madrid = await visit('Europe/Madrid', { temporal: false });
    await expect(madrid.zone).toHaveValue('Europe/Madrid');
    await expect(hydrated(madrid.page)).toHaveCount(0);
    await madrid.close();

    // A zone the list lacks: the page wakes at once, and the form adds it.
    const tokyo = await visit('Asia/Tokyo');
    await expect(hydrated(tokyo.page)).toHaveCount(1);
    await expect(tokyo.zone).toHaveValue('Asia/Tokyo');
    await tokyo.close();
  });

  test('an island below the fold hydrates when it is needed: not at load, then on a first touch (what was typed stays) or on scroll', async ({
    page,
    browserErrors,
  }) => {
    // A phone opening the page at its FAQ, far below the form, and no idle period: only the form's need wakes it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => Object.assign(window, { requestIdleCallback: () => 0 }));
    const held: Route[] = [];
    let holding = true;
    const asked: string[] = [];
    await page.route('**/static/js/ContactForm-*.js', (route) => {
      asked.push(route.request().url());
      return holding ? held.push(route) : route.continue();
    });
    // React marks each element it has hydrated with its fiber.
    const hydrated = () =>
      page.locator('#contact-form').evaluate((form) => Object.keys(form).some((key) => key.startsWith('__reactFiber')));
    const name = page.locator('#contact-form input[name="name"]');

    await gotoHydrated(page, '/contact#contact-faq-title');
    // Once the window has come to rest at the fragment (a smooth scroll, past the form), the form still sleeps.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let timer = setTimeout(resolve, 400);
          addEventListener('scroll', () => (clearTimeout(timer), (timer = setTimeout(resolve, 400))), {
            passive: true,
          });
        }),
    );
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await hydrated()).toBe(false);
    expect(asked).toEqual([]);
    // A first touch without scrolling (focus, then keys) wakes it; typed before its code arrives, nothing is lost.
    await name.evaluate((input: HTMLInputElement) => input.focus({ preventScroll: true }));
    await page.keyboard.type('Ada');
    await expect.poll(() => asked.length).toBe(1);
    expect(await hydrated()).toBe(false);
    holding = false;
    await Promise.all(held.map((route) => route.continue()));
    await expect.poll(hydrated).toBe(true);
    await expect(name).toBeFocused();
    await page.keyboard.type(' Lovelace');
    await expect(name).toHaveValue('Ada Lovelace');

    // Scrolled into view, it hydrates too.
    await gotoHydrated(page, '/es/contacto#contact-faq-title');
    expect(await hydrated()).toBe(false);
    await page.locator('#contact-form').scrollIntoViewIfNeeded();
    await expect.poll(hydrated).toBe(true);
    expect(browserErrors).toEqual([]);
  });

  test('the interactive parts still hydrate around held sections: the menu opens', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/contact');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Services' })).toBeVisible();
  });

  test('the tap on the menu that wakes the page opens it, and it stays open when React takes it over', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/services');
    const menu = page.locator('#mobile-menu');
    // The page's first use: the button opens the popover natively, and the page wakes.
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Services' })).toBeVisible();
    // React drives it now: Escape closes it.
    await page.keyboard.press('Escape');
    await expect(menu.getByRole('link', { name: 'Services' })).toBeHidden();
  });

  test('an address typed in the newsletter box before the page has woken is the one it sends', async ({ page }) => {
    const held: Route[] = [];
    await page.route('**/static/js/hydrate-*.js', (route) => void held.push(route));
    let sent: unknown;
    await page.route(`**${SUBSCRIBE_ENDPOINT}*`, (route) => {
      sent = route.request().postDataJSON();
      return route.fulfill({ status: 202, json: { status: 'pending' } });
    });
    await page.goto('/blog');
    const email = page.getByLabel(catalogues.en.blog.newsletter.label);
    // The focus that wakes the page, and what is typed while its framework is still on the way.
    await email.click();
    await page.keyboard.type('ada@example.com');
    await expect.poll(() => held.length).toBe(1);
    await Promise.all(held.map((route) => route.continue()));
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(email).toHaveValue('ada@example.com');
    await page.getByRole('button', { name: catalogues.en.blog.newsletter.button }).click();
    await expect.poll(() => sent).toMatchObject({ email: 'ada@example.com' });
  });

  test('client-side navigation to every page renders each one whole, loading the static sections then', async ({
    page,
    browser,
    browserErrors,
  }) => {
    await gotoHydrated(page, '/blog');
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const serverPage = await plain.newPage();
    for (const [path, components] of Object.entries(pagesWithStaticSections)) {
      const name = {
        '/': 'Home',
        '/services': 'Services',
        '/research': 'Research',
        '/contact': 'Contact',
        '/blog': 'Blog',
      }[path]!;
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
      await page.waitForURL(path);
      await serverPage.goto(path);
      // Every section and heading the server renders (the hero's typewriter aside, whose text moves).
      await expect(page.locator('main section')).toHaveCount(await serverPage.locator('main section').count());
      await expect(page.locator('main h2')).toHaveText(await serverPage.locator('main h2').allInnerTexts());
      expect(hasChunkOf(await scriptsFetched(page), [...components, ...(sectionTexts[path] ?? [])])).toBe(true);
    }
    await plain.close();
    expect(browserErrors).toEqual([]);
  });

  test('back to a landing page whose sections read texts of their own shows them whole, in its language', async ({
    page,
    browser,
  }) => {
    await gotoHydrated(page, '/es/contacto');
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const serverPage = await plain.newPage();
    await serverPage.goto('/es/contacto');
    const headings = await serverPage.locator('main h2').allInnerTexts();
    await plain.close();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page
      .getByRole('navigation', { name: 'Principal' })
      .getByRole('link', { name: 'Servicios', exact: true })
      .click();
    await expect(page).toHaveURL('/es/servicios');
    await page.goBack();
    await expect(page).toHaveURL('/es/contacto');
    await expect(page.locator('h1')).toHaveText('Hablemos');
    await expect(page.locator('main h2')).toHaveText(headings);
    await expect(page.getByRole('heading', { name: 'Preguntas frecuentes', level: 2 })).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test('back to the landing page waits for its sections, however slow their code, and returns to the position left', async ({
    page,
  }) => {
    await gotoHydrated(page, '/services');
    // The sections' code is held back until the test lets it through, as on a very slow network.
    const sectionChunks = new RegExp(`/static/js/(${pagesWithStaticSections['/services'].join('|')})-[^/]*\\.js$`);
    const held: Route[] = [];
    let holding = true;
    await page.route(sectionChunks, (route) => (holding ? held.push(route) : route.continue()));
    const servicesHeading = await page.locator('h1').innerText();

    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    const sectionCount = await page.locator('main section').count();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Research' }).click();
    await expect(page).toHaveURL('/research');
    await expect(page.locator('h1')).not.toHaveText(servicesHeading);
    const researchHeading = await page.locator('h1').innerText();
    await page.goBack();
    // Time enough for a router that does not wait to have shown the page without its sections.
    await page.waitForTimeout(500);
    await expect(page.locator('h1')).toHaveText(researchHeading);

    holding = false;
    await Promise.all(held.map((route) => route.continue()));
    await expect(page.locator('h1')).toHaveText(servicesHeading);
    await expect(page.locator('main section')).toHaveCount(sectionCount);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  });

  test('a static section whose chunk fails on navigation recovers as a page chunk does: one reload, then the server page', async ({
    page,
    browserErrors,
  }) => {
    await gotoHydrated(page, '/blog');
    await page.route('**/static/js/AboutSection-*.js', (route) => route.abort('failed'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL('/');
    await expect(page.locator('#about-title')).toBeVisible();
    await expect.poll(() => browserErrors.some((e) => e.includes('Loading chunk AboutSection failed.'))).toBe(true);
    expect(
      browserErrors.every((e) => /Loading chunk AboutSection failed|Failed to load resource|Failed to fetch/.test(e)),
    ).toBe(true);
    browserErrors.length = 0;
  });
});
