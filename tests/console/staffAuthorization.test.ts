import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedArticles } from '../../server/articles/seed';
import { createArticleStore } from '../../server/articles/store';
import { createAccountStore } from '../../server/console/accounts';
import { SIGN_IN_PATH, staffSignedIn } from '../../server/console/auth';
import type { Role } from '../../server/console/roles';
import { createSessionStore } from '../../server/console/sessions';
import { campaignStore } from '../../server/newsletter';
import { pageCacheKey } from '../../server/pages/cache';
import { pages } from '../../shared/routes';
import { TEST_SITE_URL, testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, insertLead, sessionFor, signIn } from '../support/staffHelpers';

/** The draft the tests write, after the twelve seed articles a fresh database starts with. */
const DRAFT = seedArticles.length + 1;

/** Every console page, export and action. Each must be closed without a live session. */
const GETS = [
  '/staff',
  '/staff/',
  '/staff/leads',
  '/staff/leads?status=new&q=Maria',
  '/staff/leads?owner=me&due=overdue',
  '/staff/leads.csv',
  '/staff/leads.json',
  '/staff/leads/1',
  '/staff/reports',
  '/staff/reports?by=article&from=2026-01-01&to=2026-12-31',
  '/staff/reports.csv?by=campaign',
  '/staff/reports.json',
  '/staff/reports/speed',
  '/staff/reports/speed?from=2026-12-31&to=2026-01-01',
  '/staff/reports/speed.csv?by=owner',
  '/staff/assignment',
  '/staff/calls',
  '/staff/calls?person=lucia@meridianlab.test&office=Bogota',
  '/staff/calls/1',
  '/staff/bookings/settings',
  '/staff/calendar',
  '/staff/subscribers',
  '/staff/subscribers.csv',
  '/staff/speed',
  '/staff/speed?metric=INP',
  '/staff/newsletter',
  '/staff/newsletter/1',
  '/staff/newsletter/1/preview/en.html',
  '/staff/newsletter/1/preview/es.txt',
  '/staff/newsletter/1/confirm',
  '/staff/analytics',
  '/staff/analytics?days=90&language=en&device=mobile',
  '/staff/analytics.csv',
  '/staff/analytics.csv?days=7',
  '/staff/articles',
  '/staff/articles?state=draft&language=es&q=robot',
  '/staff/articles/new',
  `/staff/articles/${DRAFT}`,
  `/staff/articles/${DRAFT}/preview`,
  `/staff/articles/${DRAFT}/revisions`,
  `/staff/articles/${DRAFT}/revisions?from=1&to=1`,
  `/staff/articles/${DRAFT}/card`,
  '/staff/articles/images',
  '/staff/articles/images/0123456789abcdef/state',
  '/staff/people',
  '/staff/people/1',
  '/staff/account',
  '/staff/second-step',
  '/staff/sessions',
  '/staff/audit',
  '/staff/audit?person=1&action=sign-in&from=2026-01-01&to=2026-12-31&page=2',
  '/staff/audit.csv',
  '/staff/quarantine',
  '/staff/form-checks',
  '/staff/outbox',
  '/staff/outbox?done=retry',
  '/staff/no-such-page',
  '/STAFF/leads',
];
const POSTS: [string, Record<string, string>][] = [
  ['/staff/leads/1/status', { from: 'new', to: 'contacted' }],
  ['/staff/leads/1/notes', { body: 'A note' }],
  ['/staff/leads/1/notes/1', { body: 'A changed note' }],
  ['/staff/leads/1/owner', { owner: 'ana@meridianlab.test' }],
  ['/staff/leads/1/step', { step: 'Call', due: '2030-01-01T09:00' }],
  ['/staff/assignment', { rule: 'round-robin' }],
  ['/staff/calls/1/cancel', { sequence: '0' }],
  ['/staff/calls/1/move', { sequence: '0', slot: '1' }],
  ['/staff/calls/1/outcome', { sequence: '0', outcome: 'held' }],
  ['/staff/bookings/settings', { durationMinutes: '45' }],
  ['/staff/calendar', { url: 'https://calendar.example/private.ics' }],
  ['/staff/subscribers/1/remove', {}],
  ['/staff/newsletter', {}],
  ['/staff/newsletter/1', { subject_en: 'Changed' }],
  ['/staff/newsletter/1/test', {}],
  ['/staff/newsletter/1/schedule', { at: '' }],
  ['/staff/newsletter/1/pause', {}],
  ['/staff/newsletter/1/resume', {}],
  ['/staff/newsletter/1/cancel', {}],
  ['/staff/sign-out', {}],
  ['/staff/no-such-action', {}],
  [
    '/staff/articles',
    {
      title: 'Secret',
      slug: 'secret',
      excerpt: 'x',
      category: 'research',
      author: 'x',
      date: '2026-01-01',
      body: 'x',
      locale: 'en',
    },
  ],
  [
    `/staff/articles/${DRAFT}`,
    {
      title: 'Changed',
      slug: 'changed',
      excerpt: 'x',
      category: 'research',
      author: 'x',
      date: '2026-01-01',
      body: 'x',
      locale: 'en',
    },
  ],
  [`/staff/articles/${DRAFT}/publish`, {}],
  [`/staff/articles/${DRAFT}/schedule`, { publishAt: '2030-01-01T09:00' }],
  [`/staff/articles/${DRAFT}/unpublish`, {}],
  [`/staff/articles/${DRAFT}/revisions/1/restore`, {}],
  [`/staff/articles/${DRAFT}/publish-changes`, {}],
  [`/staff/articles/${DRAFT}/discard-changes`, {}],
  [`/staff/articles/${DRAFT}/delete`, {}],
  ['/staff/articles/autosave', { title: 'Kept' }],
  [`/staff/articles/${DRAFT}/autosave`, { title: 'Kept' }],
  [`/staff/articles/${DRAFT}/autosave/discard`, {}],
  ['/staff/articles/images/0123456789abcdef', { 'alt-en': 'Changed' }],
  ['/staff/people/1', { name: 'Mallory', office: 'Miami', language_en: 'on', timeZone: '', role: 'sales' }],
  ['/staff/people/two-factor', { required: 'on' }],
  ['/staff/people/1/two-factor/reset', {}],
  ['/staff/account/two-factor', {}],
  ['/staff/account/two-factor/confirm', { code: '123456' }],
  ['/staff/account/two-factor/off', { code: '123456' }],
  ['/staff/second-step', { code: '123456' }],
  ['/staff/second-step/set-up', { code: '123456' }],
  [`/staff/sessions/${'0'.repeat(64)}/end`, {}],
  [`/staff/people/1/sessions/${'0'.repeat(64)}/end`, {}],
  ['/staff/people', { name: 'Mallory', email: 'mallory@evil.test', office: 'Miami', language_en: 'on', role: 'owner' }],
  ['/staff/people/1/invite', {}],
  ['/staff/check', { recheck_password: 'guess', recheck_next: '/staff/leads.csv', recheck_method: 'get' }],
  ['/staff/quarantine/1/deliver', {}],
  ['/staff/quarantine/1/delete', {}],
  ['/staff/form-checks', { threshold: '1' }],
  ['/staff/outbox/1/retry', {}],
  ['/staff/outbox/1/drop', {}],
];
/** The only console routes a pending session (password passed, second factor not yet) may reach (decision 071). */
const SECOND_STEP_ROUTES = ['/staff/second-step', '/staff/second-step/set-up', '/staff/sign-out'];
/**
 * The console's routes open without a session: the sign-in form and its post (tested in staffSignIn), "Forgot
 * password?" and the page of an invitation's or a reset's link (tested in staffPasswordLinks).
 */
const OPEN = new Set([SIGN_IN_PATH, '/staff/forgot', '/staff/password']);

// One proxy hop trusted: a post may name a client of its own (X-Forwarded-For).
const app = testApp({ TRUST_PROXY: '1' });
const COOKIE = '__Host-staff_session';
const SECRET_TEXTS = [
  'Booked Visitor',
  'Maria Gomez',
  'maria@acme.test',
  'reader@example.test',
  'We need a new website',
  'Campaign in the making',
  'autumn-secret-campaign',
  'An unpublished draft',
];
let accountId = 0;
let disabled = 0;

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  accountId = (await createAccountStore(app.db).find('ana@meridianlab.test'))!.id;
  insertLead(app.db);
  // Call 1, booked by a visitor of lead 1's kind: what only owners and sales may see.
  app.db.connection
    .prepare(
      `INSERT INTO bookings (uid, person_id, person_email, status, start_at, end_at, block_end_at, office, topic, locale,
         time_zone, name, email, company, created_at, updated_at)
       VALUES ('call@test', 1, 'ana@meridianlab.test', 'confirmed', '2030-01-07T15:00:00.000Z', '2030-01-07T15:30:00.000Z',
         '2030-01-07T15:40:00.000Z', 'Miami', 'other', 'en', 'America/New_York', 'Booked Visitor', 'booked@example.test',
         'Secret Co', '', '')`,
    )
    .run();
  // Once the seed is in (a page waits for it), the draft comes after it.
  await request(app).get('/robots.txt');
  await createArticleStore(app.db).create(
    {
      locale: 'en',
      slug: 'a-draft',
      title: 'An unpublished draft',
      excerpt: 'Not yet.',
      category: 'research',
      author: 'Ana',
      date: '2026-01-01',
      featured: false,
      image: '',
      imageAlt: '',
      body: 'Draft text.',
      authorId: null,
      seoTitle: '',
      seoDescription: '',
    },
    'ana@meridianlab.test',
  );
  app.db.connection
    .prepare(
      "INSERT INTO subscribers (email, created_at, confirmed_at, hard_bounces, bounced_at) VALUES ('reader@example.test', '2025-01-01T00:00:00Z', '2025-01-01T00:05:00Z', 1, '2025-02-01T00:00:00Z')",
    )
    .run();
  const text = { subject: 'Campaign in the making', preview: 'Soon', body: 'Words' };
  await campaignStore(app.db, app.config).create({ en: text, es: text }, 1);
  app.db.connection
    .prepare(
      `INSERT INTO daily_counts (day, series, label, device, count, buckets) VALUES (?, 'LCP', '/', 'mobile', 1, '{"-7":1}')`,
    )
    .run(new Date().toISOString().slice(0, 10));
  app.db.connection
    .prepare(
      "INSERT INTO daily_counts (day, series, label, device, count) VALUES (?, 'web.views.utm_campaign.en', 'autumn-secret-campaign', 'desktop', 3)",
    )
    .run(new Date().toISOString().slice(0, 10));
});
afterAll(() => app.db.close());

const sessions = () => createSessionStore(app.db);
const age = (token: string, column: 'last_seen_at' | 'created_at', minutes: number) =>
  app.db.connection
    .prepare(
      `UPDATE staff_sessions SET ${column} = ? WHERE account_id = ? AND id = (SELECT id FROM staff_sessions ORDER BY rowid DESC LIMIT 1)`,
    )
    .run(new Date(Date.now() - minutes * 60_000).toISOString(), accountId) && token;

/** The cookies a request may come with that must open nothing. */
const visitors: [string, () => Promise<string | undefined>][] = [
  ['no cookie', async () => undefined],
  ['a made-up token', async () => `${COOKIE}=${'A'.repeat(43)}`],
  [
    'a session idle for 31 minutes',
    async () => `${COOKIE}=${age(await sessions().create(accountId), 'last_seen_at', 31)}`,
  ],
  [
    'a session signed in 12 hours and 1 minute ago, though busy',
    async () => {
      const token = await sessions().create(accountId);
      age(token, 'created_at', 12 * 60 + 1);
      return `${COOKIE}=${token}`;
    },
  ],
  [
    'a session of an account disabled since',
    async () => {
      const email = `gone-${++disabled}@meridianlab.test`;
      await addAccount(app.db, email);
      const { cookie } = await sessionFor(app, email);
      await createAccountStore(app.db).disable(email);
      return cookie;
    },
  ],
  [
    'a session that signed out',
    async () => {
      const client = await sessionFor(app, 'ana@meridianlab.test');
      expect((await consolePost(app, '/staff/sign-out', client, { csrf: client.csrf })).status).toBe(303);
      return client.cookie;
    },
  ],
  [
    'the session cookie under the plain-HTTP name',
    async () => {
      const { cookie } = await sessionFor(app, 'ana@meridianlab.test');
      return cookie.replace(COOKIE, 'staff_session');
    },
  ],
];

function expectNoData(response: request.Response) {
  expect(response.status).toBe(303);
  // The sign-in page, saying the session ended, with the page asked for to return to.
  expect(response.headers.location).toMatch(
    /^\/staff\/sign-in(\?(expired=1)?&?(next=%2F[Ss][Tt][Aa][Ff][Ff][^&]*)?)?$/,
  );
  expect(response.headers['cache-control']).toBe('no-store, no-transform');
  for (const text of SECRET_TEXTS) expect(response.text).not.toContain(text);
  expect(response.headers['content-disposition']).toBeUndefined();
}

describe.each(visitors)('with %s', (_name, cookieFor) => {
  it('every console page and export answers 303 to the sign-in page with no data', async () => {
    const cookie = await cookieFor();
    for (const path of GETS) {
      const get = request(app).get(path);
      if (cookie) get.set('Cookie', cookie);
      const response = await get;
      expectNoData(response);
    }
  });

  it('every console action answers 303 to the sign-in page and changes nothing', async () => {
    const cookie = await cookieFor();
    // Each post from a client of its own: a session ended within the day keeps its forms, counted per client and
    // minute like every console post, and there are more actions than that limit.
    for (const [index, [path, fields]] of POSTS.entries()) {
      const post = request(app)
        .post(path)
        .type('form')
        .set('Origin', 'https://meridianlab.test')
        .set('X-Forwarded-For', `198.51.100.${index % 250}`);
      if (cookie) post.set('Cookie', cookie);
      expectNoData(await post.send(fields));
    }
    expectLeadUntouched();
    expect(app.db.connection.prepare('SELECT count(*) AS notes FROM lead_notes').get()).toEqual({ notes: 0 });
    expect(
      app.db.connection
        .prepare('SELECT state, title, (SELECT count(*) FROM articles) AS n FROM articles WHERE id = ?')
        .get(DRAFT),
    ).toEqual({
      state: 'draft',
      title: 'An unpublished draft',
      n: DRAFT,
    });
    expect(
      app.db.connection.prepare("SELECT unsubscribed_at FROM subscribers WHERE email = 'reader@example.test'").get(),
    ).toEqual({ unsubscribed_at: null });
    expectCampaignsUntouched();
  });
});

describe('a pending session, past the password but not the second factor', () => {
  const pendingSession = async () => {
    const token = await sessions().create(accountId, undefined, { pending: true });
    const cookie = `${COOKIE}=${token}`;
    const page = await request(app).get('/staff/second-step').set('Cookie', cookie);
    return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(page.text)![1]! };
  };
  const expectSentToSecondStep = (response: request.Response, what: string) => {
    expect(response.status, what).toBe(303);
    expect(response.headers.location, what).toMatch(/^\/staff\/second-step(\?next=%2Fstaff[^/]*)?$/);
    for (const text of SECRET_TEXTS) expect(response.text, what).not.toContain(text);
    expect(response.headers['content-disposition'], what).toBeUndefined();
  };

  it('is sent back to the second step from every other console page and export', async () => {
    const client = await pendingSession();
    for (const path of GETS.filter((path) => !SECOND_STEP_ROUTES.includes(path)))
      expectSentToSecondStep(await request(app).get(path).set('Cookie', client.cookie), path);
    expect((await request(app).get('/staff/second-step').set('Cookie', client.cookie)).status).toBe(200);
    // A cover of a draft, outside the console, is not shown to it either.
    expect(await staffSignedIn(app.db, TEST_SITE_URL)({ get: () => client.cookie } as never)).toBe(false);
  });

  it('is sent back to the second step from every other action, with its own token, and changes nothing', async () => {
    const client = await pendingSession();
    for (const [path, fields] of POSTS.filter(([path]) => !SECOND_STEP_ROUTES.includes(path)))
      expectSentToSecondStep(await consolePost(app, path, client, { ...fields, csrf: client.csrf }), path);
    expectLeadUntouched();
    expect(app.db.connection.prepare('SELECT count(*) AS notes FROM lead_notes').get()).toEqual({ notes: 0 });
    expect(app.db.connection.prepare('SELECT state FROM articles WHERE id = ?').get(DRAFT)).toEqual({ state: 'draft' });
    expect(app.db.connection.prepare('SELECT name, role FROM staff_accounts WHERE id = 1').get()).toEqual({
      name: '',
      role: 'owner',
    });
    expect(
      app.db.connection.prepare('SELECT count(*) AS n FROM staff_totp WHERE confirmed_at IS NOT NULL').get(),
    ).toEqual({ n: 0 });
    expect(
      app.db.connection.prepare("SELECT count(*) AS n FROM settings WHERE key = 'staff_two_factor_required'").get(),
    ).toEqual({ n: 0 });
    expectCampaignsUntouched();
    // It may still sign out.
    expect((await consolePost(app, '/staff/sign-out', client, { csrf: client.csrf })).headers.location).toBe(
      '/staff/sign-in?signedOut=1',
    );
  });
});

/** Campaign 1 is still the one draft, as written, and nothing of the newsletter is queued; nobody was invited. */
function expectCampaignsUntouched() {
  expect(app.db.connection.prepare("SELECT count(*) AS n FROM outbox WHERE kind = 'staff-link'").get()).toEqual({
    n: 0,
  });
  expect(
    app.db.connection.prepare("SELECT count(*) AS n FROM staff_accounts WHERE email LIKE 'mallory%'").get(),
  ).toEqual({
    n: 0,
  });
  expect(app.db.connection.prepare('SELECT id, status, subject_en FROM campaigns').all()).toEqual([
    { id: 1, status: 'draft', subject_en: 'Campaign in the making' },
  ]);
  expect(app.db.connection.prepare("SELECT count(*) AS n FROM outbox WHERE kind LIKE 'newsletter-%'").get()).toEqual({
    n: 0,
  });
}

describe('the lists of console pages and actions above', () => {
  it('name every console route the app has, so a new one cannot go untested', () => {
    const matcher = (pattern: string) =>
      new RegExp(
        `^${pattern
          .replace(/\./g, '\\.')
          .replace(/\{\*\w+\}/g, '.+')
          .replace(/:\w+/g, '[^/]+')}$`,
        'i',
      );
    const posted = POSTS.map(([path]) => path);
    const tried = { get: GETS, post: posted, all: [...GETS, ...posted] } as Record<string, string[]>;
    const untested = app
      .routes()
      .filter(({ pattern }) => /^\/staff(?:\/|$)/i.test(pattern) && !OPEN.has(pattern))
      .flatMap(({ pattern, methods }) =>
        methods
          .filter((method) => !(tried[method] ?? []).some((url) => matcher(pattern).test(url.split('?')[0]!)))
          .map((method) => `${method} ${pattern}`),
      );
    expect(untested).toEqual([]);
  });
});

describe('a live session', () => {
  it('opens every console page, and a dead cookie is cleared on the way to sign-in', async () => {
    const client = await signIn(app, 'ana@meridianlab.test');
    for (const path of GETS.filter((path) => !path.includes('no-such'))) {
      const response = await request(app).get(path).set('Cookie', client.cookie).redirects(0);
      expect([200, 303], path).toContain(response.status);
    }
    const dead = await request(app)
      .get('/staff/leads')
      .set('Cookie', `${COOKIE}=${'B'.repeat(43)}`);
    expect(dead.headers.location).toBe('/staff/sign-in?expired=1&next=%2Fstaff%2Fleads');
    expect(String(dead.headers['set-cookie'])).toContain(
      `${COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Secure; Max-Age=0`,
    );
  });

  it('is not touched by idle time under 30 minutes', async () => {
    const token = await sessions().create(accountId);
    age(token, 'last_seen_at', 29);
    expect((await request(app).get('/staff/leads').set('Cookie', `${COOKIE}=${token}`)).status).toBe(200);
  });
});

describe('state-changing requests', () => {
  it('are refused without the session’s CSRF token, or with another session’s', async () => {
    const client = await sessionFor(app, 'ana@meridianlab.test');
    const other = await sessionFor(app, 'ana@meridianlab.test');
    for (const [path, fields] of POSTS.filter(([path]) => !path.includes('no-such'))) {
      expect((await consolePost(app, path, client, fields)).status, path).toBe(403);
      expect((await consolePost(app, path, client, { ...fields, csrf: other.csrf })).status, path).toBe(403);
    }
    expectLeadUntouched();
    expectCampaignsUntouched();
  });

  it('are refused from another site, even with the right token (Origin and Sec-Fetch-Site)', async () => {
    const client = await sessionFor(app, 'ana@meridianlab.test');
    const foreign = await request(app)
      .post('/staff/leads/1/status')
      .type('form')
      .set('Cookie', client.cookie)
      .set('Origin', 'https://evil.example')
      .send({ csrf: client.csrf, from: 'new', to: 'spam' });
    expect(foreign.status).toBe(403);
    const crossSite = await request(app)
      .post('/staff/leads/1/status')
      .type('form')
      .set('Cookie', client.cookie)
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ csrf: client.csrf, from: 'new', to: 'spam' });
    expect(crossSite.status).toBe(403);
    expectLeadUntouched();
  });

  it('go through with the token from the console’s own origin', async () => {
    const client = await sessionFor(app, 'ana@meridianlab.test');
    const response = await consolePost(app, '/staff/leads/1/notes', client, { csrf: client.csrf, body: 'Called back' });
    expect(response.status).toBe(303);
    app.db.connection.prepare('DELETE FROM lead_notes').run();
  });
});

describe('kept out of caches and search engines', () => {
  it('is disallowed in robots.txt and never a page of the public page cache', async () => {
    expect((await request(app).get('/robots.txt')).text).toContain('Disallow: /staff\n');
    // At most the not-found page's key, which only the renderer's catch-all answers, after the console.
    for (const path of ['/staff', '/staff/leads', '/staff/sign-in']) {
      expect(pageCacheKey(path)).toBe('404 en NotFound');
    }
    expect(pages.some((page) => page.path.startsWith('/staff'))).toBe(false);
  });

  it('serves a signed-in page to its session only: the next visitor without one gets the redirect', async () => {
    const client = await sessionFor(app, 'ana@meridianlab.test');
    const signedIn = await request(app).get('/staff/leads').set('Cookie', client.cookie);
    expect(signedIn.text).toContain('Maria Gomez');
    expect(signedIn.headers['cache-control']).toBe('no-store, no-transform');
    expect(signedIn.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(signedIn.headers['content-security-policy']).toContain("script-src 'none'");
    expectNoData(await request(app).get('/staff/leads'));
  });
});

/**
 * Who may open what (decision 069), by the path's section: the policy the console's declarations must follow.
 * Everything else under /staff (home, sign-out, not found) is open to every role.
 */
const ALL_ROLES: readonly Role[] = ['owner', 'editor', 'sales'];
const POLICY: [RegExp, readonly Role[]][] = [
  [/^\/staff\/leads(?:[./]|$)/i, ['owner', 'sales']],
  [/^\/staff\/reports(?:[./]|$)/i, ['owner', 'sales']],
  [/^\/staff\/subscribers(?:[./]|$)/i, ['owner', 'editor']],
  [/^\/staff\/newsletter(?:[./]|$)/i, ['owner', 'editor']],
  [/^\/staff\/articles(?:[./]|$)/i, ['owner', 'editor']],
  [/^\/staff\/people(?:[./]|$)/i, ['owner']],
  [/^\/staff\/assignment(?:[./]|$)/i, ['owner']],
  [/^\/staff\/calls(?:[./]|$)/i, ['owner', 'sales']],
  [/^\/staff\/bookings(?:[./]|$)/i, ['owner']],
  [/^\/staff\/calendar(?:[./]|$)/i, ['owner', 'sales']],
  [/^\/staff\/audit(?:[./]|$)/i, ['owner']],
  [/^\/staff\/quarantine(?:[./]|$)/i, ['owner', 'sales']],
  [/^\/staff\/form-checks(?:[./]|$)/i, ['owner']],
  [/^\/staff\/(?:analytics|speed)(?:[./]|$)/i, ALL_ROLES],
  // Every role opens it; each failed message is for the owner and its kind's roles (tests/alerts/outboxConsole).
  [/^\/staff\/outbox(?:[./]|$)/i, ALL_ROLES],
];
const policyOf = (path: string) => POLICY.find(([prefix]) => prefix.test(path))?.[1] ?? ALL_ROLES;

describe('each role', () => {
  const clients = new Map<Role, StaffClient>();
  beforeAll(async () => {
    // One real sign-in per role; the test accounts' hashes are cheap (staffHelpers).
    for (const role of ALL_ROLES) {
      const email = `${role}@meridianlab.test`;
      await addAccount(app.db, email, undefined, { role, name: `The ${role}` });
      clients.set(role, await signIn(app, email));
    }
  });

  it('every console route of the live route table declares the roles it admits, as the policy says', () => {
    const declared = new Map(app.consoleRoles.map(({ pattern, roles }) => [pattern, roles]));
    const patterns = new Set(
      app
        .routes()
        .map(({ pattern }) => pattern)
        .filter((pattern) => /^\/staff(?:\/|$)/i.test(pattern) && !OPEN.has(pattern))
        // A path the console's own middleware is mounted at, as the walk lists it: the not-found answer's.
        .map((pattern) => pattern.replace(/(?:\/\{\*rest\})+$/, '/{*rest}')),
    );
    const undeclared = [...patterns].filter((pattern) => !declared.has(pattern));
    expect(undeclared).toEqual([]);
    for (const pattern of patterns)
      expect([...declared.get(pattern)!].sort(), pattern).toEqual([...policyOf(pattern)].sort());
  });

  it.each(ALL_ROLES)('%s opens what the role allows; anything else is 403 with no data', async (role) => {
    const client = clients.get(role)!;
    for (const path of GETS) {
      const response = await request(app).get(path).set('Cookie', client.cookie).redirects(0);
      if (policyOf(path.split('?')[0]!).includes(role)) {
        expect(response.status, `${role} ${path}`).not.toBe(403);
        expect(response.headers.location ?? '', `${role} ${path}`).not.toMatch(/sign-in/);
      } else {
        expect(response.status, `${role} ${path}`).toBe(403);
        expect(response.text).toContain('Not allowed');
        for (const text of SECRET_TEXTS) expect(response.text, `${role} ${path}`).not.toContain(text);
        expect(response.headers['content-disposition']).toBeUndefined();
      }
    }
  });

  it.each(ALL_ROLES)('%s may attempt only the actions the role allows; the rest change nothing', async (role) => {
    const client = clients.get(role)!;
    for (const [path, fields] of POSTS.filter(([path]) => path !== '/staff/sign-out')) {
      if (policyOf(path).includes(role)) {
        // Past the role check: the post reaches its section, which refuses it for its missing token.
        const response = await consolePost(app, path, client, fields);
        expect(response.status, `${role} ${path}`).toBe(path.includes('no-such') ? 404 : 403);
        expect(response.text, `${role} ${path}`).not.toContain('Not allowed');
      } else {
        const response = await consolePost(app, path, client, { ...fields, csrf: client.csrf });
        expect(response.status, `${role} ${path}`).toBe(403);
        expect(response.text, `${role} ${path}`).toContain('Not allowed');
      }
    }
    expectLeadUntouched();
    expect(app.db.connection.prepare('SELECT count(*) AS notes FROM lead_notes').get()).toEqual({ notes: 0 });
    expect(app.db.connection.prepare('SELECT state FROM articles WHERE id = ?').get(DRAFT)).toEqual({ state: 'draft' });
    expect(app.db.connection.prepare('SELECT name, role FROM staff_accounts WHERE id = 1').get()).toEqual({
      name: '',
      role: 'owner',
    });
    expectCampaignsUntouched();
  });

  it('shows in the header only the sections the role may open', async () => {
    const links = (html: string) => [...html.matchAll(/class="staff-nav__link" href="([^"]+)"/g)].map((m) => m[1]);
    const nav = async (role: Role) =>
      links((await request(app).get('/staff/speed').set('Cookie', clients.get(role)!.cookie)).text);
    expect(await nav('owner')).toEqual([
      '/staff/leads',
      '/staff/reports',
      '/staff/assignment',
      '/staff/calls',
      '/staff/bookings/settings',
      '/staff/calendar',
      '/staff/subscribers',
      '/staff/newsletter',
      '/staff/quarantine',
      '/staff/form-checks',
      '/staff/speed',
      '/staff/analytics',
      '/staff/articles',
      '/staff/outbox',
      '/staff/people',
      '/staff/audit',
    ]);
    expect(await nav('editor')).toEqual([
      '/staff/subscribers',
      '/staff/newsletter',
      '/staff/speed',
      '/staff/analytics',
      '/staff/articles',
      '/staff/outbox',
    ]);
    expect(await nav('sales')).toEqual([
      '/staff/leads',
      '/staff/reports',
      '/staff/calls',
      '/staff/calendar',
      '/staff/quarantine',
      '/staff/speed',
      '/staff/analytics',
      '/staff/outbox',
    ]);
    // Home, and the sign-in page once signed in, is the first section the role opens.
    const editor = clients.get('editor')!.cookie;
    expect((await request(app).get('/staff').set('Cookie', editor)).headers.location).toBe('/staff/subscribers');
    expect((await request(app).get(SIGN_IN_PATH).set('Cookie', editor)).headers.location).toBe('/staff/subscribers');
  });
});

/** Lead 1 is as it arrived: new, nobody's, no next step (decision 079). */
function expectLeadUntouched() {
  expect(app.db.connection.prepare('SELECT status, owner, next_step FROM leads WHERE id = 1').get()).toEqual({
    status: 'new',
    owner: '',
    next_step: '',
  });
}
