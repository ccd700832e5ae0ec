import { violations } from '../support/browser/axe';
import { expect, test } from '../support/browser/fixtures';
import { addStaffAccount, seed, signIn } from '../support/browser/staff';
import { AXE_WIDTHS } from '../support/browser/widths';

/** Each run gets its own names, so the runs on one server never meet. */
const run = `${process.pid}-${Date.now().toString(36)}`;
const email = `calls-${run}@meridianlab.test`;
const HOUR = 3_600_000;

test('sales opens the calls, reads one in their zone, marks a call that is over and cancels one to come', async ({
  page,
}) => {
  const password = addStaffAccount(email, undefined, 'Carmen Calls', 'sales');
  seed((db) => {
    const { id } = db.prepare('SELECT id FROM staff_accounts WHERE email = ?').get(email) as { id: number };
    const book = db.prepare(
      `INSERT INTO bookings (uid, person_id, person_email, status, start_at, end_at, block_end_at, office, topic, locale,
         time_zone, name, email, company, created_at, updated_at)
       VALUES (?, ?, ?, 'confirmed', ?, ?, ?, 'Bogota', 'other', 'es', 'Europe/Madrid', ?, ?, 'Panadería Sol', ?, ?)`,
    );
    const at = (offset: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + offset).toISOString();
    for (const [offset, name] of [
      [-3 * HOUR, `Pasada ${run}`],
      [50 * HOUR, `Futura ${run}`],
    ] as const)
      book.run(
        `${name}@test`,
        id,
        email,
        at(offset),
        at(offset + HOUR / 2),
        at(offset + HOUR),
        name,
        `${run}@example.test`,
        at(0),
        at(0),
      );
  });
  await signIn(page, email, password);
  await page.goto(`/staff/calls?person=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: 'Intro calls' })).toBeVisible();
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await violations(page), `at ${width} px`).toEqual([]);
    await page.screenshot({ path: `/tmp/bkrem-shots/calls-${width}.png`, fullPage: true });
  }

  await page
    .locator('tr', { hasText: `Pasada ${run}` })
    .getByRole('link')
    .click();
  await page.getByLabel('No-show').check();
  await page.getByRole('button', { name: 'Mark' }).click();
  await expect(page.getByRole('status')).toHaveText('Marked.');

  await page.goto(`/staff/calls?person=${encodeURIComponent(email)}`);
  await page
    .locator('tr', { hasText: `Futura ${run}` })
    .getByRole('link')
    .click();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '/tmp/bkrem-shots/call-1440.png', fullPage: true });
  await page.getByRole('button', { name: 'Cancel the call' }).click();
  await expect(page.getByRole('status')).toContainText('Cancelled');
});
