import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { DATABASE_FILE } from '../../server/db';
import type { AfterAnswer } from '../../server/http/afterAnswer';
import { createSubscriberStore } from '../../server/newsletter/store';
import { erasePersonalData } from '../../server/privacy/personalData';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { recordingLogger, testApp } from '../support/helpers';
import { TEST_IDENTITY } from '../support/serverCommand';

// A fresh app (and database, and rate limit) for every test: the limit of 5 a minute must not leak between tests.
let app: TestApp;
beforeEach(() => {
  app = testApp();
});
afterEach(() => app.db.close());

/** A post, answered, and the sign-up the answer started, done. */
async function settled<T>(target: TestApp, answer: PromiseLike<T>): Promise<T> {
  const response = await answer;
  await target.afterAnswer.settled();
  return response;
}
/** An object body gets the form page's token, as a person's post has it (decision 073). */
const withToken = async (target: TestApp, body: unknown) =>
  typeof body === 'object' && body !== null && !Array.isArray(body)
    ? { ...(await guardFields(target, 'newsletter')), ...body }
    : body;
const postJson = async (body: unknown, target: TestApp = app) =>
  settled(
    target,
    request(target)
      .post('/api/subscribe')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(await withToken(target, body))),
  );
const postForm = async (fields: Record<string, string>, target: TestApp = app) =>
  settled(
    target,
    request(target)
      .post('/api/subscribe')
      .type('form')
      .set('Accept', 'text/html')
      .send(new URLSearchParams({ ...(await guardFields(target, 'newsletter')), ...fields }).toString()),
  );

const rows = (target: TestApp = app) =>
  target.db.connection.prepare('SELECT email, created_at FROM subscribers ORDER BY id').all() as {
    email: string;
    created_at: string;
  }[];
const confirmedCount = () =>
  (
    app.db.connection.prepare('SELECT count(*) AS n FROM subscribers WHERE confirmed_at IS NOT NULL').get() as {
      n: number;
    }
  ).n;

describe('POST /api/subscribe with JSON', () => {
  it('takes a new address: 202 pending, the row stored with its time, not yet confirmed', async () => {
    const response = await postJson({ email: 'reader@example.com' });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ status: 'pending' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(rows()).toEqual([{ email: 'reader@example.com', created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }]);
    expect(confirmedCount()).toBe(0);
  });

  it('commits the sign-up once its work is done: another connection to the file sees it', async () => {
    const own = testApp();
    const { config } = own;
    try {
      expect((await postJson({ email: 'durable@example.com' }, own)).status).toBe(202);
      const other = new DatabaseSync(path.join(config.dataDir, DATABASE_FILE), { readOnly: true });
      expect(other.prepare('SELECT email FROM subscribers').all()).toEqual([{ email: 'durable@example.com' }]);
      other.close();
    } finally {
      own.db.close();
    }
  });

  it('answers a known address (in any case) exactly as a new one, so nobody can test who is on the list; still one row', async () => {
    const first = await postJson({ email: 'Reader@Example.com' });
    const again = await postJson({ email: 'reader@EXAMPLE.COM' });
    const third = await postJson({ email: '  READER@example.com ' });
    for (const response of [again, third]) {
      expect(response.status).toBe(first.status);
      expect(response.body).toEqual(first.body);
      expect(response.headers['cache-control']).toBe(first.headers['cache-control']);
    }
    expect(rows().map((row) => row.email)).toEqual(['Reader@Example.com']);
  });

  it('trims the address before storing it', async () => {
    expect((await postJson({ email: '  spaced@example.com\n' })).status).toBe(202);
    expect(rows().map((row) => row.email)).toEqual(['spaced@example.com']);
  });

  it.each([
    ['no at sign', 'reader.example.com'],
    ['no domain', 'reader@'],
    ['a domain without a dot (the browser allows it)', 'reader@localhost'],
    ['an empty string', ''],
    ['spaces inside', 'rea der@example.com'],
    ['too long', `${'a'.repeat(250)}@example.com`],
  ])('rejects an invalid address (%s) with 400 and the reason, storing nothing', async (_name, email) => {
    const response = await postJson({ email });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Please enter a valid e-mail address.' });
    expect(rows()).toEqual([]);
  });

  it.each([
    ['a missing email field', { address: 'reader@example.com' }],
    ['a number', { email: 42 }],
    ['null', { email: null }],
  ])('rejects %s as an invalid address with 400', async (_name, body) => {
    const response = await postJson(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual(expect.any(String));
  });

  it.each([
    ['malformed JSON', '{"email":'],
    ['a JSON array', '["reader@example.com"]'],
    ['a bare JSON string', '"reader@example.com"'],
    ['JSON null', 'null'],
    ['a category that is not text', JSON.stringify({ email: 'reader@example.com', category: ['all'] })],
  ])('rejects %s with 400 and a JSON reason, never 500', async (_name, body) => {
    const response = await request(app).post('/api/subscribe').set('Content-Type', 'application/json').send(body);
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body.error).toEqual(expect.any(String));
    expect(rows()).toEqual([]);
  });

  it('rejects a body over 2 KB with 413, before parsing it', async () => {
    const response = await postJson({ email: 'reader@example.com', padding: 'x'.repeat(3000) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'The request body is too large.' });
    expect(rows()).toEqual([]);
  });

  it.each([
    ['text/plain', 'email=reader@example.com'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nreader@example.com\r\n--x--',
    ],
    ['application/xml', '<email>reader@example.com</email>'],
  ])('rejects the content type %s with 415', async (type, body) => {
    const response = await request(app).post('/api/subscribe').set('Content-Type', type).send(body);
    expect(response.status).toBe(415);
    expect(response.body.error).toMatch(/JSON|form/);
    expect(rows()).toEqual([]);
  });

  it('rejects a post without a body or type with 415', async () => {
    expect((await request(app).post('/api/subscribe')).status).toBe(415);
  });

  it('answers a urlencoded post that asks for JSON with JSON', async () => {
    const response = await request(app)
      .post('/api/subscribe')
      .type('form')
      .set('Accept', 'application/json')
      .send('email=json%40example.com');
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ status: 'pending' });
  });
});

describe('the per-client rate limit', () => {
  it('allows five sign-ups a minute, then answers 429 with Retry-After', async () => {
    for (let index = 0; index < 5; index += 1) {
      expect((await postJson({ email: `reader${index}@example.com` })).status).toBe(202);
    }
    const limited = await postJson({ email: 'one-more@example.com' });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body.error).toMatch(/Too many attempts/);
    expect(rows().map((row) => row.email)).not.toContain('one-more@example.com');
  });

  it('counts invalid attempts too, and sends a form post back to the page with the message', async () => {
    for (let index = 0; index < 5; index += 1) expect((await postJson({ email: 'nope' })).status).toBe(400);
    const limited = await postForm({ email: 'reader@example.com', category: 'research' });
    expect(limited.status).toBe(303);
    expect(limited.headers.location).toBe('/blog?subscribe=limited#newsletter');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('limits each app on its own: a fresh app starts with a fresh allowance', async () => {
    const other = testApp();
    try {
      expect((await postJson({ email: 'first@example.com' }, other)).status).toBe(202);
    } finally {
      other.db.close();
    }
  });
});

describe('POST /api/subscribe from the form without JavaScript', () => {
  it('subscribes and redirects 303 back to the blog, keeping the category, at the newsletter box', async () => {
    const response = await postForm({ category: 'research', email: 'form@example.com' });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/blog?category=research&subscribe=pending#newsletter');
    expect(rows().map((row) => row.email)).toEqual(['form@example.com']);
  });

  it('redirects a known address (another case) exactly as a new one, and a bad one with "invalid"', async () => {
    const first = await postForm({ category: 'all', email: 'form@example.com' });
    const again = await postForm({ category: 'all', email: 'FORM@example.com' });
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers.location).toBe('/blog?subscribe=pending#newsletter');
    const invalid = await postForm({ category: 'tutorials', email: 'form@localhost' });
    expect(invalid.status).toBe(303);
    expect(invalid.headers.location).toBe('/blog?category=tutorials&subscribe=invalid#newsletter');
    const missing = await postForm({ category: 'tutorials' });
    expect(missing.headers.location).toBe('/blog?category=tutorials&subscribe=invalid#newsletter');
    expect(rows()).toHaveLength(1);
  });

  it('drops an unknown category from the way back', async () => {
    const response = await postForm({ category: 'javascript:alert(1)', email: 'safe@example.com' });
    expect(response.headers.location).toBe('/blog?subscribe=pending#newsletter');
  });

  it('lands on a page that shows the outcome', async () => {
    const response = await postForm({ category: 'technology', email: 'landing@example.com' });
    const page = await request(app).get(response.headers.location!.split('#')[0]!);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<div role="status"><p id="newsletter-message"[^>]*>.*Check your inbox to confirm/);
    expect(page.text).toContain('aria-current="true" href="/blog?category=technology"');
  });
});

describe("while the newsletter's e-mails wait for the lab's identity (decision 061)", () => {
  const noIdentity = Object.fromEntries(Object.keys(TEST_IDENTITY).map((name) => [name, '']));
  const sentWords = /we sent you|correo que le enviamos|le enviamos un enlace/i;

  it('tells every sign-up its confirmation e-mail will come later, never that it was sent, in both languages', async () => {
    const held = testApp(noIdentity);
    try {
      const json = await postJson({ email: 'later@example.com' }, held);
      expect([json.status, json.body]).toEqual([202, { status: 'held' }]);
      const form = await postForm({ category: 'all', email: 'later@example.com' }, held);
      expect(form.headers.location).toBe('/blog?subscribe=held#newsletter');
      for (const path of ['/blog?subscribe=held', '/es/blog?subscribe=held']) {
        const box = /<section id="newsletter"[\s\S]*?<\/section>/.exec((await request(held).get(path)).text)![0];
        expect(box).toMatch(
          /<div role="status"><p id="newsletter-message"[^>]*>.*(will come later|llegará más adelante)/,
        );
        expect(sentWords.exec(box)?.[0]).toBeUndefined();
      }
      // The confirmation page opened without a link says nothing was sent either.
      for (const path of ['/newsletter/confirm', '/es/boletin/confirmar']) {
        const page = await request(held).get(path);
        expect(page.status, path).toBe(200);
        expect(sentWords.exec(page.text)?.[0], path).toBeUndefined();
      }
      // The sign-up itself is kept, its e-mail queued for a start with the settings.
      expect(rows(held).map((row) => row.email)).toEqual(['later@example.com']);
    } finally {
      held.db.close();
    }
  });

  it('says "pending" once the identity is set', async () => {
    expect((await postJson({ email: 'now@example.com' })).body).toEqual({ status: 'pending' });
  });
});

describe('the answer says nothing of the address, not even by its timing', () => {
  /** The app with its after-answer work held until the test runs it: what the answer waited for, it did. */
  function heldApp() {
    const held: { what: string; work: () => Promise<unknown> }[] = [];
    const afterAnswer: AfterAnswer = {
      run: (what, work) => void held.push({ what, work }),
      settled: async () => {
        while (held.length > 0) await held.shift()!.work();
      },
    };
    const own = testApp({ TRUST_PROXY: '1' }, { afterAnswer });
    return { own, held };
  }
  const from = async (target: TestApp, client: string, email: string) =>
    request(target)
      .post('/api/subscribe')
      .set('X-Forwarded-For', client)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ...(await guardFields(target, 'newsletter')), email }));
  /** What a visitor can observe of an answer, the per-client limit's own headers aside. */
  const observable = (response: request.Response) => ({
    status: response.status,
    body: response.body,
    headers: Object.fromEntries(
      // The date, the rate limit's count and the request's own id differ from one answer to the next whatever the address.
      Object.entries(response.headers).filter(([name]) => !/^(date|ratelimit|etag|x-request-id)/.test(name)),
    ),
  });

  it('answers before any work on the address: a new, a confirmed, a just-mailed and an erased address alike', async () => {
    const { own, held } = heldApp();
    try {
      const store = createSubscriberStore(own.db);
      await store.signUp('mailed@example.com');
      await store.signUp('member@example.com');
      own.db.connection
        .prepare("UPDATE subscribers SET confirmed_at = created_at WHERE email = 'member@example.com'")
        .run();
      await erasePersonalData(own.db, 'erased@example.com');
      const before = rows(own);
      const answers = [];
      for (const [index, email] of [
        'new@example.com',
        'member@example.com',
        'mailed@example.com',
        'erased@example.com',
      ].entries())
        answers.push(await from(own, `203.0.113.${index + 1}`, email));
      // Every answer went out while the sign-ups had not touched the address's row (each is counted after, too):
      // before it, only the client's, the domain's and the site's budgets are counted, whoever the address is.
      expect(held.filter(({ what }) => what === 'newsletter sign-up')).toHaveLength(4);
      expect(rows(own)).toEqual(before);
      for (const answer of answers) expect(observable(answer)).toEqual(observable(answers[0]!));
      expect(answers[0]!.status).toBe(202);
      await own.afterAnswer.settled();
      expect(rows(own).map((row) => row.email)).toContain('new@example.com');
    } finally {
      own.db.close();
    }
  });

  it('logs a sign-up that fails after the answer, which the visitor already has', async () => {
    const { logger, lines } = recordingLogger();
    const own = testApp({}, { logger });
    try {
      own.db.connection.exec('DROP TABLE suppressions');
      expect((await postJson({ email: 'broken@example.com' }, own)).status).toBe(202);
      expect(lines()).toContainEqual(
        expect.objectContaining({ level: 50, msg: 'newsletter sign-up failed after the answer' }),
      );
    } finally {
      own.db.close();
    }
  });
});

describe('the subscriber store', () => {
  it('treats the same address in any case as one subscriber', async () => {
    const store = createSubscriberStore(app.db);
    await store.signUp('Case@Example.com', { now: new Date('2024-03-01T10:00:00Z') });
    await store.signUp('case@example.COM');
    expect(rows()).toEqual([{ email: 'Case@Example.com', created_at: '2024-03-01T10:00:00.000Z' }]);
  });

  it('refuses a second row for the same address at the database level', () => {
    const insert = app.db.connection.prepare('INSERT INTO subscribers (email, created_at) VALUES (?, ?)');
    insert.run('unique@example.com', '2024-03-01T10:00:00Z');
    expect(() => insert.run('UNIQUE@example.com', '2024-03-01T10:00:00Z')).toThrow(/UNIQUE/);
  });
});
