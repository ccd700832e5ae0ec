import type * as nodeCrypto from 'node:crypto';
import { createHash } from 'node:crypto';

import request from 'supertest';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { createApp } from '../../server/app';
import { createAccountStore } from '../../server/console/accounts';
import { admitSignIn, hashPassword, SCRYPT_PARAMS } from '../../server/console/passwords';
import { createLogger } from '../../server/http/logger';
import { engines } from '../support/engines';
import type { TestApp } from '../support/helpers';
import { cspSources, executableInlineScripts, testApp, testConfig } from '../support/helpers';
import { mailingApp } from '../support/mailingApp';
import { addAccount, consolePost, sessionCookieOf, sessionFor, STAFF_PASSWORD } from '../support/staffHelpers';

/** Each scrypt the server runs, by what its work depends on: the dummy hash's test compares them. */
const scrypts = vi.hoisted(
  () =>
    [] as { passwordBytes: number; saltBytes: number; keyLength: number; cost: { N: number; r: number; p: number } }[],
);
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof nodeCrypto>();
  const scrypt = ((...args: Parameters<typeof crypto.scrypt>) => {
    const [password, salt, keyLength, options] = args as unknown as [string, Buffer, number, nodeCrypto.ScryptOptions];
    scrypts.push({
      passwordBytes: Buffer.byteLength(password),
      saltBytes: salt.length,
      keyLength,
      cost: { N: options.N!, r: options.r!, p: options.p! },
    });
    return crypto.scrypt(...args);
  }) as typeof crypto.scrypt;
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});

const apps: TestApp[] = [];
/** A fresh app per test: the throttle and the rate limit count per client address, and every test here comes from one. */
function freshApp(env: NodeJS.ProcessEnv = {}) {
  const logger = createLogger({ logLevel: 'info' });
  const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
  const app = testApp(env, { logger });
  apps.push(app);
  return { app, info };
}
afterAll(() => apps.forEach((app) => app.db.close()));

const signIn = (app: TestApp, email: string, password: string, cookie?: string) => {
  const post = request(app).post('/staff/sign-in').type('form');
  if (cookie) post.set('Cookie', cookie);
  return post.send({ email, password });
};

describe('GET /staff/sign-in', () => {
  it('is a no-store, noindex page with no script at all and no style attribute, under the site’s CSP', async () => {
    const { app } = freshApp();
    const response = await request(app).get('/staff/sign-in');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store, no-transform');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    // The console sends no script, so its policy allows none (the public pages' policy allows the client entry).
    expect(cspSources(response.headers['content-security-policy']!, 'script-src')).toEqual(["'none'"]);
    expect(response.text).toMatch(/<form [^>]*action="\/staff\/sign-in" method="post">/);
    expect(response.text).not.toMatch(/<script/i);
    expect(executableInlineScripts(response.text)).toEqual([]);
    expect(response.text).not.toMatch(/\sstyle=/i);
  });
});

describe('POST /staff/sign-in', () => {
  it('starts a server-side session in a __Host- cookie: Secure, HttpOnly, SameSite=Strict, Path=/, no Domain', async () => {
    const { app } = freshApp();
    await addAccount(app.db, 'ana@meridianlab.test');
    const response = await signIn(app, 'Ana@MeridianLab.test', STAFF_PASSWORD);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/staff/leads');
    const [setCookie] = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(setCookie).toMatch(
      /^__Host-staff_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure; Max-Age=43200$/,
    );
    const token = /=([^;]+)/.exec(setCookie!)![1]!;
    // Only the token's hash is stored: a copy of the database opens no session.
    const stored = app.db.connection.prepare('SELECT id FROM staff_sessions').all() as { id: string }[];
    expect(stored).toEqual([{ id: createHash('sha256').update(token).digest('hex') }]);
  });

  it('over plain HTTP uses a cookie without the __Host- prefix, which browsers would refuse without Secure', async () => {
    const { app } = freshApp({ SITE_URL: 'http://localhost:3000' });
    await addAccount(app.db, 'ana@meridianlab.test');
    const response = await request(app)
      .post('/staff/sign-in')
      .type('form')
      .send({ email: 'ana@meridianlab.test', password: STAFF_PASSWORD });
    expect(String(response.headers['set-cookie'])).toMatch(
      /^staff_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/,
    );
  });

  it('rotates the session: a cookie held before sign-in is ended, the new one differs', async () => {
    const { app } = freshApp();
    await addAccount(app.db, 'ana@meridianlab.test');
    const before = await sessionFor(app, 'ana@meridianlab.test');
    const response = await signIn(app, 'ana@meridianlab.test', STAFF_PASSWORD, before.cookie);
    const after = sessionCookieOf(response);
    expect(after).not.toBe(before.cookie);
    expect((await request(app).get('/staff/leads').set('Cookie', before.cookie)).status).toBe(303);
    expect((await request(app).get('/staff/leads').set('Cookie', after)).status).toBe(200);
  });

  it(
    'answers an unknown address and a wrong password alike, and a disabled account too',
    { timeout: 60_000 },
    async () => {
      const { app } = freshApp();
      await addAccount(app.db, 'ana@meridianlab.test');
      await addAccount(app.db, 'old@meridianlab.test');
      await createAccountStore(app.db).disable('old@meridianlab.test');
      const answers = await Promise.all([
        signIn(app, 'ana@meridianlab.test', 'not-the-password-at-all'),
        signIn(app, 'nobody@meridianlab.test', 'not-the-password-at-all'),
        signIn(app, 'old@meridianlab.test', STAFF_PASSWORD),
      ]);
      const normalised = answers.map((response) => ({
        status: response.status,
        cookie: response.headers['set-cookie'],
        text: response.text.replace(/value="[^"]*@meridianlab\.test"/, 'value="…"'),
      }));
      expect(normalised[0]!.status).toBe(401);
      expect(normalised[0]!.text).toContain('The e-mail address or password is not right.');
      expect(normalised[1]).toEqual(normalised[0]);
      expect(normalised[2]).toEqual(normalised[0]);
      // What was typed is kept, never the password.
      expect(answers[0]!.text).toContain('value="ana@meridianlab.test"');
      expect(answers[0]!.text).not.toContain('not-the-password-at-all');
    },
  );

  it('checks an unknown address against a dummy hash of the same cost as a wrong password’s', async () => {
    const { app } = freshApp();
    await createAccountStore(app.db).add('ana@meridianlab.test', await hashPassword(STAFF_PASSWORD));
    const work = async (email: string) => {
      app.db.connection.prepare('DELETE FROM staff_sign_in_attempts').run(); // the password check, not the backoff
      scrypts.length = 0;
      expect((await signIn(app, email, 'not-the-password-at-all')).status).toBe(401);
      return [...scrypts];
    };
    const wrong = await work('ana@meridianlab.test');
    // One scrypt at the production cost: N, r, p and the sizes of key, salt and password are all its work depends on.
    expect(wrong).toEqual([
      {
        passwordBytes: 'not-the-password-at-all'.length,
        saltBytes: 16,
        keyLength: SCRYPT_PARAMS.keyLength,
        cost: { N: SCRYPT_PARAMS.N, r: SCRYPT_PARAMS.r, p: SCRYPT_PARAMS.p },
      },
    ]);
    // Without the dummy hash an unknown address would run none and answer a thousand times sooner. The two
    // answers' times are measured by `npm run bench -- --only=timings`.
    expect(await work('nobody@meridianlab.test')).toEqual(wrong);
  }, 60_000);

  it('logs every attempt with its outcome and address, never the password', { timeout: 60_000 }, async () => {
    const { app, info } = freshApp();
    await addAccount(app.db, 'ana@meridianlab.test');
    await signIn(app, 'ana@meridianlab.test', 'wrong-password-123');
    await signIn(app, 'nobody@meridianlab.test', 'wrong-password-456');
    await signIn(app, 'ana@meridianlab.test', STAFF_PASSWORD);
    const attempts = info.mock.calls
      .map(([fields]) => fields as Record<string, unknown>)
      .filter((fields) => fields.event === 'staff sign-in');
    expect(attempts.map(({ outcome, email }) => ({ outcome, email }))).toEqual([
      { outcome: 'wrong', email: 'ana@meridianlab.test' },
      { outcome: 'wrong', email: 'nobody@meridianlab.test' },
      { outcome: 'success', email: 'ana@meridianlab.test' },
    ]);
    const logged = JSON.stringify(info.mock.calls);
    for (const password of ['wrong-password-123', 'wrong-password-456', STAFF_PASSWORD])
      expect(logged).not.toContain(password);
  });

  it('slows an address down after 3 failures, known or not, with the same answer', async () => {
    const { app } = freshApp();
    await addAccount(app.db, 'ana@meridianlab.test');
    for (const email of ['ana@meridianlab.test', 'nobody@meridianlab.test']) {
      app.db.connection.prepare('DELETE FROM staff_sign_in_attempts').run();
      for (let i = 0; i < 3; i++) expect((await signIn(app, email, 'wrong-password-123')).status).toBe(401);
      // Even the right password waits: the backoff is checked before the password.
      const throttled = await signIn(app, email, STAFF_PASSWORD);
      expect(throttled.status).toBe(429);
      expect(throttled.headers['retry-after']).toBe('1');
      expect(throttled.text).toContain('Too many failed attempts. Try again in 1 second.');
    }
  }, 60_000);

  it('signs in both of two right attempts at once after two wrong ones (a double click), the second after the first', async () => {
    const { app } = freshApp();
    await addAccount(app.db, 'ana@meridianlab.test');
    for (let i = 0; i < 2; i++)
      expect((await signIn(app, 'ana@meridianlab.test', 'wrong-password-123')).status).toBe(401);
    // The first counts as a third failure until its password is checked: the second waits for that answer.
    const answers = await Promise.all([1, 2].map(() => signIn(app, 'ana@meridianlab.test', STAFF_PASSWORD)));
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect(answers.map((answer) => sessionCookieOf(answer))).toEqual([expect.any(String), expect.any(String)]);
  }, 60_000);

  it('slows a client down after 3 failures, whatever addresses it tries', async () => {
    const { app } = freshApp();
    await addAccount(app.db, 'ana@meridianlab.test');
    for (let i = 0; i < 3; i++) await signIn(app, `guess-${i}@meridianlab.test`, 'wrong-password-123');
    expect((await signIn(app, 'ana@meridianlab.test', STAFF_PASSWORD)).status).toBe(429);
  }, 60_000);

  it('locks an address for the client that typed 10 wrong passwords in a row, for 30 minutes; the owner elsewhere signs in', async () => {
    const { app } = freshApp({ TRUST_PROXY: '1' });
    await addAccount(app.db, 'ana@meridianlab.test');
    const from = (client: string, email: string, password: string) =>
      signIn(app, email, password).set('X-Forwarded-For', client);
    // Nine failures from the stranger, long enough ago that no wait is left: the tenth is theirs to type.
    for (const email of ['ana@meridianlab.test', 'nobody@meridianlab.test']) {
      for (const key of [`pair:${email} 203.0.113.9`, `email:${email}`])
        app.db.connection
          .prepare('INSERT INTO staff_sign_in_attempts VALUES (?, ?, 9, ?, ?)')
          .run(key, email, Date.now() - 3_600_000, Date.now() - 3_600_000);
      expect((await from('203.0.113.9', email, 'wrong-password-123')).status).toBe(401);
    }
    const known = await from('203.0.113.9', 'ana@meridianlab.test', STAFF_PASSWORD);
    expect(known.status).toBe(429);
    expect(Number(known.headers['retry-after'])).toBeGreaterThan(29 * 60);
    expect(known.text).toContain('sign-in is locked for 30 minutes.');
    // Unknown addresses lock alike: the answer tells nothing about which have accounts.
    const unknown = await from('203.0.113.9', 'nobody@meridianlab.test', STAFF_PASSWORD);
    expect(unknown.text.replace('nobody@', 'ana@')).toBe(known.text);
    // The owner, from their own client, is not locked out by the stranger.
    expect((await from('198.51.100.7', 'ana@meridianlab.test', STAFF_PASSWORD)).status).toBe(303);
    // The lock ends by itself.
    app.db.connection.prepare('UPDATE staff_sign_in_attempts SET open_at = ?').run(Date.now() - 1000);
    app.db.connection.prepare("DELETE FROM staff_sign_in_attempts WHERE key LIKE 'client:%'").run();
    expect((await from('203.0.113.9', 'ana@meridianlab.test', STAFF_PASSWORD)).status).toBe(303);
  });

  it('tells the lab’s inbox once by e-mail when a client locks an account, and not for unknown addresses', async () => {
    const cleanups: (() => unknown)[] = [];
    try {
      const { app, smtp } = await mailingApp(cleanups, {
        TRUST_PROXY: '1',
        MAIL_TO_GENERAL: 'office@meridianlab.test',
      });
      await addAccount(app.db, 'ana@meridianlab.test');
      const seed = app.db.connection.prepare('INSERT INTO staff_sign_in_attempts VALUES (?, ?, ?, ?, ?)');
      const wrong = (email: string) => signIn(app, email, 'wrong-password-123').set('X-Forwarded-For', '203.0.113.9');
      for (const email of ['nobody@meridianlab.test', 'ana@meridianlab.test']) {
        seed.run(`pair:${email} 203.0.113.9`, email, 9, Date.now() - 3_600_000, Date.now() - 3_600_000);
        app.db.connection
          .prepare("DELETE FROM staff_sign_in_attempts WHERE key LIKE 'client:%' OR key LIKE 'email:%'")
          .run();
        expect((await wrong(email)).status).toBe(401);
      }
      const [mail] = await smtp.waitFor(1);
      expect(mail!.recipients).toEqual(['office@meridianlab.test']);
      expect(mail!.parsed.subject).toBe('Staff sign-in locked for ana@meridianlab.test');
      expect(mail!.parsed.text).toContain('from 203.0.113.9');
      expect(mail!.parsed.text).toContain('npm run --silent staff -- unlock ana@meridianlab.test');
      // The next failure after the lock locks again, without a second e-mail.
      app.db.connection.prepare('UPDATE staff_sign_in_attempts SET open_at = ?').run(Date.now() - 1000);
      expect((await wrong('ana@meridianlab.test')).status).toBe(401);
      const kinds = app.db.connection.prepare('SELECT kind FROM outbox').all();
      expect(kinds).toEqual([{ kind: 'alert' }]);
      expect(smtp.received).toHaveLength(1);
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  });

  it('counts an IPv6 client by its /56, as the rate limits do', async () => {
    const { app } = freshApp({ TRUST_PROXY: '1' });
    await addAccount(app.db, 'ana@meridianlab.test');
    for (let i = 0; i < 3; i++)
      await signIn(app, `guess-${i}@meridianlab.test`, 'wrong-password-123').set(
        'X-Forwarded-For',
        `2001:db8:1:1${i}::1`,
      );
    const sameBlock = await signIn(app, 'ana@meridianlab.test', STAFF_PASSWORD).set(
      'X-Forwarded-For',
      '2001:db8:1:ff::2',
    );
    expect(sameBlock.status).toBe(429);
    const otherBlock = await signIn(app, 'ana@meridianlab.test', STAFF_PASSWORD).set(
      'X-Forwarded-For',
      '2001:db8:2::1',
    );
    expect(otherBlock.status).toBe(303);
  });

  it('answers 503 with Retry-After when the hash queue is full, before anything is counted', async () => {
    const { app } = freshApp();
    await addAccount(app.db, 'ana@meridianlab.test');
    // The places of sign-ins that would be hashing or waiting to: twelve, as twelve slow hashes in flight hold them.
    const places: { release(): void }[] = [];
    for (let place = admitSignIn(); place; place = admitSignIn()) places.push(place);
    expect(places).toHaveLength(12);
    try {
      const busy = await signIn(app, 'ana@meridianlab.test', STAFF_PASSWORD);
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBe('10');
      expect(busy.text).toContain('The console is busy checking other sign-ins. Try again in 10 seconds.');
      expect(app.db.connection.prepare('SELECT count(*) AS rows FROM staff_sign_in_attempts').get()).toEqual({
        rows: 0,
      });
      places.pop()!.release();
      expect((await signIn(app, 'ana@meridianlab.test', STAFF_PASSWORD)).status).toBe(303);
    } finally {
      for (const place of places) place.release();
    }
  });

  it('refuses an empty form with 400 and keeps the address typed', async () => {
    const { app } = freshApp();
    const response = await signIn(app, 'ana@meridianlab.test', '');
    expect(response.status).toBe(400);
    expect(response.text).toContain('Enter your e-mail address and your password.');
    expect(response.text).toContain('value="ana@meridianlab.test"');
  });

  it('refuses a sign-in posted from another site (403) and more than 10 posts a minute from one client (429)', async () => {
    const { app } = freshApp();
    const foreign = await request(app)
      .post('/staff/sign-in')
      .type('form')
      .set('Origin', 'https://evil.example')
      .send({ email: 'a@b.test', password: 'x' });
    expect(foreign.status).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn(app, 'a@b.test', '')).status);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe.each(engines)('parallel sign-ins on $engine', ({ open }) => {
  it('reserve their attempts before the hash: of 10 wrong ones at once, at most 3 get a password check (401), the rest wait (429)', async () => {
    const db = await open();
    const app = createApp(testConfig(), { db, logger: createLogger({ logLevel: 'silent' }) });
    try {
      await addAccount(db, 'ana@meridianlab.test');
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          request(app)
            .post('/staff/sign-in')
            .type('form')
            .send({ email: 'ana@meridianlab.test', password: 'wrong-password-123' }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      // The bound is the point: never a fourth hash. Two reservations meeting in one instant on PostgreSQL may
      // both wait, so a third check is not promised (seen once in a full run: 2 checks).
      const checked = statuses.filter((status) => status === 401).length;
      expect(checked).toBeGreaterThanOrEqual(1);
      expect(checked).toBeLessThanOrEqual(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10 - checked);
    } finally {
      await db.close();
    }
  });
});

describe('POST /staff/sign-out', () => {
  it('deletes the session and clears the cookie', async () => {
    const { app } = freshApp();
    await addAccount(app.db, 'ana@meridianlab.test');
    const client = await sessionFor(app, 'ana@meridianlab.test');
    const response = await consolePost(app, '/staff/sign-out', client, { csrf: client.csrf });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/staff/sign-in?signedOut=1');
    expect(String(response.headers['set-cookie'])).toContain(
      '__Host-staff_session=; Path=/; HttpOnly; SameSite=Strict; Secure; Max-Age=0',
    );
    expect(app.db.connection.prepare('SELECT count(*) AS sessions FROM staff_sessions').get()).toEqual({ sessions: 0 });
  });
});
