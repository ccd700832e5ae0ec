import type { Page } from '@playwright/test';
import { newsletterConfirm as confirmPage } from '../../shared/content/i18n/en/newsletterConfirm';
import { newsletterUnsubscribe as unsubscribePage } from '../../shared/content/i18n/en/newsletterUnsubscribe';
import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';
import { consentedAddresses, linkPath, mailTo } from '../support/browser/mailbox';
import { blog as enBlog } from '../../shared/content/i18n/en/blog';

const { newsletter } = enBlog;

const freshAddress = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * Double opt-in and unsubscribe, end to end: the blog's box, the confirmation
 * e-mail through real SMTP, its two links and their one-click buttons.
 */
async function optInAndOut(page: Page, address: string, signUp: () => Promise<void>) {
  await signUp();
  await expect(page.getByRole('region', { name: newsletter.title }).getByRole('status')).toHaveText(newsletter.messages.pending);
  // Pending until the link is opened.
  expect(await consentedAddresses()).not.toContain(address);

  const [mail] = await mailTo(address);
  expect(mail!.subject).toBe("Confirm your subscription to Meridian Lab's articles");

  await page.goto(linkPath(mail!, '/newsletter/confirm'));
  await expect(heading(page)).toHaveText(confirmPage.ask.title);
  // Opening the link is not consent: only the button is.
  expect(await consentedAddresses()).not.toContain(address);
  await page.getByRole('button', { name: confirmPage.ask.button }).click();
  await expect(page).toHaveURL('/newsletter/confirm?result=confirmed');
  await expect(heading(page)).toHaveText(confirmPage.outcomes.confirmed.title);
  expect(await consentedAddresses()).toContain(address);

  // The link works once.
  await page.goto(linkPath(mail!, '/newsletter/confirm'));
  await page.getByRole('button', { name: confirmPage.ask.button }).click();
  await expect(heading(page)).toHaveText(confirmPage.outcomes.invalid.title);

  await page.goto(linkPath(mail!, '/newsletter/unsubscribe'));
  await expect(heading(page)).toHaveText(unsubscribePage.ask.title);
  await page.getByRole('button', { name: unsubscribePage.ask.button }).click();
  await expect(page).toHaveURL('/newsletter/unsubscribe?result=unsubscribed');
  await expect(heading(page)).toHaveText(unsubscribePage.outcomes.unsubscribed.title);
  expect(await consentedAddresses()).not.toContain(address);
}

test.describe('newsletter double opt-in and unsubscribe', () => {
  test('with JavaScript: the box answers inline, the e-mail\'s links and buttons do the rest', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.21' });
    const address = freshAddress('js');
    await gotoHydrated(page, '/blog');
    await optInAndOut(page, address, async () => {
      const box = page.getByRole('region', { name: newsletter.title });
      await box.getByLabel(newsletter.label).fill(address);
      await box.getByRole('button', { name: newsletter.button }).click();
    });
  });

  test('without JavaScript: every step is a plain form post', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.22' } });
    const page = await context.newPage();
    try {
      const address = freshAddress('nojs');
      await page.goto('/blog');
      await optInAndOut(page, address, async () => {
        const box = page.getByRole('region', { name: newsletter.title });
        await box.getByLabel(newsletter.label).fill(address);
        await box.getByRole('button', { name: newsletter.button }).click();
        await expect(page).toHaveURL('/blog?subscribe=pending#newsletter');
      });
    } finally {
      await context.close();
    }
  });
});

test.describe('the newsletter pages', () => {
  for (const width of [390, 1440]) {
    test(`have no axe violations at ${width} px, with a link's button and with an outcome`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${30 + width / 10}` });
      const address = freshAddress(`axe${width}`);
      expect((await page.request.post('/api/subscribe', { data: { email: address } })).status()).toBe(202);
      const [mail] = await mailTo(address);
      for (const path of [linkPath(mail!, '/newsletter/confirm'), linkPath(mail!, '/newsletter/unsubscribe'), '/newsletter/confirm?result=invalid']) {
        await page.goto(path);
        expect(await violations(page), path).toEqual([]);
      }
    });
  }
});
