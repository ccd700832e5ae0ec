import { catalogues } from '../../server/pages/catalogues';
import { blog as enBlog } from '../../shared/content/i18n/en/blog';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import { legalDates } from '../../shared/generated/legalDates';
import type { Locale } from '../../shared/lib/locale';
import { locales, localeTags } from '../../shared/lib/locale';
import { readBuildManifest } from '../bench/sizes';
import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';
import { TEST_IDENTITY } from '../support/serverCommand';

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

test.describe('the privacy notice where an address is given', () => {
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

/** The articles' and the legal pages' words and paths in both languages, where a test walks through them in each. */
const articlesIn = {
  blog: { en: '/blog', es: '/es/blog' },
  /** The first two posts' dates, as the language writes them. */
  dates: { en: ['March 15, 2024', 'March 8, 2024'], es: ['15 de marzo de 2024', '8 de marzo de 2024'] },
  /** The pager's and the related cards' labels, and the link back to the blog. */
  article: {
    en: ['More articles', 'Related articles', 'Back to the blog'],
    es: ['Más artículos', 'Artículos relacionados', 'Volver al blog'],
  },
  /** Where the browser asks for an article's body in the language, on a client-side navigation. */
  bodies: { en: '/api/articles/en/', es: '/api/articles/es/' },
  /** A line of the featured post's quote, and its reading time. */
  featured: {
    en: ['A prediction is a reason to run an experiment', '5 min read'],
    es: ['Una predicción es una razón para hacer un experimento', '5 min de lectura'],
  },
  /** Where the walk to the policy starts. */
  legalWalkFrom: { en: '/', es: `/es/blog/${catalogues.es.posts.posts[0]!.slug}` },
  /** The privacy policy: its link's name and heading, its path, and the words before the date it last changed. */
  privacy: {
    en: ['Privacy Policy', '/privacy', 'Last updated:'],
    es: ['Política de privacidad', '/es/privacidad', 'Última actualización:'],
  },
  /** A date as the language writes it in full ("November 23, 2026", "23 de noviembre de 2026"). */
  longDate: { en: /^[A-Z][a-z]+ \d{1,2}, \d{4}$/, es: /^\d{1,2} de [a-z]+ de \d{4}$/ },
  /** The terms: their link's name and heading, their path, and a line of their text. */
  terms: {
    en: ['Terms of Service', '/terms', 'Canadian dollars (CAD)'],
    es: ['Términos del servicio', '/es/terminos', 'dólares canadienses (CAD)'],
  },
  /** The contact page, and what its form's notice says the details are for. */
  contact: {
    en: ['/contact', 'We use your details to answer your message and to count which of our sources'],
    es: ['/es/contacto', 'Usamos sus datos para responder su mensaje y para contar cuáles de nuestras fuentes'],
  },
  /** A slug that names no article, and the not-found page's heading. */
  unknown: { en: ['/blog/no-such-article', 'Page not found'], es: ['/es/blog/no-existe', 'Página no encontrada'] },
} as const satisfies Record<string, Record<Locale, unknown>>;

/** The language of a build-manifest chunk of texts (catalogues/en/…) or of an article's body (posts/…, posts/es/…). */
const languageOf = (name: string): Locale | undefined =>
  /^(catalogues|posts)\/es\//.test(name) ? 'es' : /^(catalogues\/en|posts)\//.test(name) ? 'en' : undefined;

for (const locale of locales) {
  const blog = articlesIn.blog[locale];
  const other = locales.find((candidate) => candidate !== locale)!;
  const [first, second, third] = catalogues[locale].posts.posts;
  const [twinOfSecond] = catalogues[other].posts.posts.slice(1);
  const otherBlog = articlesIn.blog[other];
  const [pagerLabel, relatedLabel, backLabel] = articlesIn.article[locale];
  const [policy, policyPath, updated] = articlesIn.privacy[locale];
  const [terms, termsPath, termsLine] = articlesIn.terms[locale];

  test.describe(`articles and legal pages in ${locale}`, () => {
    test('the pager and the related cards lead to articles in the language in the app, fetching no texts or bodies of the other', async ({
      page,
    }) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await gotoHydrated(page, `${blog}/${first!.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.title);
      const [firstDate, secondDate] = articlesIn.dates[locale];
      await expect(page.locator('time').first()).toHaveText(firstDate);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      await page
        .getByRole('navigation', { name: pagerLabel })
        .getByRole('link', { name: new RegExp(second!.title) })
        .click();
      await expect(page).toHaveURL(`${blog}/${second!.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.title);
      await expect(page).toHaveTitle(`${second!.title} | Meridian Lab`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('.article-hero time')).toHaveText(secondDate);
      await expect(page.locator('.prose table')).toBeVisible();
      await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute(
        'href',
        new RegExp(`${otherBlog}/${twinOfSecond!.slug}$`),
      );
      // The language switch now leads to this article in the other language.
      await expect(page.getByRole('banner').getByRole('link', { name: localeTags[other].name })).toHaveAttribute(
        'href',
        `${otherBlog}/${twinOfSecond!.slug}`,
      );

      const related = page.getByRole('region', { name: relatedLabel }).locator('.blog-card__link').first();
      const title = await related.innerText();
      await related.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${blog}/`));
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

      const manifest = readBuildManifest();
      const otherFiles = Object.entries(manifest.routes)
        .filter(([name]) => languageOf(name) === other)
        .map(([, files]) => files[0]);
      expect(otherFiles.length).toBeGreaterThan(0);
      expect(requested.filter((path) => otherFiles.includes(path))).toEqual([]);
      expect(requested.filter((path) => path.startsWith(articlesIn.bodies[other]))).toEqual([]);
      expect(requested).toContain(`${articlesIn.bodies[locale]}${second!.slug}.json`);
    });

    test('the switch leads from an article to the same article in the other language and back', async ({ page }) => {
      await gotoHydrated(page, `${blog}/${second!.slug}`);
      await page.getByRole('banner').getByRole('link', { name: localeTags[other].name }).click();
      await expect(page).toHaveURL(`${otherBlog}/${twinOfSecond!.slug}`);
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(twinOfSecond!.title);
      await page.getByRole('banner').getByRole('link', { name: localeTags[locale].name }).click();
      await expect(page).toHaveURL(`${blog}/${second!.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.title);
    });

    test('the footer leads to the privacy policy in the language, which links to the terms in it', async ({ page }) => {
      await gotoHydrated(page, articlesIn.legalWalkFrom[locale]);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.locator('footer').getByRole('link', { name: policy }).click();
      await expect(page).toHaveURL(policyPath);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy);
      await expect(page.getByText(updated)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      // The lab's identity is the server's settings: the browser asks for it on the way.
      await expect(page.locator('.prose')).toContainText(TEST_IDENTITY.LAB_POSTAL_ADDRESS);
      // The text's own links are plain links in the Markdown: a page load, still in the language.
      await page.locator('.prose').getByRole('link', { name: terms }).click();
      await expect(page).toHaveURL(termsPath);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(terms);
      await expect(page).toHaveTitle(`${terms} | Meridian Lab`);
      expect(await violations(page)).toEqual([]);
    });

    test('the contact form says what the details are for, and its consent line leads to the privacy policy', async ({
      page,
    }) => {
      const [contact, purpose] = articlesIn.contact[locale];
      await gotoHydrated(page, contact);
      const notice = page.locator('form .contact-form__privacy');
      await expect(notice).toContainText(purpose);
      const link = notice.getByRole('link', { name: policy });
      await expect(link).toHaveAttribute('href', policyPath);
      await link.click();
      await expect(page).toHaveURL(policyPath);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy);
    });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('an article reads completely in the language, and its links are real links', async ({ page }) => {
        const [quote, readTime] = articlesIn.featured[locale];
        const response = await page.goto(`${blog}/${first!.slug}`);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.title);
        await expect(page.locator('.article__image')).toBeVisible();
        await expect(page.locator('.prose > p')).not.toHaveCount(0);
        await expect(page.locator('.prose blockquote')).toBeVisible();
        await expect(page.locator('.prose blockquote')).toContainText(quote);
        expect(await page.locator('.prose').innerText()).toContain(quote);
        await expect(page.locator('.article-hero').getByText(readTime)).toBeVisible();
        await page.getByRole('navigation', { name: pagerLabel }).getByRole('link').first().click();
        await expect(page).toHaveURL(`${blog}/${second!.slug}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.title);
        await page.getByRole('link', { name: backLabel }).click();
        await expect(page).toHaveURL(blog);
        await page.locator('.blog-card', { hasText: third!.title }).getByRole('link').click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(third!.title);
      });

      test('the legal pages read completely in the language and link to each other', async ({ page }) => {
        await page.goto(termsPath);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(terms);
        await expect(page.locator('.prose')).toContainText(termsLine);
        // The terms name the policy more than once: the first link is followed.
        await page.locator('.prose').getByRole('link', { name: policy }).first().click();
        await expect(page).toHaveURL(policyPath);
        await expect(page.locator('.prose')).toContainText('Superintendencia de Industria y Comercio');
        // The date the policy last changed (each edit moves it), written as the language writes a date.
        const changed = legalDates[locale].privacy!;
        const written = new Date(`${changed}T12:00:00Z`).toLocaleDateString(localeTags[locale].intl, {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        });
        expect(written).toMatch(articlesIn.longDate[locale]);
        await expect(page.locator('.legal__updated')).toHaveText(`${updated} ${written}`);
        await expect(page.locator('.legal__updated time')).toHaveAttribute('datetime', changed);
      });

      test('a slug that names no article is the not-found page in the language, with 404', async ({
        page,
        browserErrors,
      }) => {
        const [path, heading] = articlesIn.unknown[locale];
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        // The document's own 404 is reported by Chromium as a failed resource; nothing else may be.
        expect(browserErrors.filter((error) => !error.includes('404'))).toEqual([]);
        browserErrors.length = 0;
      });
    });
  });
}
