import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { TEST_SITE_URL } from '../support/helpers';
import { linkIn, mailingApp } from '../support/mailingApp';
import type { MailServer } from '../support/mailServer';
import { attribution, counted, reportOfToday } from '../support/newsletterConversions';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

// Behind one proxy hop, each request from an address of its own: the sign-up limit per client stays out of the way.
let client = 0;
const visitor = (userAgent = CHROME) => ({
  'X-Forwarded-For': `198.51.100.${++client}`,
  'User-Agent': userAgent,
  Origin: TEST_SITE_URL,
});

/** A sign-up as the blog's box sends it: with script (JSON), or without (a plain form post). */
async function signUp(app: TestApp, email: string, how: 'json' | 'form' = 'json', userAgent = CHROME) {
  const guard = await guardFields(app, 'newsletter');
  const post = request(app).post('/api/subscribe').set(visitor(userAgent));
  return how === 'form'
    ? post.type('form').send({ email, category: 'all', attribution, ...guard })
    : post.send({ email, attribution, ...guard });
}

/**
 * Everything the visitor gets but what differs whatever the address: the answer's time and id, and the client's
 * own rate limit (its key and what is left of it, which say nothing of the address).
 */
function answerOf(response: request.Response) {
  const headers = Object.entries(response.headers as Record<string, string>).filter(
    ([name]) => !['date', 'x-request-id', 'ratelimit', 'ratelimit-policy'].includes(name),
  );
  return { status: response.status, headers: Object.fromEntries(headers), body: response.text };
}

/** Presses the e-mail's confirm or unsubscribe button: the link's page posts its token. */
async function press(app: TestApp, link: string, userAgent = CHROME) {
  const { pathname, searchParams } = new URL(link);
  const response = await request(app)
    .post(pathname)
    .type('form')
    .set(visitor(userAgent))
    .send({ token: searchParams.get('token') });
  expect(response.status).toBe(303);
  return new URL(response.headers.location!, TEST_SITE_URL).searchParams.get('result');
}

const linkTo = async (smtp: MailServer, count: number, path: string) =>
  linkIn((await smtp.waitFor(count))[count - 1]!.parsed.text!, path)!;

describe('newsletter conversions', { timeout: 30_000 }, () => {
  it('count a sign-up once per address: a repeat while pending or confirmed is answered the same and not counted', async () => {
    const { app, smtp } = await mailingApp(cleanups, { TRUST_PROXY: '1' });
    const first = await signUp(app, 'reader@example.com');
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ status: 'pending' });
    expect(await counted(app)).toEqual({ signup: 1, confirmed: 0 });
    for (const repeat of ['reader@example.com', 'Reader@Example.COM']) {
      expect(answerOf(await signUp(app, repeat))).toEqual(answerOf(first));
      expect(await counted(app)).toEqual({ signup: 1, confirmed: 0 });
    }

    // Without script: the same redirect back to the box for a new address and for its repeat.
    const form = await signUp(app, 'other@example.com', 'form');
    expect(form.status).toBe(303);
    expect(answerOf(await signUp(app, 'other@example.com', 'form'))).toEqual(answerOf(form));
    expect(await counted(app)).toEqual({ signup: 2, confirmed: 0 });

    // Confirmed, the address signing up again is still answered the same, and still not a new sign-up.
    expect(await press(app, await linkTo(smtp, 1, '/newsletter/confirm'))).toBe('confirmed');
    expect(answerOf(await signUp(app, 'reader@example.com'))).toEqual(answerOf(first));
    expect(answerOf(await signUp(app, 'other@example.com', 'form'))).toEqual(answerOf(form));
    expect(await counted(app)).toEqual({ signup: 2, confirmed: 1 });
    expect(await smtp.waitFor(2)).toHaveLength(2);
  });

  it('count a confirmation once, however often its link is pressed', async () => {
    const { app, smtp } = await mailingApp(cleanups, { TRUST_PROXY: '1' });
    await signUp(app, 'twice@example.com');
    const confirm = await linkTo(smtp, 1, '/newsletter/confirm');
    // A double click: two presses at once confirm once.
    expect((await Promise.all([press(app, confirm), press(app, confirm)])).sort()).toEqual(['confirmed', 'invalid']);
    expect(await counted(app)).toEqual({ signup: 1, confirmed: 1 });
    // The link is spent: a later press confirms nothing more, and counts nothing more.
    expect(await press(app, confirm)).toBe('invalid');
    expect(await counted(app)).toEqual({ signup: 1, confirmed: 1 });
  });

  it('count an unsubscribed address that signs up again once more, with its new confirmation, and not its repeat', async () => {
    const { app, smtp } = await mailingApp(cleanups, { TRUST_PROXY: '1' });
    await signUp(app, 'back@example.com');
    expect(await press(app, await linkTo(smtp, 1, '/newsletter/confirm'))).toBe('confirmed');
    expect(await press(app, await linkTo(smtp, 1, '/newsletter/unsubscribe'))).toBe('unsubscribed');
    // Its first e-mail went two hours ago, so a new sign-up may have a new one (at most one an hour).
    app.db.connection
      .prepare('UPDATE subscribers SET confirmation_sent_at = ?')
      .run(new Date(Date.now() - 2 * 3_600_000).toISOString());

    const again = await signUp(app, 'back@example.com');
    expect(answerOf(again)).toEqual(answerOf(await signUp(app, 'back@example.com')));
    expect(await counted(app)).toEqual({ signup: 2, confirmed: 1 });
    expect(await press(app, await linkTo(smtp, 2, '/newsletter/confirm'))).toBe('confirmed');
    expect(await counted(app)).toEqual({ signup: 2, confirmed: 2 });
  });

  it('count no step of a bot’s way through the site: not its pages, its lead, its sign-up or its confirmation', async () => {
    const { app, smtp } = await mailingApp(cleanups, { TRUST_PROXY: '1' });
    const BOT =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36';
    const address = { 'X-Forwarded-For': '198.51.100.250', 'User-Agent': BOT, Origin: TEST_SITE_URL };
    const touch = { source: 'newsletter', medium: 'email', campaign: 'nov', referrer: '' };
    for (const page of ['/blog', '/contact'])
      await request(app)
        .post('/api/visits')
        .set({ ...address, 'Content-Type': 'text/plain;charset=UTF-8' })
        .send(JSON.stringify({ kind: 'view', page, device: 'desktop', touch }))
        .expect(204);
    await request(app)
      .post('/api/contact')
      .set(address)
      .send({
        ...(await guardFields(app, 'contact')),
        name: 'Robot Roberts',
        email: 'robot@example.com',
        message: 'Hello.',
        attribution,
      })
      .expect(201);
    expect((await signUp(app, 'robot@example.com', 'json', BOT)).status).toBe(202);
    // The team's e-mail of the lead and the confirmation e-mail, in either order.
    const confirm = (await smtp.waitFor(2))
      .map((mail) => linkIn(mail.parsed.text!, '/newsletter/confirm'))
      .find(Boolean);
    expect(await press(app, confirm!, BOT)).toBe('confirmed');

    expect(await counted(app)).toEqual({ signup: 0, confirmed: 0 });
    const { totals, funnel, conversions } = await reportOfToday(app);
    expect({ totals, funnel, conversions }).toEqual({
      totals: { views: 0, visitors: 0 },
      funnel: { landing: 0, contact: 0, lead: 0 },
      conversions: [],
    });
  });
});
