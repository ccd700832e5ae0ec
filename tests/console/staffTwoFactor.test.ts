import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { secretBox } from '../../server/console/twoFactor/secretBox';
import type { TestApp } from '../support/helpers';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, sessionCookieOf, sessionFor } from '../support/staffHelpers';
import { passPassword, recoveryCodesOf, secretOf, setUpTwoFactor, totpCode } from '../support/twoFactor';

const ANA = 'ana@meridianlab.test';
const BO = 'bo@meridianlab.test';
/** A fixed start, so each code's 30-second step is known; only Date is faked, timers run as usual. */
const START = Date.parse('2026-11-28T10:00:10Z');

let app: TestApp;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: START });
  app = testApp();
  await addAccount(app.db, ANA);
  await addAccount(app.db, BO, undefined, { role: 'sales', name: 'Bo' });
});
afterEach(() => {
  vi.useRealTimers();
  app.db.close();
});

/** Moves the clock on to the next 30-second step: a new code. */
const nextStep = () => vi.setSystemTime(Date.now() + 30_000);
const row = (sql: string, ...values: (string | number)[]) =>
  app.db.connection.prepare(sql).get(...values) as Record<string, unknown> | undefined;
const idOf = (email: string) => Number(row('SELECT id FROM staff_accounts WHERE email = ?', email)!.id);

/** The second step's post with what a person typed. */
const enter = (client: StaffClient, code: string) =>
  consolePost(app, '/staff/second-step', client, { csrf: client.csrf, code });

describe('setting up TOTP from the account page', () => {
  it('shows a server-drawn QR code with the secret as text, and turns on only with a valid first code', async () => {
    const ana = await sessionFor(app, ANA);
    expect((await request(app).get('/staff/account').set('Cookie', ana.cookie)).text).toContain(
      'Two-factor sign-in is off',
    );
    const started = await consolePost(app, '/staff/account/two-factor', ana, { csrf: ana.csrf });
    expect(started.status).toBe(200);
    expect(started.text).toMatch(/<img[^>]+src="data:image\/svg\+xml;base64,[^"]+"[^>]+alt="QR code/);
    const secret = secretOf(started.text);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The QR code holds the otpauth address of that same secret.
    const svg = Buffer.from(/data:image\/svg\+xml;base64,([^"]+)"/.exec(started.text)![1]!, 'base64').toString();
    expect(svg).toContain('<svg');

    const wrong = await consolePost(app, '/staff/account/two-factor/confirm', ana, { csrf: ana.csrf, code: '000000' });
    expect(wrong.status).toBe(400);
    expect(secretOf(wrong.text)).toBe(secret);
    expect(row('SELECT confirmed_at FROM staff_totp WHERE account_id = ?', idOf(ANA))).toEqual({ confirmed_at: null });

    const right = await consolePost(app, '/staff/account/two-factor/confirm', ana, {
      csrf: ana.csrf,
      code: totpCode(secret),
    });
    expect(right.status).toBe(200);
    const codes = recoveryCodesOf(right.text);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Kept only as hashes: no code is in the database.
    const stored = JSON.stringify(app.db.connection.prepare('SELECT * FROM staff_recovery_codes').all());
    for (const code of codes) expect(stored).not.toContain(code);
    expect(row('SELECT count(*) AS n FROM staff_recovery_codes WHERE account_id = ?', idOf(ANA))).toEqual({ n: 10 });
    expect((await request(app).get('/staff/account').set('Cookie', ana.cookie)).text).toContain(
      'Recovery codes left: 10',
    );
  });
});

describe('signing in with two factors', () => {
  it('passes the password into a pending session that a right code turns into a whole new one', async () => {
    const { secret } = await setUpTwoFactor(app, await sessionFor(app, ANA));
    nextStep();
    const pending = await passPassword(app, ANA);
    expect(pending.location).toBe('/staff/second-step');
    // The page asked for waits behind the second step.
    expect((await request(app).get('/staff/leads').set('Cookie', pending.cookie)).headers.location).toBe(
      '/staff/second-step?next=%2Fstaff%2Fleads',
    );
    expect((await enter(pending, '123456')).status).toBe(401);
    const passed = await enter(pending, totpCode(secret));
    expect(passed.status).toBe(303);
    expect(passed.headers.location).toBe('/staff/leads');
    const whole = sessionCookieOf(passed);
    // Signed in with both factors, the person lands on the page they asked for, as a sign-in without them does.
    const again = await passPassword(app, ANA, '/staff/subscribers');
    expect(again.location).toBe('/staff/second-step?next=%2Fstaff%2Fsubscribers');
    nextStep();
    const landed = await consolePost(app, again.location, again, { csrf: again.csrf, code: totpCode(secret) });
    expect(landed.headers.location).toBe('/staff/subscribers');
    expect(whole).not.toBe(pending.cookie);
    expect((await request(app).get('/staff/leads').set('Cookie', whole)).status).toBe(200);
    // The token that passed only the password opens nothing now.
    expect((await request(app).get('/staff/leads').set('Cookie', pending.cookie)).headers.location).toBe(
      '/staff/sign-in?expired=1&next=%2Fstaff%2Fleads',
    );
  });

  it('refuses a code already used in its time step, even from another sign-in', async () => {
    const { secret } = await setUpTwoFactor(app, await sessionFor(app, ANA));
    nextStep();
    const code = totpCode(secret);
    const first = await passPassword(app, ANA);
    expect((await enter(first, code)).status).toBe(303);
    const second = await passPassword(app, ANA);
    const replayed = await enter(second, code);
    expect(replayed.status).toBe(401);
    expect(replayed.text).toContain('already used');
    nextStep();
    expect((await enter(second, totpCode(secret))).status).toBe(303);
  });

  it('locks the second step for 15 minutes after five wrong codes, whatever comes next', async () => {
    const { secret } = await setUpTwoFactor(app, await sessionFor(app, ANA));
    const pending = await passPassword(app, ANA);
    for (let attempt = 1; attempt <= 5; attempt++) expect((await enter(pending, '000000')).status).toBe(401);
    nextStep();
    const locked = await enter(pending, totpCode(secret));
    expect(locked.status).toBe(429);
    expect(locked.text).toContain('locked for 15 minutes');
    // From another client and another sign-in alike: the password is known to whoever guesses.
    const other = await passPassword(app, ANA);
    expect((await enter(other, totpCode(secret))).status).toBe(429);
    vi.setSystemTime(Date.now() + 14 * 60_000);
    expect((await enter(other, totpCode(secret))).status).toBe(429);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await enter(other, totpCode(secret))).status).toBe(303);
  });

  it('takes each recovery code once', async () => {
    const { codes } = await setUpTwoFactor(app, await sessionFor(app, ANA));
    const pending = await passPassword(app, ANA);
    const used = await enter(pending, codes[3]!.toUpperCase());
    expect(used.status).toBe(303);
    expect(used.headers.location).toBe('/staff/account?saved=recovery');
    const again = await passPassword(app, ANA);
    expect((await enter(again, codes[3]!)).status).toBe(401);
    const page = await request(app).get('/staff/account').set('Cookie', sessionCookieOf(used));
    expect(page.text).toContain('Recovery codes left: 9');
  });

  it('keeps a sign-in without two factors whole when no one requires them', async () => {
    const bo = await passPassword(app, BO);
    expect(bo.location).toBe('/staff/leads');
    expect((await request(app).get('/staff/leads').set('Cookie', bo.cookie)).status).toBe(200);
  });
});

describe('two factors required for everyone', () => {
  it('makes a person without them set them up at their next sign-in, before anything else', async () => {
    const owner = await sessionFor(app, ANA);
    const saved = await consolePost(app, '/staff/people/two-factor', owner, { csrf: owner.csrf, required: 'on' });
    expect(saved.headers.location).toBe('/staff/people?saved=required');
    const pending = await passPassword(app, BO);
    expect(pending.location).toBe('/staff/second-step');
    // The page asked for waits behind the second step.
    expect((await request(app).get('/staff/leads').set('Cookie', pending.cookie)).headers.location).toBe(
      '/staff/second-step?next=%2Fstaff%2Fleads',
    );
    const page = await request(app).get('/staff/second-step').set('Cookie', pending.cookie);
    expect(page.text).toContain('requires two factors for everyone');
    const secret = secretOf(page.text);
    expect(
      (await consolePost(app, '/staff/second-step/set-up', pending, { csrf: pending.csrf, code: '1' })).status,
    ).toBe(400);
    const done = await consolePost(app, '/staff/second-step/set-up', pending, {
      csrf: pending.csrf,
      code: totpCode(secret),
    });
    expect(done.status).toBe(200);
    expect(recoveryCodesOf(done.text)).toHaveLength(10);
    expect((await request(app).get('/staff/leads').set('Cookie', sessionCookieOf(done))).status).toBe(200);
    // Owners see who has them; turning them off is refused while they are required.
    expect((await request(app).get('/staff/people').set('Cookie', owner.cookie)).text).toMatch(
      /data-label="Two factors">On</,
    );
    const bo = { cookie: sessionCookieOf(done), csrf: /name="csrf" value="([^"]+)"/.exec(done.text)![1]! };
    nextStep();
    const off = await consolePost(app, '/staff/account/two-factor/off', bo, { csrf: bo.csrf, code: totpCode(secret) });
    expect(off.status).toBe(409);
    expect(row('SELECT count(*) AS n FROM staff_totp WHERE confirmed_at IS NOT NULL')).toEqual({ n: 1 });
  });
});

describe('turning two factors off', () => {
  it('takes a current code from the person, and nothing from anyone else', async () => {
    const ana = await sessionFor(app, ANA);
    const { secret } = await setUpTwoFactor(app, ana);
    nextStep();
    const wrong = await consolePost(app, '/staff/account/two-factor/off', ana, { csrf: ana.csrf, code: '999999' });
    expect(wrong.status).toBe(401);
    expect(row('SELECT count(*) AS n FROM staff_totp')).toEqual({ n: 1 });
    const off = await consolePost(app, '/staff/account/two-factor/off', ana, {
      csrf: ana.csrf,
      code: totpCode(secret),
    });
    expect(off.headers.location).toBe('/staff/account?saved=off');
    expect(row('SELECT count(*) AS n FROM staff_totp')).toEqual({ n: 0 });
    expect(row('SELECT count(*) AS n FROM staff_recovery_codes')).toEqual({ n: 0 });
  });

  it('lets an owner reset another person’s, never their own that way', async () => {
    const bo = await sessionFor(app, BO);
    await setUpTwoFactor(app, bo);
    const owner = await sessionFor(app, ANA);
    await setUpTwoFactor(app, owner);
    const own = await consolePost(app, `/staff/people/${idOf(ANA)}/two-factor/reset`, owner, { csrf: owner.csrf });
    expect(own.status).toBe(409);
    const reset = await consolePost(app, `/staff/people/${idOf(BO)}/two-factor/reset`, owner, { csrf: owner.csrf });
    expect(reset.headers.location).toBe(`/staff/people/${idOf(BO)}?saved=reset`);
    expect(row('SELECT count(*) AS n FROM staff_totp WHERE account_id = ?', idOf(BO))).toEqual({ n: 0 });
    expect(row('SELECT count(*) AS n FROM staff_recovery_codes WHERE account_id = ?', idOf(BO))).toEqual({ n: 0 });
    expect(row('SELECT count(*) AS n FROM staff_totp WHERE account_id = ?', idOf(ANA))).toEqual({ n: 1 });
    expect((await passPassword(app, BO)).location).toBe('/staff/leads');
    // Sales cannot reset anyone (the People section is the owners').
    const sales = await sessionFor(app, BO);
    const refused = await consolePost(app, `/staff/people/${idOf(ANA)}/two-factor/reset`, sales, { csrf: sales.csrf });
    expect(refused.status).toBe(403);
  });
});

describe('the secret at rest', () => {
  it('is sealed with the site’s ANALYTICS_KEY when it is set, and still signs in', async () => {
    const keyed = testApp({ ANALYTICS_KEY: 'a-key-for-this-test-'.padEnd(64, 'k') });
    try {
      await addAccount(keyed.db, ANA);
      const client = await sessionFor(keyed, ANA);
      const started = await consolePost(keyed, '/staff/account/two-factor', client, { csrf: client.csrf });
      const secret = secretOf(started.text);
      const stored = String(
        (keyed.db.connection.prepare('SELECT secret FROM staff_totp').get() as { secret: string }).secret,
      );
      expect(stored).toMatch(/^sealed:/);
      expect(stored).not.toContain(secret);
      const confirmed = await consolePost(keyed, '/staff/account/two-factor/confirm', client, {
        csrf: client.csrf,
        code: totpCode(secret),
      });
      expect(confirmed.status).toBe(200);
    } finally {
      keyed.db.close();
    }
  });

  it('opens only under its key and for its own account', () => {
    const box = secretBox('one key of at least thirty-two bytes');
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 7);
    expect(box.open(sealed, 7)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 8)).toBeUndefined();
    expect(secretBox('another key of at least thirty-two bytes').open(sealed, 7)).toBeUndefined();
    // Without the setting, kept as it is and marked so.
    expect(secretBox(undefined).seal('JBSWY3DPEHPK3PXP', 7)).toBe('plain:JBSWY3DPEHPK3PXP');
  });
});
