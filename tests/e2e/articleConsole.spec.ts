import path from 'node:path';

import type { Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';

import { DISMISSED_KEY } from '../../shared/components/LanguageHint';
import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';
import { siteOfItsOwn } from '../support/browser/staff';
import type { ServerProcess } from '../support/serverProcess';

/**
 * The staff write, preview, publish, edit, revise and unpublish an article, in a browser with and without
 * JavaScript. On a server of its own: what it publishes must not reach the other tests' blog.
 */
let origin = '';
let server: ServerProcess | undefined;
let cookies: Awaited<ReturnType<BrowserContext['cookies']>> = [];
const email = 'writer@meridianlab.test';
const shots = process.env.ARTICLE_SCREENSHOTS_DIR;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async ({ browser }) => {
  ({ origin, server, cookies } = await siteOfItsOwn(browser, email));
});
test.afterAll(async () => server?.stop());

async function staffPage(browser: Browser, javaScriptEnabled: boolean, width = 1440): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  await context.addCookies(cookies);
  return context.newPage();
}

async function visitorPage(browser: Browser, javaScriptEnabled: boolean, width = 1440): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  // The language hint stays away, as the shared fixture keeps it.
  await context.addInitScript((key) => localStorage.setItem(key, '1'), DISMISSED_KEY);
  return context.newPage();
}

const text = async (url: string) => (await fetch(url)).text();

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    const slug = `benchtop-sequencing-${javaScriptEnabled ? 'with' : 'without'}-script`;
    const title = `Benchtop Sequencing, Tested ${javaScriptEnabled ? 'With' : 'Without'} Script`;

    test('a draft is previewed, published to the blog, both feeds and the sitemap, edited, revised and unpublished', async ({
      browser,
    }) => {
      const staff = await staffPage(browser, javaScriptEnabled);
      await staff.goto(`${origin}/staff/articles`);
      await staff.getByRole('link', { name: 'New article' }).click();
      await staff.getByLabel('Title').fill(title);
      await staff.getByLabel('Slug').fill(slug);
      await staff
        .getByLabel('Excerpt')
        .fill('A sequencer on the bench: what it reads, what it costs, what it changed.');
      await staff.getByLabel('Category').selectOption('technology');
      await staff.getByLabel('Author', { exact: true }).fill('Dr. Marcus Rivera');
      await staff.getByLabel('Date').fill('2026-11-24');
      await staff.getByLabel('Cover image', { exact: true }).fill('/images/blog/gene-editing.svg');
      await staff.getByLabel('Cover image alt text').fill('A strand of DNA');
      await staff
        .getByLabel('Body (Markdown)')
        .fill(
          'We moved sequencing onto the bench.\n\n## What it reads\n\nShort runs, same day.\n\n<script>window.pwned = 1</script>\n\nSee [this](javascript:alert(1)).\n',
        );
      await staff.getByRole('button', { name: 'Create draft' }).click();
      // The script link is refused, naming the body, and nothing typed is lost.
      await expect(staff.getByRole('alert')).toContainText('Body (Markdown): link "javascript:alert(1)"');
      await expect(staff.getByLabel('Title')).toHaveValue(title);
      const body = staff.getByLabel('Body (Markdown)');
      await body.fill((await body.inputValue()).replace('\n\nSee [this](javascript:alert(1)).', ''));
      await staff.getByRole('button', { name: 'Create draft' }).click();
      await expect(staff.getByRole('status')).toHaveText('Draft created.');
      const editorUrl = staff.url();

      // The preview: the site's own page, for staff only, the raw HTML shown as text.
      await staff.getByRole('link', { name: 'Preview as visitors will see it' }).click();
      await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(staff.getByRole('heading', { level: 2, name: 'What it reads' })).toBeVisible();
      await expect(staff.locator('.prose')).toContainText('<script>window.pwned = 1</script>');
      expect(await staff.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
      await expect(staff.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
      const visitor = await visitorPage(browser, javaScriptEnabled);
      await visitor.goto(`${origin}/blog/${slug}`);
      await expect(visitor.getByRole('heading', { level: 1 })).not.toHaveText(title);

      await staff.goto(editorUrl);
      await staff.getByRole('button', { name: 'Publish now' }).click();
      await expect(staff.getByRole('status')).toHaveText('Published: it is on the blog now.');

      // With script, the card is clicked once React has the page: before that, the click is a page load.
      if (javaScriptEnabled) await gotoHydrated(visitor, `${origin}/blog?category=technology`);
      else await visitor.goto(`${origin}/blog?category=technology`);
      const card = visitor.locator('#blog-posts').getByRole('link', { name: title });
      await expect(card).toBeVisible();
      await expect(visitor.locator('.blog-recent').getByRole('link', { name: title })).toBeVisible();
      if (javaScriptEnabled) {
        // A client-side navigation: the body comes as JSON, not a page load.
        const bodyJson = visitor.waitForResponse(`${origin}/api/articles/en/${slug}.json`, { timeout: 20_000 });
        await card.click();
        await bodyJson;
      } else await card.click();
      await expect(visitor).toHaveURL(`${origin}/blog/${slug}`);
      await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(visitor.getByRole('heading', { level: 2, name: 'What it reads' })).toBeVisible();
      expect(await visitor.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
      expect(await text(`${origin}/blog/rss.xml`)).toContain(`/blog/${slug}</link>`);
      expect(await text(`${origin}/blog/atom.xml`)).toContain(`/blog/${slug}"`);
      expect(await text(`${origin}/sitemap.xml`)).toContain(`/blog/${slug}</loc>`);
      // axe runs in the page: with JavaScript only (the page without it is the same HTML).
      if (javaScriptEnabled)
        for (const width of [390, 1440]) {
          await visitor.setViewportSize({ width, height: 900 });
          expect(await violations(visitor), `axe at ${width}`).toEqual([]);
        }

      // A cover photo chosen in the article's form, beside an excerpt typed and not saved: a file that is not an
      // image is refused in the editor with the excerpt kept; a photo is shown at once (with script), taken with the
      // save, and shown made once it is.
      await staff.goto(editorUrl);
      const excerpt = 'An excerpt typed just before the photo was chosen.';
      await staff.getByLabel('Excerpt').fill(excerpt);
      const coverFile = staff.getByLabel('Choose a cover photo');
      await coverFile.setInputFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('These are notes, not a picture.'),
      });
      if (!javaScriptEnabled) await staff.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(staff.getByRole('alert')).toContainText(
        javaScriptEnabled
          ? 'That file is not a photo the browser can show'
          : 'That file is not a JPEG, PNG or WebP image',
      );
      await expect(staff.getByLabel('Excerpt')).toHaveValue(excerpt);
      await coverFile.setInputFiles({
        name: 'bench.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2a6f97' } })
          .png()
          .toBuffer(),
      });
      if (javaScriptEnabled) await expect(staff.getByRole('img', { name: 'The chosen cover' })).toBeVisible();
      await staff.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(staff.getByRole('status').first()).toContainText('Saved as a pending change');
      await expect(staff.getByLabel('Excerpt')).toHaveValue(excerpt);
      if (!javaScriptEnabled)
        // Made off the request: on a loaded machine it may take a while, so the page is read until it is there.
        await expect
          .poll(async () => (await staff.reload(), staff.getByRole('img', { name: 'The cover as uploaded' }).count()), {
            timeout: 60_000,
          })
          .toBe(1);
      await expect(staff.getByRole('img', { name: 'The cover as uploaded' })).toBeVisible({ timeout: 60_000 });
      await staff.getByRole('button', { name: 'Publish changes' }).click();
      await expect(staff.getByRole('status').first()).toHaveText('Changes published: visitors see them now.');
      await visitor.goto(`${origin}/blog/${slug}`);
      await expect(visitor.locator('.article__image')).toHaveAttribute(
        'src',
        /^\/media\/articles\/[0-9a-f]{16}-640\.webp$/,
      );
      // The browser picked the AVIF width from the srcset, and it loaded.
      await expect
        .poll(() =>
          visitor.locator('.article__image').evaluate((image: HTMLImageElement) => image.complete && image.currentSrc),
        )
        .toMatch(/\/media\/articles\/[0-9a-f]{16}-640\.avif$/);

      // An edit of the live article waits: the page is unchanged until "Publish changes".
      await staff.goto(editorUrl);
      await staff
        .getByLabel('Body (Markdown)')
        .fill('We moved sequencing onto the bench.\n\n## What it changed\n\nEverything.\n');
      if (javaScriptEnabled) {
        // Kept as it is typed: a reload before saving brings the text back.
        await expect(staff.getByText('Kept as you type')).toBeVisible();
        await staff.reload();
        await expect(staff.getByText('was kept and is in the form, not saved yet')).toBeVisible();
        await expect(staff.getByLabel('Body (Markdown)')).toHaveValue(/## What it changed/);
      }
      await staff.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(staff.getByRole('status').first()).toContainText('Saved as a pending change');
      await visitor.goto(`${origin}/blog/${slug}`);
      await expect(visitor.getByRole('heading', { level: 2, name: 'What it reads' })).toBeVisible();
      await expect(visitor.getByRole('heading', { level: 2, name: 'What it changed' })).toHaveCount(0);
      await staff.getByRole('button', { name: 'Publish changes' }).click();
      await expect(staff.getByRole('status').first()).toHaveText('Changes published: visitors see them now.');
      await visitor.goto(`${origin}/blog/${slug}`);
      await expect(visitor.getByRole('heading', { level: 2, name: 'What it changed' })).toBeVisible();

      // Revisions: the diff between the first and the last, then the first restored.
      await staff.getByRole('link', { name: 'Revisions' }).click();
      const radios = staff.getByRole('radio', { name: /^Compare from revision/ });
      await radios.last().check();
      await staff.getByRole('button', { name: 'Compare' }).click();
      await expect(staff.locator('.staff-articles__diff del').first()).toContainText('## What it reads');
      await expect(staff.locator('.staff-articles__diff ins').first()).toContainText('## What it changed');
      // Revisions are numbered per article: the first is 1.
      await staff.getByRole('button', { name: 'Restore revision 1', exact: true }).click();
      await expect(staff.getByRole('status')).toContainText('Revision restored as a pending change');
      await staff.goto(editorUrl);
      await staff.getByRole('button', { name: 'Publish changes' }).click();
      await visitor.goto(`${origin}/blog/${slug}`);
      await expect(visitor.getByRole('heading', { level: 2, name: 'What it reads' })).toBeVisible();

      // Unpublished: a 404, and gone from the blog, the feeds and the sitemap.
      await staff.goto(editorUrl);
      await staff.getByRole('button', { name: 'Unpublish' }).click();
      await expect(staff.getByRole('status')).toHaveText('Unpublished: visitors no longer see it.');
      const gone = await visitor.goto(`${origin}/blog/${slug}`);
      expect(gone!.status()).toBe(404);
      await visitor.goto(`${origin}/blog`);
      await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);
      expect(await text(`${origin}/blog/rss.xml`)).not.toContain(slug);
      expect(await text(`${origin}/sitemap.xml`)).not.toContain(slug);
    });
  });
}

test('the list, editor, preview and revisions pass axe at 390 and 1440 px', async ({ browser }) => {
  // axe runs in the page; the console and the preview run no script of their own either way.
  const staff = await staffPage(browser, true);
  // The article the tests above wrote, edited and restored: its revisions have a diff to show.
  await staff.goto(`${origin}/staff/articles?q=benchtop`);
  await staff.getByRole('link', { name: 'Benchtop Sequencing, Tested With Script' }).click();
  const editor = staff.url();
  await staff.goto(`${editor}/revisions`);
  // From the edit to the restored first version: what the restore took back.
  await staff
    .getByRole('radio', { name: /^Compare from revision/ })
    .nth(2)
    .check();
  await staff.getByRole('button', { name: 'Compare' }).click();
  const pages: [string, string][] = [
    ['list', `${origin}/staff/articles`],
    ['editor', editor],
    ['preview', `${editor}/preview`],
    ['revisions', staff.url()],
  ];
  for (const [name, url] of pages)
    for (const width of [390, 1440]) {
      await staff.setViewportSize({ width, height: 900 });
      await staff.goto(url);
      expect(await violations(staff), `${name} at ${width}`).toEqual([]);
      if (shots) await staff.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
    }
});
