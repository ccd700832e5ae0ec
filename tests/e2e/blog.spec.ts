import type { Locator, Page } from '@playwright/test';

import { catalogues } from '../../server/pages/catalogues';
import { blog as enBlog } from '../../shared/content/i18n/en/blog';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import type { Locale } from '../../shared/lib/locale';
import { locales, localeTags } from '../../shared/lib/locale';
import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';
import { serverOfItsOwn } from '../support/browser/staff';
import { AXE_WIDTHS } from '../support/browser/widths';
import { seedManyArticles } from '../support/manyArticles';
import type { ServerProcess } from '../support/serverProcess';

const { categories: blogCategories, posts: blogPosts } = enPosts;
const { newsletter } = enBlog;

/** Titles the grid shows for each category (the featured post 1 is never among them). */
const expectedGrid: Record<string, number[]> = {
  all: [2, 3, 4, 5, 6],
  research: [],
  technology: [2, 6],
  industry: [5],
  tutorials: [4],
  sustainability: [3],
};
const titles = (ids: number[]) => ids.map((id) => blogPosts.find((post) => post.id === id)!.title);
const urlOf = (value: string) => (value === 'all' ? '/blog' : `/blog?category=${value}`);

const filterRow = (page: Page) => page.getByRole('navigation', { name: 'Blog categories' });
const sidebarCategories = (page: Page) => page.getByRole('region', { name: 'Categories', exact: true });
const gridTitles = (page: Page) => page.locator('#blog-posts article h3');
const recentTitles = (page: Page) => page.getByRole('region', { name: 'Recent Posts' }).locator('.blog-recent__title');
const newsletterBox = (page: Page) => page.getByRole('region', { name: newsletter.title });

/** A unique address per run, so the shared server's database never makes a test see an old sign-up. */
const freshAddress = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function expectView(page: Page, value: string, label: string) {
  await expect(page).toHaveURL(urlOf(value));
  await expect(gridTitles(page)).toHaveText(titles(expectedGrid[value]!));
  // The featured post stays on top, above the grid, whatever the filter.
  const featured = page.locator('.blog-featured #post-1');
  await expect(featured).toBeVisible();
  await expect(featured.getByRole('heading', { level: 2 })).toHaveText(blogPosts[0]!.title);
  const grid = await page.locator('#blog-posts').boundingBox();
  expect((await featured.boundingBox())!.y).toBeLessThan(grid!.y);
  // Both lists show the same selection.
  await expect(filterRow(page).locator('[aria-current="true"]')).toHaveText(label);
  await expect(filterRow(page).locator('[aria-current="true"]')).toHaveCount(1);
  await expect(sidebarCategories(page).locator('[aria-current="true"] .blog-categories__label')).toHaveText(label);
  await expect(sidebarCategories(page).locator('[aria-current="true"]')).toHaveCount(1);
}

test.describe('the category filter', () => {
  for (const via of ['filter row', 'sidebar'] as const) {
    test(`every category through the ${via} filters in place, updates the URL and keeps Recent Posts`, async ({
      page,
    }) => {
      await gotoHydrated(page, '/blog');
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const recent = await recentTitles(page).allTextContents();
      expect(recent).toEqual(titles([2, 3, 4, 5, 6]));
      const links: Locator = via === 'filter row' ? filterRow(page) : sidebarCategories(page);

      for (const { value, label } of [...blogCategories.slice(1), blogCategories[0]!]) {
        await links.getByRole('link', { name: new RegExp(`^${label}`) }).click();
        await expectView(page, value, label);
        await expect(recentTitles(page)).toHaveText(recent);
      }
      // Filtering happened in the page, with no reload.
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });
  }

  test('opens a shared filtered URL as it was, and the back button returns to the previous filter', async ({
    page,
  }) => {
    await gotoHydrated(page, '/blog?category=sustainability');
    await expectView(page, 'sustainability', 'Sustainability');
    await filterRow(page).getByRole('link', { name: 'Technology' }).click();
    await expectView(page, 'technology', 'Technology');
    await page.goBack();
    await expectView(page, 'sustainability', 'Sustainability');
  });

  test('treats an unknown category as all posts', async ({ page }) => {
    await gotoHydrated(page, '/blog?category=astrology');
    await expect(gridTitles(page)).toHaveText(titles(expectedGrid.all!));
    await expect(filterRow(page).locator('[aria-current="true"]')).toHaveText('All Posts');
  });

  test('says so when only the featured post is in the category', async ({ page }) => {
    await gotoHydrated(page, '/blog?category=research');
    await expect(gridTitles(page)).toHaveCount(0);
    await expect(page.locator('#blog-posts')).toContainText('No other posts in Research yet');
    await page.locator('#blog-posts').getByRole('link', { name: 'Browse all posts' }).click();
    await expectView(page, 'all', 'All Posts');
  });
});

test.describe('the sidebar', () => {
  test('counts every category over all six posts, the featured one included', async ({ page }) => {
    await gotoHydrated(page, '/blog?category=industry');
    await expect(sidebarCategories(page).locator('.blog-categories__label')).toHaveText(
      blogCategories.map((c) => c.label),
    );
    await expect(sidebarCategories(page).locator('.blog-categories__count')).toHaveText(['6', '1', '2', '1', '1', '1']);
    await expect(sidebarCategories(page).getByRole('link', { name: 'Technology (2 posts)' })).toBeVisible();
  });

  test('Recent Posts lead to their articles, whatever the filter', async ({ page }) => {
    await gotoHydrated(page, '/blog?category=technology');
    await page
      .getByRole('region', { name: 'Recent Posts' })
      .getByRole('link', { name: /Green Chemistry/ })
      .click();
    await expect(page).toHaveURL('/blog/green-chemistry-at-the-bench-cutting-solvent-waste-by-half');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Green Chemistry/);
  });
});

test.describe('posts', () => {
  test('show a readable date in <time datetime> and the read time', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    for (const post of blogPosts) {
      const card = page.locator(`#post-${post.id}`);
      await expect(card.locator(`time[datetime="${post.date}"]`)).toHaveText(/^[A-Z][a-z]+ \d{1,2}, 2024$/);
      await expect(card).toContainText(post.readTime);
      await expect(card).toContainText(post.author);
    }
  });
});

test.describe('"Load More Posts"', () => {
  /** A lab of 20 articles a language: 19 besides the featured one, on four pages of six. */
  let many: { origin: string; server: ServerProcess } | undefined;
  test.beforeAll(async () => {
    many = await serverOfItsOwn({}, (dir) => seedManyArticles(dir, 20));
  });
  test.afterAll(async () => many?.server.stop());

  const loadMore = (page: Page) => page.locator('.blog-load-more__button');
  const gridTexts = async (page: Page) => gridTitles(page).allTextContents();
  /**
   * The head's hreflang alternates, exactly: the blog in both languages with the query. After a navigation the head
   * follows the address once the new page commits (the router renders it as a transition), so it is waited for.
   */
  const expectAlternates = async (page: Page, query: string) => {
    const links = page.locator('link[rel="alternate"][hreflang]');
    const hrefs = async () =>
      (
        await links.evaluateAll((all) => (all as HTMLLinkElement[]).map((link) => `${link.hreflang} ${link.href}`))
      ).sort();
    await expect
      .poll(hrefs)
      .toEqual(
        [`en /blog${query}`, `es /es/blog${query}`, `x-default /blog${query}`].map((each) =>
          each.replace(' ', ` ${many!.origin}`),
        ),
      );
  };

  test('adds the next page in place with script, and each page is its own URL without it', async ({
    page,
    browser,
  }) => {
    // Today's six posts fit on one page: disabled with a note under every filter.
    await gotoHydrated(page, '/blog');
    for (const { value, label } of blogCategories) {
      await filterRow(page).getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(urlOf(value));
      const button = page.getByRole('button', { name: 'Load More Posts' });
      await expect(button).toBeVisible();
      await expect(button).toBeDisabled();
      await expect(page.locator('.blog-load-more')).toContainText('No more posts to load');
    }

    // With script: each click adds the next page below the ones shown, with no reload, and the address names it.
    const { origin } = many!;
    await gotoHydrated(page, `${origin}/blog`);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const first = await gridTexts(page);
    expect(first).toHaveLength(6);
    await loadMore(page).click();
    await expect(page).toHaveURL(new RegExp(`^${origin}/blog\\?page=2#post-\\d+$`));
    await expect(gridTitles(page)).toHaveCount(12);
    const second = (await gridTexts(page)).slice(6);
    expect(await gridTexts(page)).toEqual([...first, ...second]);
    await expect(page.locator('.blog-posts__summary')).toHaveText('Showing 12 of 19 posts');
    await expect(page.locator(new URL(page.url()).hash)).toBeInViewport();
    await loadMore(page).click();
    await expect(page).toHaveURL(new RegExp(`^${origin}/blog\\?page=3#post-\\d+$`));
    await expect(gridTitles(page)).toHaveCount(18);
    const third = (await gridTexts(page)).slice(12);
    // Back takes the page added away, forward adds it again: each address shows what it showed.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`^${origin}/blog\\?page=2#post-\\d+$`));
    await expect(gridTitles(page)).toHaveText([...first, ...second]);
    await page.goForward();
    await expect(gridTitles(page)).toHaveText([...first, ...second, ...third]);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    // Reloaded, the address is page 3 alone, at the first post the visitor had not seen, with the way back.
    const anchor = new URL(page.url()).hash;
    await page.reload();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 20_000 });
    await expect(gridTitles(page)).toHaveText(third);
    await expect(page.locator(anchor)).toBeInViewport();
    await expect(page.locator('.blog-posts__summary')).toHaveText('Showing 13–18 of 19 posts');
    // Hydrated from the page's share, the head holds the server's alternates (page 3 in both languages) as its own.
    await expectAlternates(page, '?page=3');
    await expect(page.getByRole('link', { name: 'Previous Page' })).toHaveAttribute('href', '/blog?page=2#blog-posts');
    // Its entry shows page 3 alone from then on, back from another view too.
    await filterRow(page).getByRole('link', { name: 'Technology' }).click();
    await expect(page).toHaveURL(`${origin}/blog?category=technology`);
    await expectAlternates(page, '?category=technology');
    await page.goBack();
    await expect(gridTitles(page)).toHaveText(third);

    // Without script: every page is its own, with a link to the one before and "Load More Posts" to the next.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    try {
      await plain.goto(`${origin}/blog?page=2`);
      await expect(gridTitles(plain)).toHaveText(second);
      await loadMore(plain).click();
      await expect(plain).toHaveURL(new RegExp(`^${origin}/blog\\?page=3#post-\\d+$`));
      await expect(gridTitles(plain)).toHaveCount(6);
      await loadMore(plain).click();
      await expect(plain).toHaveURL(new RegExp(`^${origin}/blog\\?page=4#post-\\d+$`));
      await expect(gridTitles(plain)).toHaveCount(1);
      await expect(plain.getByRole('button', { name: 'Load More Posts' })).toBeDisabled();
      await expect(plain.locator('.blog-load-more')).toContainText('No more posts to load');
      await plain.getByRole('link', { name: 'Previous Page' }).click();
      await plain.getByRole('link', { name: 'Previous Page' }).click();
      await expect(plain).toHaveURL(`${origin}/blog?page=2#blog-posts`);
      await expect(gridTitles(plain)).toHaveText(second);
    } finally {
      await context.close();
    }
  });
});

test.describe('Stay Updated', () => {
  test('subscribes a new address, then answers a known one (in another case) the same way', async ({ page }) => {
    await gotoHydrated(page, '/blog?category=tutorials');
    const box = newsletterBox(page);
    const email = box.getByLabel(newsletter.label);
    const address = freshAddress('reader');

    await email.fill(address);
    await box.getByRole('button', { name: newsletter.button }).click();
    await expect(box.getByRole('status')).toHaveText(newsletter.messages.pending);
    await expect(email).toHaveValue('');
    await expect(box.getByRole('alert')).toBeEmpty();

    await email.fill(address.toUpperCase());
    await box.getByRole('button', { name: newsletter.button }).click();
    await expect(box.getByRole('status')).toHaveText(newsletter.messages.pending);
    await expect(email).toHaveValue('');
    await expect(page).toHaveURL('/blog?category=tutorials');
  });

  test('shows the server\'s "not a valid e-mail address" and keeps what was typed', async ({ page, browserErrors }) => {
    await gotoHydrated(page, '/blog');
    const box = newsletterBox(page);
    const email = box.getByLabel(newsletter.label);
    // The browser accepts an address without a dot in the domain; the server does not.
    await email.fill('reader@localhost');
    await box.getByRole('button', { name: newsletter.button }).click();
    await expect(box.getByRole('alert')).toHaveText(newsletter.messages.invalid);
    await expect(email).toHaveValue('reader@localhost');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(box.getByRole('status')).toBeEmpty();
    // Chromium logs every 4xx fetch as a console error; that one is expected.
    expect(browserErrors.every((error) => error.includes('status of 400'))).toBe(true);
    browserErrors.length = 0;
  });

  test('the browser itself stops an obviously invalid address before sending', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    const box = newsletterBox(page);
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/subscribe')) posted = true;
    });
    await box.getByLabel(newsletter.label).fill('not an address');
    await box.getByRole('button', { name: newsletter.button }).click();
    expect(await box.getByLabel(newsletter.label).evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(
      false,
    );
    expect(posted).toBe(false);
  });

  test('says "too many attempts" on a 429 and "server unreachable" when the network fails', async ({
    page,
    browserErrors,
  }) => {
    await gotoHydrated(page, '/blog');
    const box = newsletterBox(page);
    const email = box.getByLabel(newsletter.label);

    await page.route('**/api/subscribe', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '42' },
        contentType: 'application/json',
        body: '{"error":"Too many attempts."}',
      }),
    );
    await email.fill('busy@example.com');
    await box.getByRole('button', { name: newsletter.button }).click();
    await expect(box.getByRole('alert')).toHaveText(newsletter.messages.limited);
    await expect(email).toHaveValue('busy@example.com');

    await page.unroute('**/api/subscribe');
    await page.route('**/api/subscribe', (route) => route.abort('internetdisconnected'));
    await box.getByRole('button', { name: newsletter.button }).click();
    await expect(box.getByRole('alert')).toHaveText(newsletter.messages.unreachable);
    await expect(email).toHaveValue('busy@example.com');
    await expect(box.getByRole('button', { name: newsletter.button })).toBeEnabled();
    // The refused and the failed request are logged by Chromium; nothing else may be.
    expect(browserErrors.every((error) => /status of 429|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(error))).toBe(
      true,
    );
    browserErrors.length = 0;
  });
});

test.describe('without JavaScript', () => {
  test('the filter links, the counts and the newsletter form all work', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('/blog');
      await expect(gridTitles(page)).toHaveText(titles(expectedGrid.all!));

      await sidebarCategories(page)
        .getByRole('link', { name: /^Technology/ })
        .click();
      await expectView(page, 'technology', 'Technology');
      await filterRow(page).getByRole('link', { name: 'Industry News' }).click();
      await expectView(page, 'industry', 'Industry News');
      await expect(page.getByRole('button', { name: 'Load More Posts' })).toBeDisabled();

      const box = newsletterBox(page);
      await box.getByLabel(newsletter.label).fill(freshAddress('nojs'));
      await box.getByRole('button', { name: newsletter.button }).click();
      await expect(page).toHaveURL('/blog?category=industry&subscribe=pending#newsletter');
      await expect(newsletterBox(page).getByRole('status')).toHaveText(newsletter.messages.pending);
      await expect(gridTitles(page)).toHaveText(titles(expectedGrid.industry!));
    } finally {
      await context.close();
    }
  });
});

test.describe('layout and accessibility', () => {
  test('has no axe violations at 1440 and 390 px, with a message shown', async ({ page }) => {
    await gotoHydrated(page, '/blog?category=technology&subscribe=invalid');
    // CSS alone lays the page out for a phone, so narrowing the window shows what a phone shows.
    for (const width of AXE_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await violations(page), `at ${width} px`).toEqual([]);
    }
  });

  test('on a phone the filter row scrolls sideways and nothing else overflows', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await gotoHydrated(page, '/blog?category=sustainability');
    const list = filterRow(page).getByRole('list');
    const { scrollWidth, clientWidth, scrollLeft } = await list.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      scrollLeft: el.scrollLeft,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    // The selected pill, last in the row, was scrolled into sight.
    expect(scrollLeft).toBeGreaterThan(0);
    await expect(filterRow(page).getByRole('link', { name: 'Sustainability' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('on a wide screen the sidebar sits beside the grid and the newsletter box sticks under the header', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, '/blog');
    const sidebar = await page.getByRole('complementary', { name: 'Blog sidebar' }).boundingBox();
    const grid = await page.locator('#blog-posts').boundingBox();
    expect(sidebar!.x).toBeGreaterThan(grid!.x + grid!.width);
    // Scroll until the grid's end is at the bottom of the window: far below where the box starts.
    await page
      .locator('.blog-load-more')
      .evaluate((element) => element.scrollIntoView({ block: 'end', behavior: 'instant' }));
    const box = newsletterBox(page);
    await expect(box).toBeInViewport({ ratio: 1 });
    const { y } = (await box.boundingBox())!;
    expect(y).toBeGreaterThanOrEqual(68);
    expect(y).toBeLessThan(140);
  });
});

/** The blog's words and paths in both languages, where a test walks through it in each. */
const blogIn = {
  /** The blog, the heading it opens with, and the filter row's label. */
  page: { en: ['/blog', 'Our Blog', 'Blog categories'], es: ['/es/blog', 'Nuestro blog', 'Categorías del blog'] },
  technology: { en: ['Technology', '2 posts in Technology'], es: ['Tecnología', '2 artículos en Tecnología'] },
  tutorials: { en: '1 post in Tutorials', es: '1 artículo en Tutoriales' },
  back: { en: 'Back to the blog', es: 'Volver al blog' },
  /** The featured post's date, as its language writes it. */
  featuredDate: { en: 'March 15, 2024', es: '15 de marzo de 2024' },
  /** The sign-up box's field and button, and the start of its pending message. */
  signUp: {
    en: ['Email address', 'Subscribe', 'Check your inbox to confirm'],
    es: ['Correo electrónico', 'Suscribirme', 'Revise su correo para confirmar'],
  },
} as const satisfies Record<string, Record<Locale, unknown>>;

for (const [index, locale] of locales.entries()) {
  const [blog, title, filterLabel] = blogIn.page[locale];
  const other = locales.find((candidate) => candidate !== locale)!;
  const [otherBlog, otherTitle] = blogIn.page[other];
  const [featured, second] = catalogues[locale].posts.posts;

  test.describe(`the blog in the browser, in ${locale}`, () => {
    test('filters in place, leads to its articles and keeps its language on client-side navigation', async ({
      page,
    }) => {
      await gotoHydrated(page, blog);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(await violations(page)).toEqual([]);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      const [technology, summary] = blogIn.technology[locale];
      const filter = page.getByRole('navigation', { name: filterLabel });
      await filter.getByRole('link', { name: technology }).click();
      await expect(page).toHaveURL(`${blog}?category=technology`);
      await expect(page.locator('.blog-posts__summary')).toHaveText(summary);
      await expect(filter.getByRole('link', { name: technology })).toHaveAttribute('aria-current', 'true');
      await expect(page.getByRole('banner').getByRole('link', { name: localeTags[other].name })).toHaveAttribute(
        'href',
        otherBlog,
      );

      await page.locator('.blog-posts .blog-card__link').first().click();
      await expect(page).toHaveURL(`${blog}/${second!.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.title);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.getByRole('link', { name: blogIn.back[locale] }).click();
      await expect(page).toHaveURL(blog);
      await expect(page.locator('.blog-featured').getByRole('link', { name: featured!.title })).toBeVisible();
      await expect(page.locator('.blog-featured time')).toHaveText(blogIn.featuredDate[locale]);
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    });

    test('the language switch leads to the blog in the other language, and back', async ({ page }) => {
      await gotoHydrated(page, blog);
      await page.getByRole('banner').getByRole('link', { name: localeTags[other].name }).click();
      await expect(page).toHaveURL(otherBlog);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(otherTitle);
      await page.getByRole('banner').getByRole('link', { name: localeTags[locale].name }).click();
      await expect(page).toHaveURL(blog);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    });

    test.describe('without JavaScript', () => {
      // A client of its own: the sign-up tests above use up the default one's five a minute.
      test.use({ javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${140 + index}` } });

      test('filters by the query, and the sign-up comes back to the blog in its language', async ({ page }) => {
        const [label, button, pending] = blogIn.signUp[locale];
        await page.goto(`${blog}?category=tutorials`);
        await expect(page.locator('.blog-posts__summary')).toHaveText(blogIn.tutorials[locale]);
        await page.getByLabel(label).fill(freshAddress(`blog-${locale}`));
        await page.getByRole('button', { name: button }).click();
        await expect(page).toHaveURL(`${blog}?category=tutorials&subscribe=pending#newsletter`);
        await expect(page.getByRole('status')).toContainText(pending);
      });
    });
  });
}
