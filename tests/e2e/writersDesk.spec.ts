import fs from 'node:fs';

import type { BrowserContext } from '@playwright/test';
import sharp from 'sharp';

import { violations } from '../support/browser/axe';
import { expect, test } from '../support/browser/fixtures';
import { siteOfItsOwn } from '../support/browser/staff';
import type { ServerProcess } from '../support/serverProcess';

/**
 * A phone photo as an article's cover, on a server of its own (decision 075): taken at once, made later, and the
 * article shared with its own 1200 × 630 card in each language, under its own title for search results. A link to
 * a page the site lacks is said, and asked about before publishing; the translation is written beside its
 * original. The editor and the translation's form are checked with axe and photographed.
 */
let origin = '';
let server: ServerProcess | undefined;
let cookies: Awaited<ReturnType<BrowserContext['cookies']>> = [];
const shots = process.env.WRITER_SCREENSHOTS_DIR;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async ({ browser }) => {
  ({ origin, server, cookies } = await siteOfItsOwn(browser, 'desk@meridianlab.test'));
});
test.afterAll(async () => server?.stop());

/** A 12-megapixel JPEG as a phone takes it: 4032 × 3024, light across it and some grain. */
const phonePhoto = async () =>
  sharp(
    await sharp({
      create: {
        width: 504,
        height: 378,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .png()
      .toBuffer(),
  )
    .resize(4032, 3024)
    .jpeg({ quality: 85 })
    .toBuffer();

test('a phone photo is taken at once and made later; the article is shared with its own card in each language', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(cookies);
  const staff = await context.newPage();
  /** No axe violation at a phone's width and a desktop's; photographed at each when asked. */
  const checkAtBothWidths = async (name: string) => {
    for (const width of [390, 1440]) {
      await staff.setViewportSize({ width, height: 900 });
      expect(await violations(staff), `axe on the ${name} at ${width}`).toEqual([]);
      if (shots) {
        fs.mkdirSync(shots, { recursive: true });
        await staff.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
      }
    }
    await staff.setViewportSize({ width: 1440, height: 900 });
  };
  await staff.goto(`${origin}/staff/articles/new`);
  await staff.getByLabel('Title', { exact: true }).fill('Cold Rooms, Warm Hands');
  await staff.getByLabel('Slug').fill('cold-rooms-warm-hands');
  await staff.getByLabel('Excerpt', { exact: true }).fill('What four degrees does to a week of work.');
  // Whoever has no display name is no author to choose: a guest, by the name typed.
  await expect(staff.getByLabel('Written by')).toHaveValue('');
  await staff.getByLabel('Author', { exact: true }).fill('Dr. Sarah Chen');
  await staff.getByLabel('Cover image alt text').fill('A technician in a cold room, breath showing');
  await staff
    .getByLabel('Body (Markdown)', { exact: true })
    .fill('The first paragraph: see [our pricing](/pricing).\n\n## What the cold keeps\n\nMore than you think.\n');
  await staff.getByLabel('Headline in search results and shares').fill('Cold rooms: what four degrees cost a lab');
  // Counted as it is typed, said once the writer pauses.
  await expect(staff.locator('#article-seoTitle-count')).toHaveText('40 characters: search results show up to 60.');
  await staff.getByLabel('Choose a cover photo').setInputFiles({
    name: 'IMG_0412.jpg',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(),
  });
  await expect(staff.getByRole('img', { name: 'The chosen cover' })).toBeVisible();
  await staff.getByRole('button', { name: 'Create draft' }).click();
  await expect(staff.getByRole('status').first()).toHaveText('Draft created.');
  // Taken at once: the editor is back while the photo is still being made, then shows it made.
  await expect(staff.getByText('Processing: the photo is being made')).toBeVisible();
  await expect(staff.getByRole('img', { name: 'The cover as uploaded' })).toBeVisible({ timeout: 120_000 });
  const editorUrl = staff.url();
  await expect(staff.locator('[data-missing-links] code')).toHaveText(['/pricing']);

  await checkAtBothWidths('editor');
  await staff.getByRole('button', { name: 'Publish now' }).click();
  await expect(staff.getByRole('alert')).toContainText('links to pages this site does not have');
  await staff.getByRole('button', { name: 'Publish anyway' }).click();
  await expect(staff.getByRole('status').first()).toHaveText('Published: it is on the blog now.');

  await staff.getByRole('link', { name: 'Write it' }).click();
  await expect(staff.getByLabel('Original: Title')).toHaveValue('Cold Rooms, Warm Hands');
  await expect(staff.getByRole('heading', { name: 'The original (English)' })).toBeVisible();
  await checkAtBothWidths('translation');
  await staff.getByLabel('Title', { exact: true }).fill('Cámaras frías, manos cálidas: señales del año');
  await staff.getByLabel('Slug').fill('camaras-frias-manos-calidas');
  await staff.getByLabel('Excerpt', { exact: true }).fill('Lo que cuatro grados hacen a una semana de trabajo.');
  await staff.getByLabel('Cover image alt text').fill('Una técnica en una cámara fría, con el aliento visible');
  await staff
    .getByLabel('Body (Markdown)', { exact: true })
    .fill('El primer párrafo.\n\n## Lo que guarda el frío\n\nMás de lo que parece.\n');
  await staff.getByRole('button', { name: 'Create draft' }).click();
  await staff.getByRole('button', { name: 'Publish now' }).click();
  await expect(staff.getByRole('status').first()).toHaveText('Published: it is on the blog now.');

  const cards = new Set<string>();
  for (const [path, alt] of [
    ['/blog/cold-rooms-warm-hands', 'A technician in a cold room, breath showing'],
    ['/es/blog/camaras-frias-manos-calidas', 'Una técnica en una cámara fría, con el aliento visible'],
  ] as const) {
    const visitor = await browser.newPage();
    await visitor.goto(`${origin}${path}`);
    if (path.startsWith('/blog')) await expect(visitor).toHaveTitle('Cold rooms: what four degrees cost a lab');
    const card = (await visitor.locator('meta[property="og:image"]').getAttribute('content'))!;
    await expect(visitor.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', alt);
    await expect(visitor.locator('.article__image')).toHaveAttribute('alt', alt);
    const image = await fetch(card.replace(/^https?:\/\/[^/]+/, origin));
    const { width, height } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([image.status, width, height]).toEqual([200, 1200, 630]);
    cards.add(card);
    await visitor.close();
  }
  expect(cards.size).toBe(2);
  await staff.goto(editorUrl);
  await context.close();
});
