import fs from 'node:fs';

import { catalogues } from '../../server/pages/catalogues';
import { violations } from '../support/browser/axe';
import { expect, test } from '../support/browser/fixtures';
import { mailTo } from '../support/browser/mailbox';
import { addStaffAccount, seed } from '../support/browser/staff';
import { AXE_WIDTHS } from '../support/browser/widths';

const book = catalogues.es.book;
const SHOTS = '/tmp/shots-book';

test('books a call in Spanish without script, gets the invitation by e-mail and cancels from its link', async ({
  browser,
}) => {
  addStaffAccount('bogota.calls@meridianlab.test', undefined, 'Lucía Pérez', 'sales');
  const always = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
      day,
      { from: '06:00', to: '20:00' },
    ]),
  );
  seed((db) =>
    db
      .prepare(
        "UPDATE staff_accounts SET office = 'Bogota', languages = '[\"es\"]', time_zone = 'America/Bogota', hours = ? WHERE email = ?",
      )
      .run(JSON.stringify(always), 'bogota.calls@meridianlab.test'),
  );
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
