import fs from 'node:fs';

import { catalogues } from '../../server/pages/catalogues';
import { violations } from '../support/browser/axe';
import { expect, test } from '../support/browser/fixtures';
import { mailTo } from '../support/browser/mailbox';
import { addStaffAccount, seed } from '../support/browser/staff';
import { AXE_WIDTHS } from '../support/browser/widths';
import { calendarIn } from '../support/calendar';

const book = catalogues.es.book;
const SHOTS = '/tmp/shots-book';

/** A sales person who takes Spanish calls in `office`, every day from 06:00 to 20:00 on its clock. */
function addCallTaker(email: string, name: string, office: string, zone: string) {
  addStaffAccount(email, undefined, name, 'sales');
  const hours = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
      day,
      { from: '06:00', to: '20:00' },
    ]),
  );
  seed((db) =>
    db
      .prepare('UPDATE staff_accounts SET office = ?, languages = \'["es"]\', time_zone = ?, hours = ? WHERE email = ?')
      .run(office, zone, JSON.stringify(hours), email),
  );
}

test('books a call in Spanish without script, gets the invitation by e-mail and cancels from its link', async ({
  browser,
}) => {
  addCallTaker('bogota.calls@meridianlab.test', 'Lucía Pérez', 'Bogota', 'America/Bogota');
  // axe walks a week of free times at two widths: more than a plain page's share of a loaded machine.
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.82' },
  });
  const page = await context.newPage();
  try {
    await page.goto('/es/contacto');
    await page.getByRole('link', { name: catalogues.es.contactInfo.hero.bookCall }).click();
    await expect(page).toHaveURL('/es/reservar');
    await page.getByLabel(book.choose.topic).selectOption('ai-voice-systems');
    await page.getByLabel(book.choose.zone).selectOption('Europe/Madrid');
    await page.getByRole('button', { name: book.choose.submit }).click();
    await expect(page.getByRole('heading', { name: book.slots.title })).toBeVisible();
    const slotsUrl = page.url();
    const firstDay = page.locator('fieldset.book-day').first();
    await firstDay.getByRole('radio').first().check();
    await page.getByLabel(book.details.name).fill('Ana Gómez');
    await page.getByLabel(book.details.email).fill('ana.e2e@example.com');
    await page.getByRole('textbox', { name: book.details.company }).fill('Panadería Sol');
    await page.getByRole('button', { name: book.details.submit }).click();
    await expect(page.getByRole('heading', { name: book.done.title })).toBeVisible();
    // The server's answers ship no script either way: axe, which runs as a script, checks them in a page that may.
    const checker = await browser.newPage();
    for (const [name, url] of [
      ['slots', slotsUrl],
      ['booked', page.url()],
    ])
      for (const width of AXE_WIDTHS) {
        await checker.setViewportSize({ width, height: 900 });
        await checker.goto(url!);
        expect(await violations(checker)).toEqual([]);
        await checker.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
      }
    await checker.close();
    const [mail] = await mailTo('ana.e2e@example.com');
    expect(mail!.subject).toMatch(/^Su llamada de presentación: /);
    expect(mail!.attachments.some((part) => part.contentType === 'text/calendar')).toBe(true);
    const manage = /https?:\/\/[^\s/]+(\/es\/reservar\?manage=[\w.-]+)/.exec(mail!.text ?? '')![1]!;
    await page.goto(manage);
    await page.getByRole('button', { name: book.manage.cancel }).click();
    await expect(page.getByRole('heading', { name: book.manage.cancelled })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/cancelled-390.png` });
    await mailTo('ana.e2e@example.com', 2);
    await page.goto(manage);
    await expect(page.getByRole('heading', { name: book.stale.cancelled.title })).toBeVisible();
    await expect(page.getByRole('link', { name: book.stale.again })).toHaveAttribute('href', '/es/reservar');
  } finally {
    await context.close();
  }
});

test('books a call in Spanish with script: the chosen time is held, the post proves itself, then moves and cancels from the e-mails’ links', async ({
  page,
  playwright,
  baseURL,
  browserErrors,
}) => {
  const person = 'miami.llamadas@meridianlab.test';
  const visitor = 'beatriz.e2e@example.com';
  addCallTaker(person, 'Marisol Vega', 'Miami', 'America/New_York');
  const rows = () => {
    let found: { status: string; email: string }[] = [];
    seed((db) => {
      found = db
        .prepare('SELECT status, email FROM bookings WHERE person_email = ? ORDER BY id')
        .all(person) as typeof found;
    });
    return found;
  };
  const posted: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/es/reservar')) posted.push(sent.postData() ?? '');
  });
  await page.goto('/es/reservar');
  await page.getByLabel(book.choose.topic).selectOption('web-subscription');
  await page.getByLabel(book.choose.office).selectOption('miami');
  // With script, the zone the times are shown in is the browser's own, changeable in the list.
  const own = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(page.getByLabel(book.choose.zone)).toHaveValue(own);
  await page.getByRole('button', { name: book.choose.submit }).click();
  await expect(page.getByRole('heading', { name: book.slots.title })).toBeVisible();
  // Every day's times: late in the day, the first day may offer fewer than the nine this test chooses among.
  const radios = page.locator('fieldset.book-day').getByRole('radio');
  // The page's own script runs once it is painted.
  await expect(page.locator('form[data-enhanced="true"]')).toHaveCount(1);

  // Someone else holds the first time after the page was shown: choosing it says so and strikes it out.
  const other = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.140', Origin: new URL(baseURL!).origin },
  });
  const first = (await radios.first().getAttribute('value'))!;
  expect((await other.post('/api/booking/hold', { data: { slot: first, lang: 'es' } })).status()).toBe(201);
  // A click, not check(): the refusal may uncheck it before check() looks.
  await radios.first().click();
  await expect(page.locator('[data-hold-status]')).toHaveText(book.slots.justTaken);
  await expect(radios.first()).toBeDisabled();
  await other.dispose();
  // The browser logs the hold's refusal (409) as a failed request: the one error this page may show.
  expect(browserErrors.splice(0)).toEqual([expect.stringContaining('status of 409')]);

  // The visitor's own choice is held while they type.
  await radios.nth(4).check();
  await expect(page.locator('[data-hold-status]')).toHaveText(book.slots.held);
  await expect.poll(() => rows().filter((row) => row.status === 'held').length).toBe(2);
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await violations(page)).toEqual([]);
    await radios.nth(4).scrollIntoViewIfNeeded();
    // Seen beside the time chosen, not only after the whole list.
    await expect(page.locator('[data-hold-status]')).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/held-${width}.png` });
  }
  await page.getByLabel(book.details.name).fill('Beatriz Ruiz');
  await page.getByLabel(book.details.email).fill(visitor);
  await page.getByRole('textbox', { name: book.details.company }).fill('Café Ruiz');
  // Another time, then the button while its hold's answer is still on the way (a slow network: the server has
  // made the hold, its answer comes after the click). The post waits for it and carries its key; sent without
  // it, the visitor's own hold would make their time look taken.
  let clicked!: () => void;
  const afterClick = new Promise<void>((resolve) => (clicked = resolve));
  await page.route('**/api/booking/hold', async (route) => {
    const response = await route.fetch();
    await afterClick;
    await route.fulfill({ response });
  });
  const chosen = (await radios.nth(8).getAttribute('value'))!;
  const asked = page.waitForRequest('**/api/booking/hold');
  await radios.nth(8).check();
  await asked;
  await page.getByRole('button', { name: book.details.submit }).click();
  clicked();
  await expect(page.getByRole('heading', { name: book.done.title })).toBeVisible();
  // The post carried the time's hold and a solved proof of work; the hold became the booking.
  const fields = new URLSearchParams(posted.at(-1));
  expect(fields.get('slot')).toBe(chosen);
  expect(fields.get('hold')).not.toBe('');
  expect(fields.get('proof')).toMatch(/^[A-Za-z0-9+/=]{40,}$/);
  expect(rows()).toEqual([
    { status: 'held', email: '' },
    { status: 'confirmed', email: visitor },
  ]);

  const [invitation] = await mailTo(visitor);
  const booked = calendarIn(invitation!);
  expect(booked).toMatchObject({ method: 'REQUEST', sequence: 0, start: Number(chosen.split('.')[0]) });
  const manage = /https?:\/\/[^\s/]+(\/es\/reservar\?manage=[\w.-]+)/.exec(invitation!.text ?? '')![1]!;
  await page.goto(manage);
  const later = page.locator('.book-manage').getByRole('radio').nth(6);
  const movedTo = Number((await later.getAttribute('value'))!.split('.')[0]);
  await later.check();
  await page.getByRole('button', { name: book.manage.moveSubmit }).click();
  await expect(page.locator('.book-manage [role="status"]')).toContainText(book.manage.moved('').slice(0, 20));
  const moved = calendarIn((await mailTo(visitor, 2)).find((mail) => Number(calendarIn(mail).sequence) === 1)!);
  expect(moved).toMatchObject({ method: 'REQUEST', uid: booked.uid, start: movedTo });

  // The first e-mail's link is out of date now; the newest one cancels.
  await page.goto(manage);
  await expect(page.getByRole('heading', { name: book.stale.moved.title })).toBeVisible();
  const newest = (await mailTo(visitor, 2)).find((mail) => Number(calendarIn(mail).sequence) === 1)!;
  await page.goto(/https?:\/\/[^\s/]+(\/es\/reservar\?manage=[\w.-]+)/.exec(newest.text ?? '')![1]!);
  await page.getByRole('button', { name: book.manage.cancel }).click();
  await expect(page.getByRole('heading', { name: book.manage.cancelled })).toBeVisible();
  const cancel = (await mailTo(visitor, 3)).map(calendarIn).find((calendar) => calendar.method === 'CANCEL');
  expect(cancel).toMatchObject({ uid: booked.uid });
});
