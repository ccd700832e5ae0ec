import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';
import { siteOfItsOwn } from '../support/browser/staff';
import type { ServerProcess } from '../support/serverProcess';

/**
 * An article published without a cover image, read in a browser: the blog and the article hydrate and work,
 * with no error in the console (React's #419 is what a server render that failed leaves). On a server of its
 * own: what it publishes must not reach the other tests' blog.
 */
let origin = '';
let server: ServerProcess | undefined;
const email = 'writer@meridianlab.test';
const title = 'Notes From the Cold Room';
const slug = 'notes-from-the-cold-room';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async ({ browser }) => {
  const site = await siteOfItsOwn(browser, email);
  ({ origin, server } = site);
  const staffContext = await browser.newContext();
  await staffContext.addCookies(site.cookies);
  const staff = await staffContext.newPage();
  await staff.goto(`${origin}/staff/articles/new`);
  await staff.getByLabel('Title').fill(title);
  await staff.getByLabel('Slug').fill(slug);
  await staff.getByLabel('Excerpt').fill('What four degrees does to a week of work.');
  await staff.getByLabel('Category').selectOption('research');
  await staff.getByLabel('Author', { exact: true }).fill('Dr. Sarah Chen');
  await staff.getByLabel('Date').fill('2026-11-20');
  // The cover image and its alt text are left empty.
  await staff
    .getByLabel('Body (Markdown)')
    .fill('The first paragraph.\n\n## What the cold keeps\n\nMore than you think.\n');
  await staff.getByRole('button', { name: 'Create draft' }).click();
  await expect(staff.getByRole('status')).toHaveText('Draft created.');
  await staff.getByRole('button', { name: 'Publish now' }).click();
  await expect(staff.getByRole('status')).toHaveText('Published: it is on the blog now.');
  await staffContext.close();
});
test.afterAll(async () => server?.stop());

test('the blog with it hydrates and filters in place, and its card opens the article', async ({ page }) => {
  await gotoHydrated(page, `${origin}/blog`);
  const card = page.locator('#blog-posts').getByRole('link', { name: title });
  await expect(card).toBeVisible();
  await expect(page.locator('.blog-recent').getByRole('link', { name: title })).toBeVisible();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await violations(page), `axe at ${width}`).toEqual([]);
  }
  // The filter and the card's link work in the page React hydrated: no page load in between.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator('.blog-filter').getByRole('link', { name: 'Research' }).click();
  await expect(page).toHaveURL(`${origin}/blog?category=research`);
  await card.click();
  await expect(page).toHaveURL(`${origin}/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 2, name: 'What the cold keeps' })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});

test('its article, opened first, hydrates with its body and leads on', async ({ page }) => {
  await gotoHydrated(page, `${origin}/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What the cold keeps' })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('link', { name: 'Back to the blog' }).click();
  await expect(page).toHaveURL(`${origin}/blog`);
  await expect(page.locator('#blog-posts').getByRole('link', { name: title })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});
