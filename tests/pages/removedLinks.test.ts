import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { catalogues } from '../../server/pages/catalogues';
import { exportPersonalData } from '../../server/privacy/personalData';
import { locales } from '../../shared/lib/locale';
import { CONFIRM_PATH } from '../../shared/model/newsletter';
import { localizePath } from '../../shared/routes';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { TEST_SITE_URL } from '../support/helpers';
import { linkIn, mailingApp } from '../support/mailingApp';
import type { MailServer } from '../support/mailServer';
import { attribution, counted } from '../support/newsletterConversions';
import { npmRun } from '../support/serverProcess';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const escaped = (text: string) => text.replace(/'/g, '&#x27;');

// Behind one proxy hop, each request from an address of its own: the per-client limits stay out of the way.
let client = 0;
const visitor = () => ({ 'X-Forwarded-For': `198.51.100.${++client}`, Origin: TEST_SITE_URL });

const subscriberRow = (app: TestApp, email: string) =>
  app.db.connection.prepare('SELECT id, confirmed_at, unsubscribed_at FROM subscribers WHERE email = ?').get(email) as
    { id: number; confirmed_at: string | null; unsubscribed_at: string | null } | undefined;

describe.each(locales)('a pending address taken off the list, in %s', { timeout: 60_000 }, (locale) => {
  const confirmPath = localizePath(CONFIRM_PATH, locale);
  const { invalid, confirmed } = catalogues[locale].newsletterConfirm.outcomes;

  const signUp = async (app: TestApp, email: string) =>
    request(app)
      .post(`/api/subscribe?locale=${locale}`)
      .set(visitor())
      .send({ ...(await guardFields(app, 'newsletter')), email, attribution })
      .expect(202);

  /** The confirmation link of the `count`th e-mail the SMTP server received. */
  const confirmLink = async (smtp: MailServer, count: number) =>
    linkIn((await smtp.waitFor(count))[count - 1]!.parsed.text!, confirmPath)!;

  /** Opens a confirmation link and presses its page's button, as a reader does: the redirect and the page it shows. */
  async function press(app: TestApp, link: string) {
    const { pathname, searchParams } = new URL(link);
    const opened = await request(app).get(`${pathname}?${searchParams}`);
    expect(opened.status).toBe(200);
    const pressed = await request(app)
      .post(pathname)
      .type('form')
      .set(visitor())
      .send({ token: searchParams.get('token') });
    expect(pressed.status).toBe(303);
    const outcome = await request(app).get(pressed.headers.location!);
    expect(outcome.status).toBe(200);
    return { location: pressed.headers.location!, page: outcome.text };
  }

  /**
   * Signs an address up, takes it off the list with `remove`, presses the e-mail's link as its reader would,
   * then signs it up again. `suppressed`: whether the removal leaves a suppression, which the old link must not lift.
   */
  async function linkAfter(remove: (app: TestApp, email: string) => Promise<void>, suppressed = false) {
    const { app, smtp } = await mailingApp(cleanups, { TRUST_PROXY: '1' });
    const email = `reader-${locale}@example.com`;
    await signUp(app, email);
    const before = await confirmLink(smtp, 1);
    expect(await counted(app)).toEqual({ signup: 1, confirmed: 0 });

    await remove(app, email);
    const old = await press(app, before);
    const never = await press(app, `${TEST_SITE_URL}${confirmPath}?token=${'A'.repeat(43)}`);
    expect(old.location).toBe(`${confirmPath}?result=invalid`);
    expect(old.location).toBe(never.location);
    for (const { page } of [old, never]) {
      expect(page).toContain(`<html lang="${locale}">`);
      expect(page).toContain(escaped(invalid.title));
      expect(page).toContain(escaped(invalid.text));
      expect(page).not.toContain(escaped(confirmed.title));
    }
    expect(subscriberRow(app, email)?.confirmed_at ?? null).toBeNull();
    expect((await exportPersonalData(app.db, email)).suppressed).toBe(suppressed);
    expect(await counted(app)).toEqual({ signup: 1, confirmed: 0 });

    // Signing up again: once the hour since the last e-mail is over (at most one an hour), a new link
    // comes, the sign-up counts once more, and the new link confirms while the old one still does not.
    app.db.connection
      .prepare('UPDATE subscribers SET confirmation_sent_at = ? WHERE email = ?')
      .run(new Date(Date.now() - 2 * 3_600_000).toISOString(), email);
    await signUp(app, email);
    const after = await confirmLink(smtp, 2);
    expect(after).not.toBe(before);
    expect(await counted(app)).toEqual({ signup: 2, confirmed: 0 });
    expect((await press(app, before)).location).toBe(`${confirmPath}?result=invalid`);
    expect((await press(app, after)).location).toBe(`${confirmPath}?result=confirmed`);
    expect(subscriberRow(app, email)).toMatchObject({ confirmed_at: expect.any(String), unsubscribed_at: null });
    expect((await exportPersonalData(app.db, email)).suppressed).toBe(false);
    expect(await counted(app)).toEqual({ signup: 2, confirmed: 1 });
  }

  it("the console's removal: its e-mailed link answers as one that never worked and subscribes nothing; a new sign-up works", async () => {
    await linkAfter(async (app, email) => {
      await addAccount(app.db, 'ana@meridianlab.test');
      const staff = await sessionFor(app, 'ana@meridianlab.test');
      const { id } = subscriberRow(app, email)!;
      const removed = await consolePost(app, `/staff/subscribers/${id}/remove`, staff, { csrf: staff.csrf });
      expect([removed.status, removed.headers.location]).toEqual([303, `/staff/subscribers?removed=${id}`]);
      const list = await request(app).get(removed.headers.location!).set('Cookie', staff.cookie);
      expect(list.text).toContain(`${email} is unsubscribed.`);
      expect(list.text).not.toContain(`<td data-label="E-mail">${email}`);
    });
  });

  it('erasure (data erase): its e-mailed link answers as one that never worked and lifts no suppression; only a new sign-up confirmed does', async () => {
    await linkAfter(async (app, email) => {
      const erased = await npmRun('data', ['erase', email], app.config.dataDir);
      expect([erased.code, JSON.parse(erased.stdout).erased.subscriptions]).toEqual([0, 1]);
      expect(subscriberRow(app, email)).toBeUndefined();
    }, true);
  });

  it("a provider's complaint (newsletter complaint): its e-mailed link answers as one that never worked and subscribes nothing; a new sign-up works", async () => {
    await linkAfter(async (app, email) => {
      const reported = await npmRun('newsletter', ['complaint', email], app.config.dataDir);
      expect([reported.code, reported.stdout]).toEqual([0, `${email} is unsubscribed.\n`]);
    });
  });
});
