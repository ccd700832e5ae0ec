import { violations } from '../support/browser/axe';
import { expect, test } from '../support/browser/fixtures';
import { addStaffAccount, insertLead, seed, signIn } from '../support/browser/staff';
import { AXE_WIDTHS } from '../support/browser/widths';

/** Each run gets its own names, so the runs on one server never meet. */
const run = `${process.pid}-${Date.now().toString(36)}`;
const email = `alerts-${run}@meridianlab.test`;
const locked = `locked-${run}@meridianlab.test`;
let password = '';
let leadId = 0;
/** Two failed lead notifications, to be retried and dropped from the console's Outbox page. */
const retried = `retried-${run}@example.test`;
const dropped = `dropped-${run}@example.test`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  password = addStaffAccount(email);
  addStaffAccount(locked);
  seed((db) => {
    // A lead of this person's with no first answer for thirteen days, past 30 office minutes whatever the day the
    // test runs on; and an account locked for one client now.
    leadId = insertLead(db, `Waiting Lead ${run}`, `waiting-${run}@example.test`, 'marketing-ads', 'Still waiting.');
    db.prepare('UPDATE leads SET received_at = ?, owner = ? WHERE id = ?').run(
      new Date(Date.now() - 13 * 86_400_000).toISOString(),
      email,
      leadId,
    );
    db.prepare('INSERT INTO staff_sign_in_attempts VALUES (?, ?, 10, ?, ?)').run(
      `pair:${locked} 198.51.100.23`,
      locked,
      Date.now(),
      Date.now() + 30 * 60_000,
    );
    const failed = db.prepare(
      `INSERT INTO outbox (kind, payload, message_id, created_at, next_attempt_at, status, attempts, attempted_at, last_error)
       VALUES ('lead-notification', ?, ?, ?, ?, 'failed', 10, ?, 'Greeting never received')`,
    );
    for (const to of [retried, dropped]) {
      const at = new Date().toISOString();
      const mail = { to, subject: `Failed ${run}`, text: 'A notification the mail server did not take.' };
      failed.run(JSON.stringify({ mail }), `<${to}>`, at, at, at);
    }
  });
});

test.afterAll(() => {
  seed((db) => {
    db.prepare('DELETE FROM leads WHERE id = ?').run(leadId);
    db.prepare('DELETE FROM staff_sign_in_attempts WHERE email = ?').run(locked);
    db.prepare('DELETE FROM outbox WHERE message_id IN (?, ?)').run(`<${retried}>`, `<${dropped}>`);
  });
});

test("the console's top bar shows each active alert and what it means, without script, axe-clean at 1440 and 390 px; failed messages are retried and dropped", async ({
  browser,
}) => {
  // Without script, as the console always is.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email, password);
  const alerts = page.getByRole('region', { name: 'Alerts' });
  await expect(alerts).toContainText(`Staff sign-in locked for ${locked}`);
  await expect(alerts).toContainText('someone is guessing the password');
  await expect(alerts).toContainText('1 of your leads waiting over 5 office minutes for a first answer');
  await expect(alerts).toContainText(/leads? waiting over 30 office minutes for a first answer/);
  await expect(alerts).toContainText('Answer, then mark the lead contacted or add a note');
  // On every console page, and its link leads to the new leads.
  await page.goto('/staff/speed');
  await alerts.getByRole('link', { name: 'Show new leads' }).click();
  await expect(page).toHaveURL(/\/staff\/leads\?status=new$/);
  await expect(page.getByRole('link', { name: `Waiting Lead ${run}` })).toBeVisible();
  // axe runs as a script: the same session in a browser that runs it. CSS alone lays the console out, so one load serves both widths.
  const checking = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await checking.addCookies(await context.cookies());
  const checked = await checking.newPage();
  await checked.goto('/staff/leads');
  await expect(checked.getByRole('region', { name: 'Alerts' })).toBeVisible();
  for (const width of AXE_WIDTHS) {
    await checked.setViewportSize({ width, height: 900 });
    expect(await violations(checked), `at ${width} px`).toEqual([]);
  }
  // The failed messages' page too, while it lists them.
  await checked.goto('/staff/outbox');
  for (const width of AXE_WIDTHS) {
    await checked.setViewportSize({ width, height: 900 });
    expect(await violations(checked), `outbox at ${width} px`).toEqual([]);
  }
  await checking.close();

  // The failed messages, each retried or dropped with a plain form post (decision 077).
  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page.getByRole('cell', { name: 'Greeting never received' })).toHaveCount(2);
  await page.getByRole('button', { name: new RegExp(`^Retry message \\d+ to ${retried}$`) }).click();
  await expect(page.getByText('The message is queued again: it goes out within seconds.')).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Drop message \\d+ to ${dropped}$`) }).click();
  await expect(page.getByText('The message is dropped: it will not be sent.')).toBeVisible();
  await expect(page.getByText(retried)).toHaveCount(0);
  await expect(page.getByText(dropped)).toHaveCount(0);
  await context.close();
});
