import type { Browser, Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { newsletterConfirm as confirmEs } from '../../shared/content/i18n/es/newsletterConfirm';
import { newsletterUnsubscribe as unsubscribeEs } from '../../shared/content/i18n/es/newsletterUnsubscribe';
import { violations } from '../support/browser/axe';
import { expect, test } from '../support/browser/fixtures';
import { consentedAddresses, linkPath, mailTo } from '../support/browser/mailbox';

const CONFIRMAR = '/es/boletin/confirmar';
const CANCELAR = '/es/boletin/cancelar';
const freshAddress = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** A sign-up from a Spanish page (the box posts its language in the URL), and the e-mail it brings through real SMTP. */
async function spanishSignUp(page: Page, address: string, client: string): Promise<ParsedMail> {
  const response = await page.request.post('/api/subscribe?locale=es', { data: { email: address }, headers: { 'X-Forwarded-For': client } });
  expect(response.status()).toBe(202);
  const [mail] = await mailTo(address);
  expect(mail!.subject).toBe('Confirme su suscripción a los artículos de Meridian Lab');
  expect(mail!.text).not.toContain('/newsletter/');
  return mail!;
}

/** The e-mail's two links, opened in the browser: the Spanish pages, their buttons, their Spanish outcomes. */
async function optInAndOut(page: Page, address: string, mail: ParsedMail) {
  await page.goto(linkPath(mail, CONFIRMAR));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(heading(page)).toHaveText(confirmEs.ask.title);
  expect(await consentedAddresses()).not.toContain(address);
  await page.getByRole('button', { name: confirmEs.ask.button }).click();
  await expect(page).toHaveURL(`${CONFIRMAR}?result=confirmed`);
  await expect(heading(page)).toHaveText(confirmEs.outcomes.confirmed.title);
  expect(await consentedAddresses()).toContain(address);

  // The link works once, and says so in Spanish.
  await page.goto(linkPath(mail, CONFIRMAR));
  await page.getByRole('button', { name: confirmEs.ask.button }).click();
  await expect(page).toHaveURL(`${CONFIRMAR}?result=invalid`);
  await expect(heading(page)).toHaveText(confirmEs.outcomes.invalid.title);

  await page.goto(linkPath(mail, CANCELAR));
  await expect(heading(page)).toHaveText(unsubscribeEs.ask.title);
  await page.getByRole('button', { name: unsubscribeEs.ask.button }).click();
  await expect(page).toHaveURL(`${CANCELAR}?result=unsubscribed`);
  await expect(heading(page)).toHaveText(unsubscribeEs.outcomes.unsubscribed.title);
  expect(await consentedAddresses()).not.toContain(address);
}

test.describe('the Spanish newsletter e-mail and its pages', () => {
  test('with JavaScript: the links open the Spanish pages and work; the outcome page navigates in Spanish and switches to its twin', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.61' });
    const address = freshAddress('es-js');
    await optInAndOut(page, address, await spanishSignUp(page, address, '198.51.100.61'));

    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Contacto' }).click();
    await expect(page).toHaveURL('/es/contacto');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.goBack();
    await expect(page).toHaveURL(`${CANCELAR}?result=unsubscribed`);
    await expect(heading(page)).toHaveText(unsubscribeEs.outcomes.unsubscribed.title);

    await page.locator('.site-header__language').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL('/newsletter/unsubscribe');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.locator('.site-header__language').getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL(CANCELAR);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('without JavaScript: every step is a plain form post to the Spanish paths', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.62' } });
    const page = await context.newPage();
    try {
      const address = freshAddress('es-nojs');
      await optInAndOut(page, address, await spanishSignUp(page, address, '198.51.100.62'));
      await page.getByRole('link', { name: unsubscribeEs.outcomes.unsubscribed.link.label }).click();
      await expect(page).toHaveURL(/\/es\/blog#newsletter$/);
    } finally {
      await context.close();
    }
  });

  test("a mail client's one-click unsubscribe (RFC 8058) posts to the Spanish link in the List-Unsubscribe header", async ({ page }) => {
    const address = freshAddress('es-oneclick');
    const mail = await spanishSignUp(page, address, '198.51.100.63');
    const confirm = await page.request.post(CONFIRMAR, { form: { token: new URL(`http://x${linkPath(mail, CONFIRMAR)}`).searchParams.get('token')! }, headers: { Accept: 'application/json', 'X-Forwarded-For': '198.51.100.63' } });
    expect(await confirm.json()).toEqual({ result: 'confirmed' });
    expect(await consentedAddresses()).toContain(address);

    const header = mail.headerLines.find((line) => line.key === 'list-unsubscribe')!.line;
    const url = new URL(/<([^>]+)>/.exec(header)![1]!);
    expect(url.pathname).toBe(CANCELAR);
    const oneClick = await page.request.post(`${url.pathname}${url.search}`, { multipart: { 'List-Unsubscribe': 'One-Click' }, headers: { 'X-Forwarded-For': '198.51.100.63' } });
    expect(await oneClick.json()).toEqual({ result: 'unsubscribed' });
    expect(await consentedAddresses()).not.toContain(address);
  });
});

async function pagesOfOneMail(browser: Browser, width: number, client: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, extraHTTPHeaders: { 'X-Forwarded-For': client } });
  const page = await context.newPage();
  const mail = await spanishSignUp(page, freshAddress(`es-axe${width}`), client);
  return { context, page, paths: [linkPath(mail, CONFIRMAR), linkPath(mail, CANCELAR), `${CONFIRMAR}?result=confirmed`, `${CONFIRMAR}?result=invalid`, `${CANCELAR}?result=unsubscribed`, `${CANCELAR}?result=invalid`] };
}

test.describe('the Spanish newsletter pages', () => {
  // Six pages under axe each, on a shared 2-core machine.
  test.describe.configure({ timeout: 150_000 });
  for (const [index, width] of [360, 768, 1440].entries()) {
    test(`have no axe violations and no horizontal scroll at ${width} px, with a link's button and with each outcome`, async ({ browser }, testInfo) => {
      const { context, page, paths } = await pagesOfOneMail(browser, width, `198.51.100.${70 + index}`);
      try {
        for (const [step, path] of paths.entries()) {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('lang', 'es');
          expect(await violations(page), path).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
          await page.screenshot({ path: testInfo.outputPath(`es-newsletter-${step}-${width}.png`), fullPage: true });
        }
      } finally {
        await context.close();
      }
    });
  }
});
