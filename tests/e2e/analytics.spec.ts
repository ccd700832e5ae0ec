import type { Browser, BrowserContext, Page } from '@playwright/test';

import { addDays, dayOf } from '../../server/analytics/days';
import { postIndex } from '../../shared/generated/postIndex';
import { postPath } from '../../shared/model/articles';
import { violations } from '../support/browser/axe';
import { expect, expectHydrated, gotoHydrated, PERSON_USER_AGENT, test } from '../support/browser/fixtures';
import { addStaffAccount, seed, signIn } from '../support/browser/staff';

/** Each run has its own UTM source, so the counts it reads are its own whatever else runs on the server. */
const run = `e2e-${process.pid}-${Date.now().toString(36)}`;
const today = () => dayOf(new Date());
let visitors = 0;

/** A visitor of their own: an address of their own behind the trusted proxy hop, as a person on their own line. */
function visitor(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  visitors += 1;
  return browser.newContext({
    userAgent: PERSON_USER_AGENT,
    ...options,
    extraHTTPHeaders: { 'X-Forwarded-For': `198.18.${process.pid % 250}.${visitors}`, ...options.extraHTTPHeaders },
  });
}

/** What a series counted today under a label, read from the running server's database. */
function counted(series: string, label: string): number {
  let count = 0;
  seed((db) => {
    const row = db
      .prepare('SELECT sum(count) AS n FROM daily_counts WHERE day = ? AND series = ? AND label = ?')
      .get(today(), series, label) as { n: number | null };
    count = Number(row.n ?? 0);
  });
  return count;
}

/** Follows one of the page's own links, as a person clicks it: a client-side navigation once the page is awake. */
async function follow(page: Page, path: string): Promise<void> {
  await page.locator(`a[href="${path}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  await expect(page.locator('main h1')).toHaveCount(1);
}

test.describe.configure({ mode: 'serial' });

test('three visitors over five pages, with client-side navigation, give the expected counts and uniques', async ({
  browser,
}) => {
  const source = `${run}-views`;
  const paths: string[][] = [
    ['/services', '/contact', '/services', '/blog'],
    ['/blog', '/contact', '/services', '/research'],
    ['/research', '/services', '/contact', '/'],
  ];
  const before = counted('web.views.page.en', '/services');
  for (const [index, pages] of paths.entries()) {
    const context = await visitor(browser);
    const page = await context.newPage();
    await gotoHydrated(page, `/?utm_source=${source}&utm_campaign=c${index}`);
    // A full load would clear this mark: it is there at the end, so every step was a client-side navigation.
    await page.evaluate(() => ((window as Window & { stayed?: boolean }).stayed = true));
    for (const path of pages) await follow(page, path);
    expect(await page.evaluate(() => (window as Window & { stayed?: boolean }).stayed)).toBe(true);
    // The beacons go out with sendBeacon: wait until the server has counted all five.
    await expect.poll(() => counted('web.views.utm_campaign.en', `c${index}`), { timeout: 20_000 }).toBe(5);
    await context.close();
  }
  // 15 views, 3 visitors from the source, each counted once however many pages they saw.
  expect(counted('web.views.utm_source.en', source)).toBe(15);
  expect(counted('web.visitors.source.en', source)).toBe(3);
  // /services: visitor 1 twice, visitors 2 and 3 once each (other tests may add their own views).
  expect(counted('web.views.page.en', '/services') - before).toBeGreaterThanOrEqual(4);
});

test('every call and e-mail link of /services, /contact and /research is counted when clicked, hydrated part or not', async ({
  browser,
}) => {
  let clicked = 0;
  for (const path of ['/services', '/contact', '/research']) {
    const probe = await (await visitor(browser)).newPage();
    await gotoHydrated(probe, path);
    const hrefs = await probe
      .locator('a[href^="tel:"], a[href^="mailto:"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    await probe.context().close();
    for (const [index, href] of hrefs.entries()) {
      // A visitor each: a second click of one kind the same day is no second conversion.
      const source = `${run}-click-${path.slice(1)}-${index}`;
      const context = await visitor(browser);
      const page = await context.newPage();
      await gotoHydrated(page, `${path}?utm_source=${source}`);
      // The counting is running once the page's own view has arrived.
      await expect.poll(() => counted('web.views.utm_source.en', source), { timeout: 20_000 }).toBe(1);
      // No mail program or dialler opens: the click is stopped after every listener of the page has heard it.
      await page.evaluate(() => window.addEventListener('click', (event) => event.preventDefault(), { capture: true }));
      await page.locator(`a[href="${href}"]`).first().click();
      const kind = href.startsWith('tel:') ? 'call' : 'email';
      await expect
        .poll(() => counted(`web.conversions.${kind}.en`, source), { timeout: 20_000, message: `${path} ${href}` })
        .toBe(1);
      await context.close();
      clicked += 1;
    }
  }
  // The contact page's and the research page's addresses at least (a stand-in number is no link).
  expect(clicked).toBeGreaterThan(1);
});

test('a bot and a visitor asking not to be tracked are not counted', async ({ browser }) => {
  const source = `${run}-refused`;
  const bot = await visitor(browser, {
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  });
  const dnt = await visitor(browser, { extraHTTPHeaders: { DNT: '1' } });
  const person = await visitor(browser);
  for (const context of [bot, dnt, person]) {
    const page = await context.newPage();
    await gotoHydrated(page, `/?utm_source=${source}`);
    await follow(page, '/services');
  }
  // The person's two views arrive; the others' never do.
  await expect.poll(() => counted('web.views.utm_source.en', source), { timeout: 20_000 }).toBe(2);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(counted('web.views.utm_source.en', source)).toBe(2);
  for (const context of [bot, dnt, person]) await context.close();
});

test('without JavaScript the <noscript> image counts each page; with it, the image is never requested', async ({
  browser,
}) => {
  const source = `${run}-nojs`;
  const plain = await visitor(browser, { javaScriptEnabled: false });
  const page = await plain.newPage();
  await page.goto(`/?utm_source=${source}`);
  await page.goto(`/services?utm_source=${source}`);
  await expect.poll(() => counted('web.views.utm_source.en', source), { timeout: 20_000 }).toBe(2);
  expect(counted('web.visitors.source.en', source)).toBe(1);
  await plain.close();

  const scripted = await visitor(browser);
  const pixels: string[] = [];
  scripted.on('request', (request) => {
    if (request.url().includes('/api/visits.gif')) pixels.push(request.url());
  });
  const other = await scripted.newPage();
  await gotoHydrated(other, `/?utm_source=${source}-js`);
  await follow(other, '/services');
  await expect.poll(() => counted('web.views.utm_source.en', `${source}-js`), { timeout: 20_000 }).toBe(2);
  expect(pixels).toEqual([]);
  await scripted.close();
});

interface LeadRow {
  attribution: string;
  source: string;
  campaign: string;
}
function storedLead(email: string): LeadRow | undefined {
  let row: LeadRow | undefined;
  seed((db) => {
    row = db.prepare('SELECT attribution, source, campaign FROM leads WHERE email = ?').get(email) as
      LeadRow | undefined;
  });
  return row;
}

async function sendLead(page: Page, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Nora Campaign');
  await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('We read your November newsletter.');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText("Thank you for your message! We'll get back to you within 24 hours.")).toBeVisible({
    timeout: 20_000,
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`a lead sent after landing from the newsletter's November link carries both, first and last touch, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
    browser,
  }) => {
    const email = `nora-${run}-${javaScriptEnabled}@example.test`;
    const context = await visitor(browser, { javaScriptEnabled });
    const page = await context.newPage();
    if (javaScriptEnabled) {
      // Lands on the blog, reads, then goes to the contact page through the site's own links.
      await gotoHydrated(page, '/blog?utm_source=newsletter&utm_campaign=nov');
      await follow(page, '/services');
      await follow(page, '/contact');
    } else await page.goto('/contact?utm_source=newsletter&utm_campaign=nov');
    await sendLead(page, email);
    const row = storedLead(email)!;
    expect(row).toMatchObject({ source: 'newsletter', campaign: 'nov' });
    const attribution = JSON.parse(row.attribution);
    for (const touch of [attribution.first, attribution.last])
      expect(touch).toMatchObject({ source: 'newsletter', campaign: 'nov' });
    expect(attribution.formPage).toBe('/contact');
    expect(attribution.first.landing).toBe(javaScriptEnabled ? '/blog' : '/contact');
    expect(attribution.pagesSeen).toBe(javaScriptEnabled ? 2 : 0);
    await context.close();
  });
}

test('a page that opens a visit is counted without using the tab’s storage, and the visit is written as it is left', async ({
  browser,
}) => {
  const source = `${run}-opening`;
  const context = await visitor(browser);
  // Every use of the page's storage, counted from before the page's own scripts run.
  await context.addInitScript(() => {
    const counter = window as Window & { storageUses?: number };
    counter.storageUses = 0;
    for (const name of ['getItem', 'setItem', 'removeItem', 'clear', 'key'] as const) {
      const original = Storage.prototype[name] as (...args: unknown[]) => unknown;
      Storage.prototype[name] = function (this: Storage, ...args: unknown[]) {
        counter.storageUses! += 1;
        return original.apply(this, args);
      } as never;
    }
  });
  const page = await context.newPage();
  await page.goto(`/blog?utm_source=${source}&utm_campaign=opening`, { referer: 'https://www.google.com/search' });
  await expect.poll(() => counted('web.views.utm_source.en', source), { timeout: 20_000 }).toBe(1);
  expect(await page.evaluate(() => (window as Window & { storageUses?: number }).storageUses)).toBe(0);
  // Left for another page of the site by a full load: the visit goes with it.
  await page.evaluate(() => location.assign('/services'));
  await expect(page).toHaveURL(/\/services$/);
  await expect.poll(() => counted('web.views.utm_source.en', source), { timeout: 20_000 }).toBe(2);
  const visit = JSON.parse((await page.evaluate(() => sessionStorage.getItem('visit')))!);
  expect(visit.first).toMatchObject({ source, campaign: 'opening', referrer: 'google.com', landing: '/blog' });
  expect(visit.pagesSeen).toBe(2);
  await context.close();
});

test('a lead sent from the page that opened the visit carries the visit’s first touch', async ({ browser }) => {
  const email = `opening-${run}@example.test`;
  const source = `${run}-form`;
  const context = await visitor(browser);
  const page = await context.newPage();
  await page.goto(`/contact?utm_source=${source}`, { referer: 'https://mail.example.com/' });
  await expectHydrated(page);
  await expect.poll(() => counted('web.views.utm_source.en', source), { timeout: 20_000 }).toBe(1);
  await sendLead(page, email);
  const attribution = JSON.parse(storedLead(email)!.attribution);
  // The page's own referrer: without the visit, the server would have only the form's Referer, this page.
  expect(attribution.first).toMatchObject({ source, referrer: 'mail.example.com', landing: '/contact' });
  expect(attribution).toMatchObject({ formPage: '/contact', pagesSeen: 0 });
  await context.close();
});

test.describe('the console’s analytics page', () => {
  const email = `analytics-${run}@meridianlab.test`;
  let password = '';
  test.beforeAll(() => {
    password = addStaffAccount(email);
    // Some days of counts, so the chart and the tables have something to show.
    seed((db) => {
      const add = db.prepare(
        `INSERT INTO daily_counts (day, series, label, device, count) VALUES (?, ?, ?, 'desktop', ?)
         ON CONFLICT DO UPDATE SET count = excluded.count`,
      );
      for (let day = 0; day < 28; day++) {
        const at = addDays(today(), -day);
        const views = 40 + ((day * 37) % 50);
        add.run(at, 'web.views.page.en', '/', views);
        add.run(at, 'web.views.page.en', '/services', Math.round(views / 2));
        add.run(at, 'web.visitors.site.en', '', Math.round(views / 3));
        add.run(at, 'web.views.referrer.en', 'google.com', Math.round(views / 4));
        add.run(at, 'web.views.utm_campaign.en', 'nov', Math.round(views / 5));
        add.run(at, 'web.visitors.source.en', 'newsletter', 5);
        add.run(at, 'web.conversions.lead.en', 'newsletter', day % 3 === 0 ? 1 : 0);
        // The newest seeded article's readers, in both languages, by source.
        for (const [locale, slug] of Object.entries(postIndex[0]!.slugs)) {
          const path = postPath({ slug, locale: locale as 'en' });
          add.run(at, `web.articles.views.${locale}`, path, Math.round(views / 6));
          add.run(at, `web.articles.sources.${locale}`, `${path} google.com`, Math.round(views / 10));
          add.run(at, `web.articles.sources.${locale}`, `${path} newsletter`, Math.round(views / 20));
        }
      }
    });
  });

  for (const width of [320, 390, 1440]) {
    // The console runs no script of its own (its CSP forbids any); axe is the test's, injected by the browser.
    test(`shows its numbers, fits ${width} px without scrolling sideways and has no axe violations`, async ({
      browser,
    }, testInfo) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signIn(page, email, password);
      await page.goto('/staff/analytics?days=28');
      await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
      await expect(page.getByRole('img', { name: /Page views and visitors per day/ })).toBeVisible();
      // Wide tables scroll inside their own labelled region; the page itself never does.
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await expect(page.getByRole('region', { name: 'Table of conversions by source' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Table of articles' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`analytics-${width}.png`), fullPage: true });
      await context.close();
    });
  }
});
