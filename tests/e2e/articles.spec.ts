import { blog as enBlog } from '../../shared/content/i18n/en/blog';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';

const { newsletter } = enBlog;
const { posts: blogPosts } = enPosts;

const [featured, second, third] = blogPosts;

test.describe('from the blog to an article and back', () => {
  test('a card leads to its article in the app, and "Back to the blog" returns', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    // The card is one target: a click on its excerpt lands on the title's link, which covers the card.
    await page.locator('.blog-card', { hasText: third!.title }).locator('.blog-card__excerpt').click({ force: true });
    await expect(page).toHaveURL(`/blog/${third!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(third!.title);
    await expect(page).toHaveTitle(`${third!.title} | Meridian Lab`);
    await expect(page.locator('.prose h2').first()).toBeVisible();
    await expect(page.locator('.prose table')).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Blog');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test('the featured post and Recent Posts lead to their articles; the pager walks to the next one', async ({
    page,
  }) => {
    await gotoHydrated(page, '/blog');
    await page.locator('.blog-featured').getByRole('link', { name: featured!.title }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(featured!.title);
    await page
      .getByRole('navigation', { name: 'More articles' })
      .getByRole('link', { name: new RegExp(second!.title) })
      .click();
    await expect(page).toHaveURL(`/blog/${second!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.title);
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute('content', second!.date);

    await gotoHydrated(page, '/blog');
    await page
      .getByRole('region', { name: 'Recent Posts' })
      .getByRole('link', { name: new RegExp(third!.title) })
      .click();
    await expect(page).toHaveURL(`/blog/${third!.slug}`);
  });

  test("an article's category leads to the blog filtered by it", async ({ page }) => {
    await gotoHydrated(page, `/blog/${second!.slug}`);
    await page.locator('.article-hero').getByRole('link', { name: 'Technology' }).click();
    await expect(page).toHaveURL('/blog?category=technology');
    await expect(page.getByRole('link', { name: 'Technology', exact: true }).first()).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});

test.describe('reading without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an article reads completely, and its links are real links', async ({ page }) => {
    const response = await page.goto(`/blog/${featured!.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(featured!.title);
    await expect(page.locator('.article__image')).toBeVisible();
    await expect(page.locator('.prose > p')).not.toHaveCount(0);
    await expect(page.locator('.prose blockquote')).toBeVisible();
    expect(await page.locator('.prose').innerText()).toContain('A prediction is a reason to run an experiment');
    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await expect(page).toHaveURL('/blog');
    await page.locator('.blog-card', { hasText: third!.title }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(third!.title);
  });

  test('an unknown article is the not-found page with 404', async ({ page, browserErrors }) => {
    const response = await page.goto('/blog/no-such-article');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    // The document's own 404 is reported by Chromium as a failed resource; nothing else may be.
    expect(browserErrors.filter((error) => !error.includes('404'))).toEqual([]);
    browserErrors.length = 0;
  });
});

test.describe('the legal links', () => {
  test('lead to the Privacy Policy and the Terms, which link to each other', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByText('Last updated:')).toBeVisible();
    await page.locator('.prose').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  });
});

test.describe('privacy notices where data is given', () => {
  test('the contact form says what the details are for and links to the policy', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    const notice = page.locator('.contact-form__privacy');
    await expect(notice).toContainText('We use your details only to answer your message.');
    await expect(notice.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  test('the newsletter box says a confirmation e-mail follows and links to the policy', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    const notice = page.locator('.blog-newsletter__notice');
    await expect(notice).toContainText(newsletter.notice);
    await expect(notice).toContainText("We'll e-mail you a link to confirm your subscription");
    await notice.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
  });
});

test.describe('long-form text', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const path of [`/blog/${second!.slug}`, '/privacy']) {
    test(`${path} reads at a measure of 60 to 75 characters a line`, async ({ page }) => {
      await gotoHydrated(page, path);
      // Characters on each full line of the body's paragraphs, found from where each character's box starts a new line.
      const lines = await page.locator('.prose').evaluate((prose) => {
        const counts: number[] = [];
        for (const paragraph of prose.querySelectorAll(':scope > p')) {
          const text = paragraph.firstChild;
          if (!text || text.nodeType !== Node.TEXT_NODE) continue;
          const range = document.createRange();
          let top: number | null = null;
          let count = 0;
          for (let i = 0; i < (text as Text).length; i += 1) {
            range.setStart(text, i);
            range.setEnd(text, i + 1);
            const box = range.getClientRects()[0];
            if (!box) continue;
            if (top === null) top = box.top;
            else if (box.top > top + 2) {
              counts.push(count);
              count = 0;
              top = box.top;
            }
            count += 1;
          }
        }
        return counts;
      });
      expect(lines.length).toBeGreaterThan(10);
      const average = lines.reduce((sum, count) => sum + count, 0) / lines.length;
      expect(average).toBeGreaterThanOrEqual(60);
      expect(average).toBeLessThanOrEqual(75);
    });
  }
});
