import fs from 'node:fs';

import type { Browser, BrowserContext, Page } from '@playwright/test';

import { catalogues } from '../../server/pages/catalogues';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from '../../shared/model/newsletter';
import { localizePath } from '../../shared/routes';
import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, PERSON_USER_AGENT, test } from '../support/browser/fixtures';
import { linkPath } from '../support/browser/mailbox';
import { seed, siteOfItsOwn } from '../support/browser/staff';
import { AXE_WIDTHS } from '../support/browser/widths';
import type { MailServer, ReceivedMail } from '../support/mailServer';
import { startMailServer } from '../support/mailServer';
import type { ServerProcess } from '../support/serverProcess';

/**
 * The marketing journey of decision 074, on a site of its own with its own SMTP server (in this process): readers
 * in both languages confirm from their real e-mails and get a campaign in their language; one clicks its link and
 * writes through the contact form; the lead names the campaign and the campaign counts the click. A second
 * campaign, to a longer list, is paused while its first batch is at the mail server and cancelled: nobody else
 * gets it.
 */
const staffEmail = 'marketing@meridianlab.test';
/** The newsletter's rate for this site: the outbox then takes 3 campaign messages at once (a second's worth, decision 043). */
const RATE_PER_MINUTE = 180;
const BATCH = 3;
/** Readers on the longer list besides the two who signed up: more than one batch. */
const MORE_READERS = 9;
/** Where screenshots go for a person to look at, when asked for (SCREENSHOT_DIR). */
const shots = process.env.SCREENSHOT_DIR;

let mail: MailServer;
let site: {
  origin: string;
  dir: string;
  server: ServerProcess;
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
};

test.beforeAll(async ({ browser }) => {
  mail = await startMailServer();
  site = await siteOfItsOwn(browser, staffEmail, {
    SMTP_URL: mail.url,
    NEWSLETTER_RATE_PER_MINUTE: String(RATE_PER_MINUTE),
    // Each reader comes from an address of their own (readerPage): the day's new labels are counted per client.
    TRUST_PROXY: '1',
  });
});
test.afterAll(async () => {
  await site?.server.stop();
  await mail?.stop();
});

/** The messages the mail server accepted for `address`, once there are `count`. */
async function mailTo(address: string, count = 1): Promise<ReceivedMail[]> {
  const mine = () => mail.received.filter((message) => message.recipients.includes(address));
  await expect.poll(() => mine().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return mine();
}

/** A signed-in console, without script (as the console is used at its plainest) or with it (axe runs as a script). */
async function consolePage(browser: Browser, javaScriptEnabled = false, width = 1440): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  await context.addCookies(site.cookies);
  return context.newPage();
}

let readerCount = 0;
/**
 * A reader's own browser, named as a person's (headless Chromium's own name is a robot's, and is not counted), on
 * an address of their own behind the trusted proxy hop.
 */
async function readerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    userAgent: PERSON_USER_AGENT,
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${++readerCount}` },
  });
  return context.newPage();
}

/** The console page, checked by axe at each of the spec's widths in a browser that runs it, and photographed. */
async function check(browser: Browser, url: string, name: string) {
  const page = await consolePage(browser, true);
  await page.goto(url);
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await violations(page), `${name} at ${width} px`).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.context().close();
}

/** A sign-up through the blog's box in the reader's language, confirmed from the e-mail it brings. */
async function subscribe(browser: Browser, address: string, locale: Locale) {
  const { newsletter } = catalogues[locale].blog;
  const page = await readerPage(browser);
  await gotoHydrated(page, `${site.origin}${localizePath('/blog', locale)}`);
  const box = page.getByRole('region', { name: newsletter.title });
  await box.getByLabel(newsletter.label).fill(address);
  await box.getByRole('button', { name: newsletter.button }).click();
  await expect(box.getByRole('status')).toHaveText(newsletter.messages.pending);
  const [confirmation] = await mailTo(address);
  await page.goto(`${site.origin}${linkPath(confirmation!.parsed, localizePath(CONFIRM_PATH, locale))}`);
  await page.getByRole('button', { name: catalogues[locale].newsletterConfirm.ask.button }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    catalogues[locale].newsletterConfirm.outcomes.confirmed.title,
  );
  await page.context().close();
}

/** Makes a campaign from the article the list offers first, with the lab's note in English; answers its id. */
async function newCampaign(page: Page, note: string): Promise<number> {
  await page.goto(`${site.origin}/staff/newsletter`);
  await page.getByRole('button', { name: 'Create from article' }).click();
  await expect(page).toHaveURL(/\/staff\/newsletter\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  await page
    .getByRole('group', { name: 'English' })
    .getByLabel(/^Note above the article/)
    .fill(note);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  return id;
}

/** What the campaign's figure list says for one figure. */
const figure = (page: Page, label: string) =>
  page
    .getByLabel('Campaign figures')
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.staff-stat__value');

/** The campaign's messages among those `mails`: its links carry its tag (decision 074). */
const ofCampaign = (mails: ReceivedMail[], id: number) =>
  mails.filter((message) => message.parsed.text?.includes(`utm_campaign=${id}-`));

/** The reader who clicks is the test's own page (its console errors fail the test), counted as a person is. */
test.use({
  sendAnalytics: true,
  userAgent: PERSON_USER_AGENT,
  extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.200' },
});

test('readers in both languages get a campaign, one clicks and writes, the lead and the campaign show it; a longer campaign is paused within its first batch and cancelled', async ({
  browser,
  page: reader,
}) => {
  test.setTimeout(300_000);
  const readers: Record<Locale, string> = { en: 'reader@example.test', es: 'lectora@example.test' };
  for (const locale of locales) await subscribe(browser, readers[locale], locale);

  const staff = await consolePage(browser);
  await staff.goto(`${site.origin}/staff/newsletter`);
  await expect(staff.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await check(browser, staff.url(), 'newsletter');
  const first = await newCampaign(staff, "A note from the lab: our team's latest.");
  const subjects = Object.fromEntries(
    await Promise.all(
      locales.map(async (locale) => [
        locale,
        (
          await staff
            .getByRole('group', { name: locale === 'en' ? 'English' : 'Spanish' })
            .locator('dd')
            .first()
            .innerText()
        ).trim(),
      ]),
    ),
  ) as Record<Locale, string>;
  await check(browser, staff.url(), 'campaign-draft');
  await staff.getByRole('button', { name: 'Review and send' }).click();
  await expect(staff.getByRole('heading', { name: 'Confirm sending' })).toBeVisible();
  await check(browser, staff.url(), 'campaign-confirm');
  await staff.getByRole('button', { name: 'Send now to 2 subscribers' }).click();
  await expect(staff.getByRole('status')).toHaveText('Scheduled.');

  // Each reader gets it once, in their language, its links to the site tagged with the campaign and the language.
  const received = {} as Record<Locale, ReceivedMail>;
  for (const locale of locales) {
    const mine = ofCampaign(await mailTo(readers[locale], 2), first);
    expect(mine).toHaveLength(1);
    received[locale] = mine[0]!;
    const { parsed } = received[locale];
    expect(parsed.subject).toBe(subjects[locale]);
    // On the sender's domain, as every e-mail's: a bare Message-ID hurts delivery.
    expect(parsed.messageId).toMatch(new RegExp(`@${parsed.from!.value[0]!.address!.split('@')[1]}>$`));
    expect(parsed.html).toContain(`<html lang="${locale === 'en' ? 'en' : 'es'}`);
    expect(parsed.text).toContain(localizePath(UNSUBSCRIBE_PATH, locale));
    for (const link of parsed
      .text!.match(new RegExp(`${site.origin}[^\\s)>\\]]*`, 'g'))!
      .filter((url) => !url.includes(localizePath(UNSUBSCRIBE_PATH, locale))))
      expect(new URL(link).searchParams.toString(), link).toMatch(
        new RegExp(`utm_source=newsletter&utm_medium=email&utm_campaign=${first}-[\\w-]+&utm_content=${locale}$`),
      );
  }

  // The Spanish reader opens the article from the e-mail, then writes through the contact form.
  const articleLink = new URL(received.es.parsed.text!.match(new RegExp(`${site.origin}/es/blog/[^\\s)>\\]]+`))![0]);
  const tag = articleLink.searchParams.get('utm_campaign')!;
  await gotoHydrated(reader, articleLink.href);
  // Through the site's own menu, as a reader goes on: the visit keeps where it came from.
  await reader.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Contacto' }).click();
  await expect(reader).toHaveURL(`${site.origin}/es/contacto`);
  const { fieldCopy, form } = catalogues.es.contact;
  await reader.getByRole('textbox', { name: fieldCopy.name.label, exact: true }).fill('Lucía Newsletter');
  await reader.getByRole('textbox', { name: fieldCopy.email.label, exact: true }).fill(readers.es);
  await reader.getByRole('combobox', { name: fieldCopy.heard.label }).selectOption('newsletter');
  await reader
    .getByRole('textbox', { name: fieldCopy.message.label, exact: true })
    .fill('Leímos su artículo en el boletín y queremos hablar.');
  await reader.locator('form button[type="submit"]').click();
  await expect(reader.getByText(form.success)).toBeVisible({ timeout: 20_000 });

  // The lead names the campaign as where the visit came from.
  await staff.goto(`${site.origin}/staff/leads`);
  await staff.getByRole('link', { name: 'Lucía Newsletter' }).click();
  await expect(staff.getByText(`newsletter / email, ${tag}`).first()).toBeVisible();

  // The campaign counts the click, under the page and the language, from the visit's page view.
  const campaignUrl = `${site.origin}/staff/newsletter/${first}`;
  await expect(async () => {
    await staff.goto(campaignUrl);
    await expect(staff.getByRole('heading', { name: 'Clicks: 1' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(
    staff.getByRole('table', { name: 'Clicks per link' }).getByRole('row', { name: articleLink.pathname }),
  ).toContainText('1');
  const perLanguage = staff.getByRole('table', { name: 'Clicks per language' });
  await expect(perLanguage.getByRole('row', { name: /Spanish/ })).toContainText('1');
  await expect(perLanguage.getByRole('row', { name: /English/ })).toContainText('0');
  await expect(figure(staff, 'Delivered to the mail server')).toHaveText('2');
  await check(browser, campaignUrl, 'campaign-sent');
  for (const locale of locales) await lookAtMail(browser, received[locale], locale);

  // A longer list: the two readers and nine more, so that the campaign takes more than one batch.
  const more = Array.from({ length: MORE_READERS }, (_, index) => `more-${index}@example.test`);
  seed((db) => {
    const at = new Date().toISOString();
    const insert = db.prepare('INSERT INTO subscribers (email, created_at, confirmed_at, locale) VALUES (?, ?, ?, ?)');
    for (const [index, address] of more.entries()) insert.run(address, at, at, locales[index % locales.length]!);
  }, site.dir);
  const second = await newCampaign(staff, 'Once more, to everyone.');
  await staff.getByRole('button', { name: 'Review and send' }).click();
  // The mail server holds what it is given: the first batch stays with the sender while the campaign is paused.
  mail.hold();
  await staff.getByRole('button', { name: `Send now to ${MORE_READERS + 2} subscribers` }).click();
  await expect(staff.getByRole('status')).toHaveText('Scheduled.');
  const firstBatch = (await mail.waitForHeld(BATCH)).flatMap((message) => message.recipients);
  await staff.getByRole('button', { name: 'Pause' }).click();
  await expect(staff.getByRole('status')).toHaveText(/^Paused: no more messages are sent/);
  await expect(staff.getByText(/^Paused ·/)).toBeVisible();
  mail.release();
  await expect(async () => {
    await staff.goto(`${site.origin}/staff/newsletter/${second}`);
    await expect(figure(staff, 'Delivered to the mail server')).toHaveText(String(BATCH), { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await staff.getByRole('button', { name: 'Cancel the campaign' }).click();
  await expect(staff.getByRole('status')).toHaveText('Cancelled: nobody else gets it.');
  await expect(staff.getByText(/^Cancelled ·/)).toBeVisible();
  await expect(figure(staff, 'Queued')).toHaveText('0');
  await expect(figure(staff, 'Recipients so far')).toHaveText(String(BATCH));
  await expect(figure(staff, 'Left without it (cancelled)')).toHaveText(String(MORE_READERS + 2 - BATCH));
  await expect(staff.getByRole('group', { name: 'Campaign controls' })).toHaveCount(0);
  await check(browser, staff.url(), 'campaign-cancelled');
  // Only the first batch got it: nothing of it is left to send, and the mail server has nothing else.
  const got = ofCampaign(mail.received, second).flatMap((message) => message.recipients);
  expect(got.sort()).toEqual(firstBatch.sort());
  expect(mail.held).toHaveLength(BATCH);
  await staff.context().close();
});

/**
 * One campaign e-mail as a reader's client shows it. In dark mode the lab's name reads as the text does and the
 * footer stays muted; photographed (HTML at a phone's and a desktop client's width, dark mode, and its text).
 */
async function lookAtMail(browser: Browser, message: ReceivedMail, locale: Locale) {
  for (const [name, width, colorScheme] of [
    ['mail-390', 390, 'light'],
    ['mail-600', 600, 'light'],
    ['mail-dark-390', 390, 'dark'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
    const page = await context.newPage();
    await page.setContent(message.parsed.html || '', { waitUntil: 'load' });
    const color = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).color);
    expect(await color('.mail-logo'), `${name}-${locale}: the logo`).toBe(await color('.mail-card'));
    expect(await color('.mail-muted'), `${name}-${locale}: the footer`).not.toBe(await color('.mail-card'));
    if (shots) await page.screenshot({ path: `${shots}/${name}-${locale}.png`, fullPage: true });
    await context.close();
  }
  if (shots) fs.writeFileSync(`${shots}/mail-${locale}.txt`, message.parsed.text ?? '');
}
