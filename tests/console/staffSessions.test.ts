import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAccountStore } from '../../server/console/accounts';
import { deviceOf } from '../../server/console/devices';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, sessionCookieOf, STAFF_PASSWORD } from '../support/staffHelpers';

const app = testApp({ TRUST_PROXY: '1' });
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
let clients = 0;

/** A real sign-in from a browser with this user agent. */
async function signInWith(email: string, userAgent: string): Promise<StaffClient & { id: string }> {
  const response = await request(app)
    .post('/staff/sign-in')
    .type('form')
    .set('User-Agent', userAgent)
    .set('X-Forwarded-For', `198.51.100.${++clients}`)
    .send({ email, password: STAFF_PASSWORD });
  const cookie = sessionCookieOf(response);
  const page = await request(app).get('/staff/sessions').set('Cookie', cookie);
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!;
  const accountId = (await createAccountStore(app.db).find(email))!.id;
  const ids = app.db.connection
    .prepare('SELECT id FROM staff_sessions WHERE account_id = ? ORDER BY created_at DESC, rowid DESC')
    .all(accountId) as { id: string }[];
  return { cookie, csrf, id: ids[0]!.id };
}
const opens = async (client: StaffClient) =>
  (await request(app).get('/staff/sessions').set('Cookie', client.cookie)).status === 200;

beforeAll(async () => {
  await addAccount(app.db, 'olga@meridianlab.test', undefined, { role: 'owner', name: 'Olga Owner' });
  await addAccount(app.db, 'sam@meridianlab.test', undefined, { role: 'sales', name: 'Sam Sales' });
});
afterAll(() => app.db.close());

describe('a person’s sessions', () => {
  it('lists their live sessions by device and browser, with when they signed in and were last seen, and no address', async () => {
    const laptop = await signInWith('sam@meridianlab.test', FIREFOX_WINDOWS);
    await signInWith('sam@meridianlab.test', SAFARI_IPHONE);
    const page = await request(app).get('/staff/sessions').set('Cookie', laptop.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('2 live sessions');
    expect(page.text).toContain('Firefox on a Windows computer');
    expect(page.text).toContain('Safari on an iPhone');
    expect(page.text).toContain('This session');
    expect(page.text).not.toContain('198.51.100.');
    expect(page.text).toMatch(/<time dateTime="\d{4}-/);
  });

  it('ends another of their sessions, which then opens nothing; ending this one signs out', async () => {
    const laptop = await signInWith('sam@meridianlab.test', FIREFOX_WINDOWS);
    const phone = await signInWith('sam@meridianlab.test', SAFARI_IPHONE);
    const ended = await consolePost(app, `/staff/sessions/${phone.id}/end`, laptop, { csrf: laptop.csrf });
    expect(ended.headers.location).toBe('/staff/sessions?done=ended');
    expect(await opens(phone)).toBe(false);
    expect(await opens(laptop)).toBe(true);
    const own = await consolePost(app, `/staff/sessions/${laptop.id}/end`, laptop, { csrf: laptop.csrf });
    expect(own.headers.location).toBe('/staff/sign-in?signedOut=1');
    expect(await opens(laptop)).toBe(false);
  });

  it('cannot end someone else’s session from their own list', async () => {
    const sam = await signInWith('sam@meridianlab.test', FIREFOX_WINDOWS);
    const olga = await signInWith('olga@meridianlab.test', FIREFOX_WINDOWS);
    const refused = await consolePost(app, `/staff/sessions/${olga.id}/end`, sam, { csrf: sam.csrf });
    expect(refused.headers.location).toBe('/staff/sessions');
    expect(await opens(olga)).toBe(true);
    for (const id of ['not-a-session', 'A'.repeat(64)])
      expect((await consolePost(app, `/staff/sessions/${id}/end`, sam, { csrf: sam.csrf })).status).toBe(303);
  });

  it('are listed on the person’s page for an owner, who can end any of them', async () => {
    const sam = await signInWith('sam@meridianlab.test', SAFARI_IPHONE);
    const olga = await signInWith('olga@meridianlab.test', FIREFOX_WINDOWS);
    const samId = (await createAccountStore(app.db).find('sam@meridianlab.test'))!.id;
    const page = await request(app).get(`/staff/people/${samId}`).set('Cookie', olga.cookie);
    expect(page.text).toContain('Safari on an iPhone');
    expect(page.text).toContain(`/staff/people/${samId}/sessions/${sam.id}/end`);
    const ended = await consolePost(app, `/staff/people/${samId}/sessions/${sam.id}/end`, olga, { csrf: olga.csrf });
    expect(ended.headers.location).toBe(`/staff/people/${samId}?saved=ended`);
    expect(await opens(sam)).toBe(false);
    // Sales opens no person's page, so ends nobody's session.
    const other = await signInWith('sam@meridianlab.test', SAFARI_IPHONE);
    const olgaId = (await createAccountStore(app.db).find('olga@meridianlab.test'))!.id;
    const refused = await consolePost(app, `/staff/people/${olgaId}/sessions/${olga.id}/end`, other, {
      csrf: other.csrf,
    });
    expect(refused.status).toBe(403);
    expect(await opens(olga)).toBe(true);
  });
});

describe('an ended session', () => {
  it('stays a day after its end, with its user agent, then goes at the next sign-in', async () => {
    const old = await signInWith('sam@meridianlab.test', FIREFOX_WINDOWS);
    const stored = () => app.db.connection.prepare('SELECT user_agent FROM staff_sessions WHERE id = ?').get(old.id);
    const endedAgo = (hours: number) =>
      app.db.connection
        .prepare('UPDATE staff_sessions SET ended_at = ? WHERE id = ?')
        .run(new Date(Date.now() - hours * 3_600_000).toISOString(), old.id);
    endedAgo(23);
    await signInWith('olga@meridianlab.test', SAFARI_IPHONE);
    expect(stored()).toEqual({ user_agent: FIREFOX_WINDOWS });
    endedAgo(25);
    await signInWith('olga@meridianlab.test', SAFARI_IPHONE);
    expect(stored()).toBeUndefined();
  });
});

describe('a device and browser from a user agent', () => {
  it.each([
    [FIREFOX_WINDOWS, 'Firefox on a Windows computer'],
    [SAFARI_IPHONE, 'Safari on an iPhone'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on a Mac',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on an Android phone',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on a Linux computer',
    ],
    ['curl/8.5.0', 'An unknown browser'],
    ['', 'An unknown browser'],
  ])('%s is "%s"', (userAgent, expected) => {
    expect(deviceOf(userAgent)).toBe(expected);
  });
});
