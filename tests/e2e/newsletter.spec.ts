import type { Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';

import { catalogues } from '../../server/pages/catalogues';
import type { Locale } from '../../shared/lib/locale';
import { locales, localeTags } from '../../shared/lib/locale';
import { violations } from '../support/browser/axe';
import { expect, expectHydrated, gotoHydrated, test } from '../support/browser/fixtures';
import { consentedAddresses, linkPath, mailTo } from '../support/browser/mailbox';
import { AXE_WIDTHS, REFLOW_WIDTHS } from '../support/browser/widths';
import { guardFields } from '../support/formGuard';

const freshAddress = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Where each language's newsletter steps are and what its e-mail is called. */
const newsletterIn = {
  /** The blog with the sign-up box, the confirm step and the unsubscribe step. */
  paths: {
    en: ['/blog', '/newsletter/confirm', '/newsletter/unsubscribe'],
    es: ['/es/blog', '/es/boletin/confirmar', '/es/boletin/cancelar'],
  },
  subject: {
    en: "Confirm your subscription to Meridian Lab's articles",
    es: 'Confirme su suscripción a los artículos de Meridian Lab',
  },
  /** What no link of the e-mail may hold: the other language's pages. */
  otherPaths: { en: '/es/', es: '/newsletter/' },
  /** The main menu's label and its link to the contact page. */
  menu: { en: ['Main', 'Contact', '/contact'], es: ['Principal', 'Contacto', '/es/contacto'] },
} as const satisfies Record<string, Record<Locale, unknown>>;

for (const [index, locale] of locales.entries()) {
  const [blog, confirm, unsubscribe] = newsletterIn.paths[locale];
  const {
    blog: { newsletter },
    newsletterConfirm: confirmPage,
    newsletterUnsubscribe: unsubscribePage,
  } = catalogues[locale];
  const other = locales.find((candidate) => candidate !== locale)!;
  const client = (test: number) => `198.51.100.${20 + index * 40 + test}`;

  /** A sign-up through the blog's box in the language, and the e-mail it brings through real SMTP, written in it. */
  async function signUp(page: Page, address: string): Promise<ParsedMail> {
    const box = page.getByRole('region', { name: newsletter.title });
    await box.getByLabel(newsletter.label).fill(address);
    await box.getByRole('button', { name: newsletter.button }).click();
    await expect(box.getByRole('status')).toHaveText(newsletter.messages.pending);
    // Pending until the link is opened.
    expect(await consentedAddresses()).not.toContain(address);
    const [mail] = await mailTo(address);
    expect(mail!.subject).toBe(newsletterIn.subject[locale]);
    expect(mail!.text).not.toContain(newsletterIn.otherPaths[locale]);
    return mail!;
  }

  /** The e-mail's two links, opened in the browser: the pages in the language, their one-click buttons, their outcomes. */
  async function optInAndOut(page: Page, address: string, mail: ParsedMail) {
    await page.goto(linkPath(mail, confirm));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(heading(page)).toHaveText(confirmPage.ask.title);
    // Opening the link is not consent: only the button is.
    expect(await consentedAddresses()).not.toContain(address);
    await page.getByRole('button', { name: confirmPage.ask.button }).click();
    await expect(page).toHaveURL(`${confirm}?result=confirmed`);
    await expect(heading(page)).toHaveText(confirmPage.outcomes.confirmed.title);
    expect(await consentedAddresses()).toContain(address);

    // The link works once, and says so.
    await page.goto(linkPath(mail, confirm));
    await page.getByRole('button', { name: confirmPage.ask.button }).click();
    await expect(page).toHaveURL(`${confirm}?result=invalid`);
    await expect(heading(page)).toHaveText(confirmPage.outcomes.invalid.title);

    await page.goto(linkPath(mail, unsubscribe));
    await expect(heading(page)).toHaveText(unsubscribePage.ask.title);
    await page.getByRole('button', { name: unsubscribePage.ask.button }).click();
    await expect(page).toHaveURL(`${unsubscribe}?result=unsubscribed`);
    await expect(heading(page)).toHaveText(unsubscribePage.outcomes.unsubscribed.title);
    expect(await consentedAddresses()).not.toContain(address);
  }

  test.describe(`newsletter double opt-in and unsubscribe in ${locale}`, () => {
    test("with JavaScript: the box answers inline, the e-mail's links and buttons do the rest; the outcome page navigates in the language and switches to its twin", async ({
      page,
    }) => {
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': client(1) });
      const address = freshAddress(`${locale}-js`);
      await gotoHydrated(page, blog);
      await optInAndOut(page, address, await signUp(page, address));

      await expectHydrated(page);
      const [menu, contactLabel, contact] = newsletterIn.menu[locale];
      await page.getByRole('navigation', { name: menu }).getByRole('link', { name: contactLabel }).click();
      await expect(page).toHaveURL(contact);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.goBack();
      await expect(page).toHaveURL(`${unsubscribe}?result=unsubscribed`);
      await expect(heading(page)).toHaveText(unsubscribePage.outcomes.unsubscribed.title);

      const [, , twin] = newsletterIn.paths[other];
      await page.locator('.site-header__language').getByRole('link', { name: localeTags[other].name }).click();
      await expect(page).toHaveURL(twin);
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await page.locator('.site-header__language').getByRole('link', { name: localeTags[locale].name }).click();
      await expect(page).toHaveURL(unsubscribe);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    });

    test('without JavaScript: every step is a plain form post to the paths in the language', async ({ browser }) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        extraHTTPHeaders: { 'X-Forwarded-For': client(2) },
      });
      const page = await context.newPage();
      try {
        const address = freshAddress(`${locale}-nojs`);
        await page.goto(blog);
        const box = page.getByRole('region', { name: newsletter.title });
        await box.getByLabel(newsletter.label).fill(address);
        await box.getByRole('button', { name: newsletter.button }).click();
        await expect(page).toHaveURL(`${blog}?subscribe=pending#newsletter`);
        const [mail] = await mailTo(address);
        expect(mail!.subject).toBe(newsletterIn.subject[locale]);
        await optInAndOut(page, address, mail!);
        await page.getByRole('link', { name: unsubscribePage.outcomes.unsubscribed.link.label }).click();
        await expect(page).toHaveURL(`${blog}#newsletter`);
      } finally {
        await context.close();
      }
    });

    test("a mail client's one-click unsubscribe (RFC 8058) posts to the link in the List-Unsubscribe header", async ({
      page,
      baseURL,
    }) => {
      const address = freshAddress(`${locale}-oneclick`);
      const headers = { 'X-Forwarded-For': client(3) };
      const query = locale === 'en' ? '' : `?locale=${locale}`;
      // The blog's page token goes with the sign-up, as a reader's without script does (decision 073).
      const data = { ...(await guardFields(baseURL!, 'newsletter')), email: address };
      expect((await page.request.post(`/api/subscribe${query}`, { data, headers })).status()).toBe(202);
      const [mail] = await mailTo(address);
      const token = new URL(`http://x${linkPath(mail!, confirm)}`).searchParams.get('token')!;
      const confirmed = await page.request.post(confirm, {
        form: { token },
        headers: { ...headers, Accept: 'application/json' },
      });
      expect(await confirmed.json()).toEqual({ result: 'confirmed' });
      expect(await consentedAddresses()).toContain(address);

      const header = mail!.headerLines.find((line) => line.key === 'list-unsubscribe')!.line;
      const url = new URL(/<([^>]+)>/.exec(header)![1]!);
      expect(url.pathname).toBe(unsubscribe);
      const oneClick = await page.request.post(`${url.pathname}${url.search}`, {
        multipart: { 'List-Unsubscribe': 'One-Click' },
        headers,
      });
      expect(await oneClick.json()).toEqual({ result: 'unsubscribed' });
      expect(await consentedAddresses()).not.toContain(address);
    });
  });

  test.describe(`the newsletter pages in ${locale}`, () => {
    // Six pages under axe, on a shared 2-core machine.
    test.describe.configure({ timeout: 150_000 });
    test("have no axe violations and no horizontal scroll, with a link's button and with each outcome", async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': client(10) } });
      const page = await context.newPage();
      try {
        const address = freshAddress(`${locale}-axe`);
        const query = locale === 'en' ? '' : `?locale=${locale}`;
        const data = { ...(await guardFields(baseURL!, 'newsletter')), email: address };
        expect((await page.request.post(`/api/subscribe${query}`, { data })).status()).toBe(202);
        const [mail] = await mailTo(address);
        const outcomes = [
          `${confirm}?result=confirmed`,
          `${confirm}?result=invalid`,
          `${unsubscribe}?result=unsubscribed`,
          `${unsubscribe}?result=invalid`,
        ];
        for (const [step, path] of [linkPath(mail!, confirm), linkPath(mail!, unsubscribe), ...outcomes].entries()) {
          await page.setViewportSize({ width: 1440, height: 900 });
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          // CSS alone lays the pages out, so resizing one load shows each width. The first is the link's page
          // with its button, axed at each width; the others are that page or the outcome's with other words
          // (everyPage.spec.ts axes the outcome's at each width, opened without a link), and what axe reads in
          // words (names, headings, contrast of the same styles) is the same at any width: one width each.
          for (const width of step === 0 ? AXE_WIDTHS : AXE_WIDTHS.slice(-1)) {
            await page.setViewportSize({ width, height: 900 });
            expect(await violations(page), `${path} at ${width} px`).toEqual([]);
          }
          for (const width of REFLOW_WIDTHS) {
            await page.setViewportSize({ width, height: 900 });
            expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px`).toBe(
              width,
            );
          }
        }
      } finally {
        await context.close();
      }
    });
  });
}
