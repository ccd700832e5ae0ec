import { createHmac } from 'node:crypto';

import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { openSqliteDatabase } from '../../server/db';
import { signUpMessages } from '../../server/newsletter/messages';
import type { Confirmation } from '../../server/newsletter/store';
import { createSubscriberStore } from '../../server/newsletter/store';
import { createOutbox } from '../../server/outbox/delivery';
import { catalogues } from '../../server/pages/catalogues';
import { erasePersonalData } from '../../server/privacy/personalData';
import { purgeExpired } from '../../server/privacy/retention';
import { createSuppressions } from '../../server/privacy/suppressions';
import { siteFacts } from '../../shared/content/data';
import type { Locale } from '../../shared/lib/locale';
import { locales, localeTags } from '../../shared/lib/locale';
import { guardFields } from '../support/formGuard';
import type { TestApp } from '../support/helpers';
import { executableInlineScripts, TEST_SITE_URL, testApp, testConfig } from '../support/helpers';
import { linkIn, mailingApp } from '../support/mailingApp';
import type { MailServer } from '../support/mailServer';
import { header, rawHeader } from '../support/mailServer';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A sign-up with the blog page's token, as a person's has it (decision 073), from `client` when given. */
const signUp = async (app: TestApp, email: string, query = '', client?: string) => {
  const post = request(app).post(`/api/subscribe${query}`).set('Content-Type', 'application/json');
  if (client) void post.set('X-Forwarded-For', client);
  const answer = await post.send(JSON.stringify({ ...(await guardFields(app, 'newsletter')), email }));
  // A sign-up is stored after its answer (decision 032): what the test reads next is there once that work is done.
  await app.afterAnswer.settled();
  return answer;
};
const subscriber = (app: TestApp) =>
  app.db.connection
    .prepare('SELECT email, confirmed_at, unsubscribed_at, confirmation_token_hash FROM subscribers')
    .get() as Record<string, string | null>;

/** A store on its own database whose confirmation e-mails the test reads directly (the tokens, the times). */
function storeWithInbox() {
  const config = testConfig();
  const db = openSqliteDatabase(config.dataDir);
  cleanups.push(() => db.close());
  const sent: Confirmation[] = [];
  const store = createSubscriberStore(db, {
    outbox: createOutbox(db, config),
    messagesFor: (confirmation) => {
      sent.push(confirmation);
      return signUpMessages(TEST_SITE_URL)(confirmation);
    },
    committed: () => {},
  });
  return { db, store, sent };
}

const escaped = (text: string) => text.replace(/'/g, '&#x27;');

/** Where each language's newsletter steps are, and what a sign-up in it is written and refused with. */
const newsletterIn: Record<
  Locale,
  {
    signUpQuery: string;
    confirm: string;
    unsubscribe: string;
    /** What no link of the e-mail may hold: the other language's pages. */
    otherPaths: string;
    subject: string;
    crossSite: string;
    mediaType: RegExp;
    retryLater: RegExp;
  }
> = {
  en: {
    signUpQuery: '',
    confirm: '/newsletter/confirm',
    unsubscribe: '/newsletter/unsubscribe',
    otherPaths: '/es/',
    subject: "Confirm your subscription to Meridian Lab's articles",
    crossSite: 'Forms can only be sent from this site.',
    mediaType: /^Send the form/,
    retryLater: /Please try again in \d+ seconds?/,
  },
  es: {
    signUpQuery: '?locale=es',
    confirm: '/es/boletin/confirmar',
    unsubscribe: '/es/boletin/cancelar',
    otherPaths: '/newsletter/',
    subject: 'Confirme su suscripción a los artículos de Meridian Lab',
    crossSite: 'Los formularios solo se pueden enviar desde este sitio.',
    mediaType: /^Envíe el formulario/,
    retryLater: /Inténtelo de nuevo en \d+ segundos?/,
  },
};

describe('newsletter double opt-in', { timeout: 30_000 }, () => {
  it('writes the confirmation e-mail in the language the address signed up in, and keeps that language', async () => {
    const { app, smtp } = await mailingApp(cleanups);
    const response = await request(app)
      .post('/api/subscribe?locale=es')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ...(await guardFields(app, 'newsletter')), email: 'lectora@example.com' }));
    expect(response.status).toBe(202);
    const [mail] = await smtp.waitFor(1);
    expect(header(mail!, 'subject')).toBe('Confirme su suscripción a los artículos de Meridian Lab');
    expect(mail!.parsed.text).toContain(
      'Para confirmar, abra este enlace y oprima «Confirmar mi suscripción» (es válido una sola vez durante 7 días):',
    );
    expect(linkIn(mail!.parsed.text!, '/es/boletin/confirmar')).toBeDefined();
    expect(rawHeader(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(app.db.connection.prepare('SELECT locale FROM subscribers').get()).toEqual({ locale: 'es' });
    await signUp(app, 'english@example.com');
    expect(
      app.db.connection.prepare("SELECT locale FROM subscribers WHERE email = 'english@example.com'").get(),
    ).toEqual({ locale: 'en' });
  });

  it('answers a sign-up "pending" and e-mails a confirmation link with RFC 8058 unsubscribe headers; nothing is confirmed yet', async () => {
    const { app, smtp, stopWhenDone } = await mailingApp(cleanups);
    const response = await signUp(app, 'Reader@Example.com');
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ status: 'pending' });
    expect(subscriber(app)).toMatchObject({ email: 'Reader@Example.com', confirmed_at: null });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.recipients.map((address) => address.toLowerCase())).toEqual(['reader@example.com']);
    expect(header(mail!, 'subject')).toBe("Confirm your subscription to Meridian Lab's articles");
    const unsubscribeUrl = linkIn(mail!.parsed.text!, '/newsletter/unsubscribe')!;
    expect(rawHeader(mail!, 'list-unsubscribe')).toBe(`<${unsubscribeUrl}>`);
    expect(rawHeader(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const confirmUrl = linkIn(mail!.parsed.text!, '/newsletter/confirm')!;
    const token = new URL(confirmUrl).searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{43}$/);

    // Only the token's hash is kept, and the sent message no longer holds the link.
    await stopWhenDone();
    expect(subscriber(app).confirmation_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(app.db.connection.prepare('SELECT * FROM subscribers').all())).not.toContain(token);
    const outbox = app.db.connection.prepare('SELECT kind, subscriber_id, status, payload FROM outbox').all() as {
      kind: string;
      status: string;
      payload: string;
    }[];
    expect(outbox).toMatchObject([{ kind: 'newsletter-confirmation', subscriber_id: 1, status: 'sent' }]);
    expect(outbox[0]!.payload).not.toContain(token);
  });

  it('sends one confirmation an hour at most, and none to a confirmed address, with the same answer every time', async () => {
    const { app, smtp, stopWhenDone } = await mailingApp(cleanups);
    const answers = [];
    for (const email of ['again@example.com', 'AGAIN@example.com', 'again@example.com'])
      answers.push(await signUp(app, email));
    await smtp.waitFor(1);
    await stopWhenDone();
    expect(smtp.received).toHaveLength(1);
    for (const answer of answers) expect([answer.status, answer.body]).toEqual([202, { status: 'pending' }]);

    const { store, sent } = storeWithInbox();
    const t0 = new Date('2024-05-01T08:00:00Z');
    await store.signUp('hourly@example.com', { now: t0 });
    await store.signUp('hourly@example.com', { now: new Date(t0.getTime() + 59 * 60_000) });
    expect(sent).toHaveLength(1);
    await store.signUp('hourly@example.com', { now: new Date(t0.getTime() + 61 * 60_000) });
    expect(sent).toHaveLength(2);
    // The newer link replaces the older one.
    expect(await store.confirm(sent[0]!.confirmToken, new Date(t0.getTime() + 62 * 60_000))).toBe('invalid');
    expect(await store.confirm(sent[1]!.confirmToken, new Date(t0.getTime() + 62 * 60_000))).toBe('confirmed');
    await store.signUp('hourly@example.com', { now: new Date(t0.getTime() + 5 * 60 * 60_000) });
    expect(sent).toHaveLength(2);
  });

  it('floods no inbox through +tags or Gmail dots: three confirmations a day per mailbox, the same answer to every sign-up', async () => {
    // From four clients, so that no client's own budget (decision 060) has a say.
    const { app, smtp, stopWhenDone } = await mailingApp(cleanups, { TRUST_PROXY: '1' });
    const answers = [];
    for (const [index, email] of [
      'target+1@example.com',
      'target+2@example.com',
      'TARGET+3@example.com',
      'target+4@example.com',
    ].entries())
      answers.push(await signUp(app, email, '', `198.51.100.${index + 1}`));
    await smtp.waitFor(3);
    await app.afterAnswer.settled();
    await stopWhenDone();
    expect(smtp.received.flatMap((mail) => mail.recipients)).toEqual([
      'target+1@example.com',
      'target+2@example.com',
      'TARGET+3@example.com',
    ]);
    for (const answer of answers) expect([answer.status, answer.body]).toEqual([202, { status: 'pending' }]);

    const other = await mailingApp(cleanups);
    for (const email of ['v.ictim@gmail.com', 'victim+a@googlemail.com', 'vic.tim@gmail.com', 'victim@gmail.com'])
      expect((await signUp(other.app, email)).status).toBe(202);
    await other.smtp.waitFor(3);
    await other.app.afterAnswer.settled();
    await other.stopWhenDone();
    expect(other.smtp.received).toHaveLength(3);
  });

  it('asks an erased address to consent again once, then writes to it no more for a month', async () => {
    const { app, smtp, stopWhenDone } = await mailingApp(cleanups);
    expect((await signUp(app, 'alice@example.com')).status).toBe(202);
    await smtp.waitFor(1);
    await erasePersonalData(app.db, 'Alice@Example.com', new Date(Date.now() - 2 * 60 * 60_000));
    // The owner's way back: one new confirmation, the only e-mail a sign-up can bring.
    expect((await signUp(app, 'alice@example.com')).status).toBe(202);
    await smtp.waitFor(2);
    // An hour later, someone signs her up again: the same answer, and no e-mail.
    app.db.connection
      .prepare("UPDATE subscribers SET confirmation_sent_at = ? WHERE email = 'alice@example.com'")
      .run(new Date(Date.now() - 2 * 60 * 60_000).toISOString());
    const again = await signUp(app, 'alice@example.com');
    expect([again.status, again.body]).toEqual([202, { status: 'pending' }]);
    await app.afterAnswer.settled();
    await stopWhenDone();
    expect(smtp.received).toHaveLength(2);
  });

  it('lets a link expire after 7 days', async () => {
    const { store, sent } = storeWithInbox();
    const t0 = new Date('2024-05-01T08:00:00Z');
    await store.signUp('late@example.com', { now: t0 });
    expect(await store.confirm(sent[0]!.confirmToken, new Date(t0.getTime() + 7 * 24 * 60 * 60_000 + 1000))).toBe(
      'invalid',
    );
    await store.signUp('soon@example.com', { now: t0 });
    expect(await store.confirm(sent[1]!.confirmToken, new Date(t0.getTime() + 6 * 24 * 60 * 60_000))).toBe('confirmed');
  });
});

describe('the confirmation budgets', { timeout: 120_000 }, () => {
  // A fixed clock, in the middle of an hour: the budgets count by the hour, and the answers must not depend
  // on when the test runs. Only Date is faked: timers, sockets and the outbox worker's polling run as usual.
  const NOW = new Date('2026-11-28T10:20:00Z');
  afterEach(() => vi.useRealTimers());
  const frozen = () => vi.useFakeTimers({ toFake: ['Date'], now: NOW });

  /** A sign-up from `client`: with TRUST_PROXY=1, X-Forwarded-For names the client. */
  const signUpFrom = (app: TestApp, client: string, email: string) => signUp(app, email, '', client);
  const formFrom = async (app: TestApp, client: string, email: string, query = '') =>
    request(app)
      .post(`/api/subscribe${query}`)
      .set('X-Forwarded-For', client)
      .type('form')
      .set('Accept', 'text/html')
      .send(new URLSearchParams({ ...(await guardFields(app, 'newsletter')), email, category: 'all' }).toString());
  /** When each address's confirmation e-mail is due, from the outbox. */
  const dueTimes = (app: TestApp) =>
    new Map(
      (
        app.db.connection
          .prepare(
            `SELECT s.email, o.next_attempt_at FROM outbox o JOIN subscribers s ON s.id = o.subscriber_id
             WHERE o.kind = 'newsletter-confirmation'`,
          )
          .all() as { email: string; next_attempt_at: string }[]
      ).map((row) => [row.email, Date.parse(row.next_attempt_at)]),
    );

  it('leaves a real sign-up from another client its e-mail at once after a burst of 500 from five clients, and its link confirms', async () => {
    frozen();
    // The low cap of a small instance (20 an hour, so 6 a domain): the burst, all at gmail.com, would spend both.
    const { app, smtp } = await mailingApp(cleanups, { TRUST_PROXY: '1', NEWSLETTER_CONFIRMATIONS_PER_HOUR: '20' });
    const answers = new Map<string, number>();
    for (let n = 0; n < 500; n++) {
      const answer = await signUpFrom(app, `198.51.100.${(n % 5) + 1}`, `throwaway${n}@gmail.com`);
      const said = `${answer.status} ${(answer.body as { status?: string }).status ?? ''}`.trim();
      answers.set(said, (answers.get(said) ?? 0) + 1);
    }
    await app.afterAnswer.settled();

    const real = await signUpFrom(app, '203.0.113.50', 'real.person@gmail.com');
    expect([real.status, real.body]).toEqual([202, { status: 'pending' }]);
    await app.afterAnswer.settled();
    // Queued due now, not in a later hour: the worker sends it at once.
    expect(dueTimes(app).get('real.person@gmail.com')).toBe(NOW.getTime());
    let mail;
    while (!(mail = smtp.received.find((received) => received.recipients.includes('real.person@gmail.com'))))
      await smtp.waitFor(smtp.received.length + 1);
    const confirmPath = new URL(linkIn(mail.parsed.text!, '/newsletter/confirm')!);
    const confirmed = await request(app)
      .post('/newsletter/confirm')
      .set('X-Forwarded-For', '203.0.113.50')
      .type('form')
      .set('Accept', 'text/html')
      .send(`token=${confirmPath.searchParams.get('token')}`);
    expect(confirmed.headers.location).toBe('/newsletter/confirm?result=confirmed');

    // The burst: 5 a minute per client got through; each client's hour had room for one e-mail (3 % of 20),
    // the other four were told theirs is late and are queued for the next hours, none dropped.
    expect(Object.fromEntries(answers)).toEqual({ '202 pending': 5, '202 delayed': 20, '429': 475 });
    const burst = [...dueTimes(app)].filter(([email]) => email.startsWith('throwaway'));
    expect(burst.filter(([, due]) => due === NOW.getTime())).toHaveLength(5);
    expect(burst.filter(([, due]) => due > NOW.getTime())).toHaveLength(20);
  });

  it("tells a sign-up over its client's hour that its e-mail is late, in both languages, and queues it for a later hour", async () => {
    frozen();
    const app = testApp({ TRUST_PROXY: '1', NEWSLETTER_CONFIRMATIONS_PER_HOUR: '20' });
    cleanups.push(() => app.db.close());
    const client = '198.51.100.7';
    expect((await signUpFrom(app, client, 'first@example.com')).body).toEqual({ status: 'pending' });
    const late = await signUpFrom(app, client, 'second@example.com');
    expect([late.status, late.body]).toEqual([202, { status: 'delayed' }]);
    const english = await formFrom(app, client, 'third@example.com');
    expect([english.status, english.headers.location]).toEqual([303, '/blog?subscribe=delayed#newsletter']);
    const spanish = await formFrom(app, client, 'cuarta@example.com', '?locale=es');
    expect([spanish.status, spanish.headers.location]).toEqual([303, '/es/blog?subscribe=delayed#newsletter']);
    for (const [answer, locale] of [
      [english, 'en'],
      [spanish, 'es'],
    ] as const) {
      const page = await request(app).get(answer.headers.location!.split('#')[0]!);
      expect(page.text).toMatch(/<div role="status"><p id="newsletter-message"/);
      expect(page.text).toContain(escaped(catalogues[locale].blog.newsletter.messages.delayed));
    }
    await app.afterAnswer.settled();
    // Each late e-mail is queued, due in an hour of its own to come, not dropped.
    const due = dueTimes(app);
    expect(due.get('first@example.com')).toBe(NOW.getTime());
    const hour = 60 * 60_000;
    expect(['second@example.com', 'third@example.com', 'cuarta@example.com'].map((email) => due.get(email))).toEqual([
      Date.parse('2026-11-28T11:00:00Z'),
      Date.parse('2026-11-28T11:00:00Z') + hour,
      Date.parse('2026-11-28T11:00:00Z') + 2 * hour,
    ]);
  });

  it('tells a sign-up that no e-mail can go within a day so, in both languages, and stores nothing', async () => {
    frozen();
    const app = testApp({ TRUST_PROXY: '1', NEWSLETTER_CONFIRMATIONS_PER_HOUR: '20' });
    cleanups.push(() => app.db.close());
    const client = '198.51.100.9';
    // The client's next 24 hours are spent, one e-mail each (3 % of 20).
    const budgets = createSubscriberStore(app.db, undefined, { confirmationsPerHour: 20 });
    for (let n = 0; n < 24; n++) expect(await budgets.schedule(`earlier${n}@example.com`, client, NOW)).toBeDefined();
    const json = await signUpFrom(app, client, 'one-more@example.com');
    expect(json.status).toBe(429);
    expect(json.body).toEqual({ status: 'busy', error: catalogues.en.blog.newsletter.messages.busy });
    expect(Number(json.headers['retry-after'])).toBe(40 * 60);
    for (const [query, blog] of [
      ['', '/blog'],
      ['?locale=es', '/es/blog'],
    ] as const) {
      const form = await formFrom(app, client, 'one-more@example.com', query);
      expect([form.status, form.headers.location]).toEqual([303, `${blog}?subscribe=busy#newsletter`]);
      const page = await request(app).get(`${blog}?subscribe=busy`);
      expect(page.text).toMatch(/<div role="alert"><p id="newsletter-message"/);
      expect(page.text).toContain(escaped(catalogues[query ? 'es' : 'en'].blog.newsletter.messages.busy));
    }
    await app.afterAnswer.settled();
    expect(app.db.connection.prepare('SELECT count(*) AS n FROM subscribers').get()).toEqual({ n: 0 });
  });
});

describe('unsubscribe', { timeout: 30_000 }, () => {
  it('refuses a token that was not signed by this site, or not spelt as the site spells it', async () => {
    const { store } = storeWithInbox();
    await store.signUp('victim@example.com');
    await store.signUp('other@example.com');
    const genuine = (await store.unsubscribeToken(1))!;
    expect(genuine).toMatch(/^1\.[\w-]{43}$/);
    expect(await store.unsubscribe(`2.${genuine.slice(2)}`)).toBe('invalid');
    expect(await store.unsubscribe(`01.${genuine.slice(2)}`)).toBe('invalid');
    expect(await store.unsubscribe(`1.${'A'.repeat(43)}`)).toBe('invalid');
    expect(await store.unsubscribe('1')).toBe('invalid');
    expect(await store.unsubscribeToken(99)).toBeUndefined();
    expect(await store.unsubscribe(genuine)).toBe('unsubscribed');
  });

  it("needs the site's own secret: another database signs differently", async () => {
    const [one, two] = [storeWithInbox().store, storeWithInbox().store];
    const at = new Date('2024-05-01T08:00:00Z');
    await one.signUp('same@example.com', { now: at });
    await two.signUp('same@example.com', { now: at });
    expect(await one.unsubscribeToken(1)).not.toBe(await two.unsubscribeToken(1));
  });

  it('binds a token to its own sign-up: once that row is purged, no later subscriber can be unsubscribed with it', async () => {
    const { db, store, sent } = storeWithInbox();
    const t0 = new Date('2024-05-01T08:00:00Z');
    await store.signUp('mallory@example.com', { now: t0 });
    const mallorys = sent[0]!.unsubscribeToken;
    expect(await store.unsubscribe(mallorys, t0)).toBe('unsubscribed');
    expect(await purgeExpired(db, new Date(t0.getTime() + 60_000))).toMatchObject({ unsubscribed: 1 });
    // The id of a deleted row is never handed out again.
    await store.signUp('alice@example.com', { now: new Date(t0.getTime() + 120_000) });
    expect(sent[1]!.subscriberId).toBe(sent[0]!.subscriberId + 1);
    expect(await store.unsubscribe(mallorys)).toBe('invalid');
    // And a row that does hold the old id (as before AUTOINCREMENT, or restored from a back-up) is not reached either.
    db.connection
      .prepare("INSERT INTO subscribers (id, email, created_at, confirmed_at) VALUES (?, 'carol@example.com', ?, ?)")
      .run(sent[0]!.subscriberId, t0.toISOString(), t0.toISOString());
    expect(await store.unsubscribe(mallorys)).toBe('invalid');
    expect(db.connection.prepare('SELECT email FROM subscribers WHERE unsubscribed_at IS NOT NULL').all()).toEqual([]);
  });

  /** A mail provider's RFC 8058 POST: multipart, the token in the URL, from the provider's own address. */
  const oneClick = (app: TestApp, token: string, headers: Record<string, string> = {}) =>
    request(app)
      .post(`/newsletter/unsubscribe?token=${token}`)
      .set({ 'X-Forwarded-For': '209.85.220.41', ...headers })
      .field('List-Unsubscribe', 'One-Click');
  const unsubscribedCount = (app: TestApp) =>
    (
      app.db.connection.prepare('SELECT count(*) AS n FROM subscribers WHERE unsubscribed_at IS NOT NULL').get() as {
        n: number;
      }
    ).n;

  it('takes all 50 one-click POSTs a mail provider sends at once from one address, cross-site or not', async () => {
    const app = testApp({ TRUST_PROXY: '1' });
    cleanups.push(() => app.db.close());
    const store = createSubscriberStore(app.db);
    const tokens: string[] = [];
    for (let index = 1; index <= 50; index++) {
      await store.signUp(`reader${index}@example.com`);
      tokens.push((await store.unsubscribeToken(index))!);
    }
    // Webmail posts from its own origin; a provider's server sends no Origin at all.
    const answers = await Promise.all(
      tokens.map((token, index) =>
        oneClick(app, token, index % 2 ? { Origin: 'https://mail.example.net', 'Sec-Fetch-Site': 'cross-site' } : {}),
      ),
    );
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual(
      tokens.map(() => [200, { result: 'unsubscribed' }]),
    );
    expect(unsubscribedCount(app)).toBe(50);
  });

  it('holds a forged token to the same-site check and the per-client limit, and writes nothing for a token posted again', async () => {
    const app = testApp({ TRUST_PROXY: '1' });
    cleanups.push(() => app.db.close());
    const store = createSubscriberStore(app.db);
    await store.signUp('leaving@example.com');
    const token = (await store.unsubscribeToken(1))!;
    const forged = `1.${'A'.repeat(43)}`;
    expect((await oneClick(app, forged, { Origin: 'https://elsewhere.example' })).status).toBe(403);
    const forgedAnswers = [];
    for (let index = 0; index < 11; index++) forgedAnswers.push((await oneClick(app, forged)).status);
    expect(forgedAnswers).toEqual([...Array<number>(10).fill(400), 429]);
    expect(unsubscribedCount(app)).toBe(0);
    // The same address, over its limit for forged tokens, is still heard with a genuine one.
    expect((await oneClick(app, token)).body).toEqual({ result: 'unsubscribed' });
    expect(unsubscribedCount(app)).toBe(1);
    // Posted again and again, the token changes nothing in the database.
    const changes = () => (app.db.connection.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
    const before = changes();
    for (let index = 0; index < 20; index++) expect((await oneClick(app, token)).status).toBe(200);
    expect(changes()).toBe(before);
  });

  it('unsubscribes with the link of an e-mail 61 days old, after every daily clean-up (CASL asks for 60)', async () => {
    const { db, store, sent } = storeWithInbox();
    const t0 = Date.parse('2024-05-01T08:00:00Z');
    const day = 24 * 60 * 60_000;
    await store.signUp('reader@example.com', { now: new Date(t0) });
    expect(await store.confirm(sent[0]!.confirmToken, new Date(t0 + 60_000))).toBe('confirmed');
    for (let days = 1; days <= 61; days++) await purgeExpired(db, new Date(t0 + days * day));
    expect(await store.unsubscribe(sent[0]!.unsubscribeToken, new Date(t0 + 61 * day))).toBe('unsubscribed');
    expect(db.connection.prepare('SELECT unsubscribed_at FROM subscribers').get()).toEqual({
      unsubscribed_at: new Date(t0 + 61 * day).toISOString(),
    });
  });

  it("keeps a never-confirmed sign-up's unsubscribe link working 60 days after its e-mail, past the purge: off the list, suppressed", async () => {
    const app = testApp();
    cleanups.push(() => app.db.close());
    expect((await signUp(app, 'stranger@example.com')).status).toBe(202);
    await app.afterAnswer.settled();
    const { payload } = app.db.connection.prepare('SELECT payload FROM outbox').get() as { payload: string };
    const link = linkIn((JSON.parse(payload) as { mail: { text: string } }).mail.text, newsletterIn.en.unsubscribe)!;
    const day = 24 * 60 * 60_000;
    // Purged unconfirmed after its days, then every daily clean-up up to 60 days after the e-mail.
    for (const days of [8, 30, 60]) await purgeExpired(app.db, new Date(Date.now() + days * day));
    expect(app.db.connection.prepare('SELECT count(*) AS n FROM subscribers').get()).toEqual({ n: 0 });

    // A token for the same id that the site did not sign is still refused.
    const forged = link.replace(/token=(\d+)\.[\w-]{43}/, (_, id: string) => `token=${id}.${'A'.repeat(43)}`);
    const refused = await request(app).post(forged.slice(TEST_SITE_URL.length)).field('List-Unsubscribe', 'One-Click');
    expect(refused.body).toEqual({ result: 'invalid' });
    const answer = await request(app)
      .post(link.slice(TEST_SITE_URL.length))
      .type('form')
      .set('Accept', 'text/html')
      .send('List-Unsubscribe=One-Click');
    expect(answer.headers.location).toBe(`${newsletterIn.en.unsubscribe}?result=unsubscribed`);
    const page = await request(app).get(answer.headers.location!);
    expect(page.text).toContain(escaped(catalogues.en.newsletterUnsubscribe.outcomes.unsubscribed.text));
    expect(await createSuppressions(app.db).has('stranger@example.com')).toBe(true);
    // Past its days, the clean-up deletes what the link needed.
    await purgeExpired(app.db, new Date(Date.now() + 62 * day));
    expect(app.db.connection.prepare('SELECT count(*) AS n FROM unsubscribe_links').get()).toEqual({ n: 0 });
  });

  it('tells a reader who unsubscribed and follows the link again, once the address is deleted, that they are off the list', async () => {
    const app = testApp();
    cleanups.push(() => app.db.close());
    const sent: Confirmation[] = [];
    const sentences: Record<Locale, string> = {
      en: 'If you already unsubscribed, you are off the list: we will send you no more e-mails.',
      es: 'Si ya canceló su suscripción, no recibirá más correos nuestros.',
    };
    const own = createSubscriberStore(app.db, {
      outbox: createOutbox(app.db, app.config),
      messagesFor: (confirmation) => {
        sent.push(confirmation);
        return [];
      },
      committed: () => {},
    });
    await own.signUp('gone@example.com');
    expect(await own.confirm(sent[0]!.confirmToken)).toBe('confirmed');
    expect(await own.unsubscribe(sent[0]!.unsubscribeToken)).toBe('unsubscribed');
    await purgeExpired(app.db);
    for (const locale of locales) {
      const { unsubscribe } = newsletterIn[locale];
      const answer = await request(app)
        .post(`${unsubscribe}?token=${sent[0]!.unsubscribeToken}`)
        .type('form')
        .set('Accept', 'text/html')
        .send('List-Unsubscribe=One-Click');
      expect(answer.headers.location).toBe(`${unsubscribe}?result=invalid`);
      const page = await request(app).get(answer.headers.location!);
      expect(page.text).toContain(escaped(sentences[locale]));
      expect(catalogues[locale].newsletterUnsubscribe.outcomes.invalid.text).toContain(sentences[locale]);
    }
  });

  it('sends a link mailed before tokens named their address to the page that says so, in each language', async () => {
    const app = testApp();
    cleanups.push(() => app.db.close());
    await createSubscriberStore(app.db).signUp('early@example.com');
    const { value: secret } = app.db.connection
      .prepare("SELECT value FROM settings WHERE key = 'unsubscribe_secret'")
      .get() as { value: string };
    // The token as the site signed it then: the id alone.
    const old = `1.${createHmac('sha256', secret).update('unsubscribe:1').digest('base64url')}`;
    for (const locale of locales) {
      const { unsubscribe } = newsletterIn[locale];
      const answer = await request(app)
        .post(`${unsubscribe}?token=${old}`)
        .type('form')
        .set('Accept', 'text/html')
        .send('List-Unsubscribe=One-Click');
      expect(answer.headers.location).toBe(`${unsubscribe}?result=invalid`);
      const page = await request(app).get(answer.headers.location!);
      expect(page.text).toContain(escaped(catalogues[locale].newsletterUnsubscribe.outcomes.invalid.text));
      expect(page.text).toContain(siteFacts.email);
    }
    expect(subscriber(app).unsubscribed_at).toBeNull();
  });
});

describe.each(locales)('the newsletter e-mail and pages in %s', { timeout: 30_000 }, (locale) => {
  const words = newsletterIn[locale];
  const { newsletterConfirm: confirmPage, newsletterUnsubscribe: unsubscribePage } = catalogues[locale];
  const other = locales.find((candidate) => candidate !== locale)!;

  /** A sign-up's confirmation e-mail, through real SMTP, and its two links as site paths. */
  async function confirmationMail(app: TestApp, smtp: MailServer, email: string) {
    expect((await signUp(app, email, words.signUpQuery)).status).toBe(202);
    const [mail] = await smtp.waitFor(1);
    const confirmUrl = linkIn(mail!.parsed.text!, words.confirm);
    const unsubscribeUrl = linkIn(mail!.parsed.text!, words.unsubscribe);
    expect(confirmUrl).toBeDefined();
    expect(unsubscribeUrl).toBeDefined();
    const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
    return {
      mail: mail!,
      unsubscribeUrl: unsubscribeUrl!,
      confirmPath: pathOf(confirmUrl!),
      unsubscribePath: pathOf(unsubscribeUrl!),
    };
  }

  it("links a sign-up's e-mail and its List-Unsubscribe header to the pages in its language, never the other's", async () => {
    const { app, smtp } = await mailingApp(cleanups);
    const { mail, unsubscribeUrl } = await confirmationMail(app, smtp, 'lectora@example.com');
    expect(header(mail, 'subject')).toBe(words.subject);
    expect(unsubscribeUrl.startsWith(`${TEST_SITE_URL}${words.unsubscribe}?token=`)).toBe(true);
    expect(rawHeader(mail, 'list-unsubscribe')).toBe(`<${unsubscribeUrl}>`);
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.parsed.text).not.toContain(words.otherPaths);
  });

  it('shows the confirm button for a link, never caches it, and confirms once on the POST', async () => {
    const { app, smtp } = await mailingApp(cleanups);
    const { confirmPath } = await confirmationMail(app, smtp, 'confirm@example.com');
    const token = new URLSearchParams(confirmPath.split('?')[1]).get('token')!;

    const page = await request(app).get(confirmPath);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text.startsWith(`<!DOCTYPE html><html lang="${locale}">`)).toBe(true);
    expect(page.text).toContain(`<h1 id="page-title" class="newsletter-step__title">${confirmPage.ask.title}</h1>`);
    expect(page.text).toContain(
      `<form class="newsletter-step__form" action="${words.confirm}" method="post"><input type="hidden" name="token" value="${token}"/>`,
    );
    expect(page.text).toContain(`>${confirmPage.ask.button}</button>`);
    expect(page.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(executableInlineScripts(page.text)).toEqual([]);
    // Opening the link changes nothing: a mail scanner that follows it confirms nobody.
    expect(subscriber(app).confirmed_at).toBeNull();
    // The token never reaches the page cache: the page without it shows no button.
    const plain = await request(app).get(words.confirm);
    expect(plain.text).not.toContain(token);
    expect(plain.text).toContain(confirmPage.missing.text);

    const confirmed = await request(app)
      .post(words.confirm)
      .type('form')
      .set('Accept', 'text/html')
      .send(`token=${token}`);
    expect([confirmed.status, confirmed.headers.location]).toEqual([303, `${words.confirm}?result=confirmed`]);
    expect(subscriber(app)).toMatchObject({ confirmed_at: expect.any(String), confirmation_token_hash: null });
    const outcome = await request(app).get(confirmed.headers.location!);
    expect(outcome.text).toContain(`<html lang="${locale}">`);
    expect(outcome.text).toContain(escaped(confirmPage.outcomes.confirmed.title));
    expect(outcome.text).toContain(escaped(confirmPage.outcomes.confirmed.text));

    const again = await request(app).post(words.confirm).type('form').set('Accept', 'text/html').send(`token=${token}`);
    expect(again.headers.location).toBe(`${words.confirm}?result=invalid`);
    expect((await request(app).get(again.headers.location!)).text).toContain(
      escaped(confirmPage.outcomes.invalid.text),
    );
    const json = await request(app)
      .post(words.confirm)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ token }));
    expect([json.status, json.body]).toEqual([400, { result: 'invalid' }]);
  });

  it("shows a one-click button on the link's page and unsubscribes on its POST, the same as a mail client's RFC 8058 POST", async () => {
    const { app, smtp } = await mailingApp(cleanups);
    const { confirmPath, unsubscribePath } = await confirmationMail(app, smtp, 'leaving@example.com');

    const page = await request(app).get(unsubscribePath);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text.startsWith(`<!DOCTYPE html><html lang="${locale}">`)).toBe(true);
    expect(page.text).toContain(unsubscribePage.ask.title);
    expect(page.text).toContain(`action="${unsubscribePath.replace(/&/g, '&amp;')}"`);
    expect(page.text).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click"/>');
    expect(subscriber(app).unsubscribed_at).toBeNull();

    // A mail client's one-click POST: multipart, no Origin, the token in the URL.
    const oneClick = await request(app).post(unsubscribePath).field('List-Unsubscribe', 'One-Click');
    expect([oneClick.status, oneClick.body]).toEqual([200, { result: 'unsubscribed' }]);
    const first = subscriber(app).unsubscribed_at;
    expect(first).toEqual(expect.any(String));

    // The page's own button (no JavaScript): a form post, then the outcome page.
    const button = await request(app)
      .post(unsubscribePath)
      .type('form')
      .set('Accept', 'text/html')
      .send('List-Unsubscribe=One-Click');
    expect([button.status, button.headers.location]).toEqual([303, `${words.unsubscribe}?result=unsubscribed`]);
    expect(subscriber(app).unsubscribed_at).toBe(first);
    expect((await request(app).get(button.headers.location!)).text).toContain(
      escaped(unsubscribePage.outcomes.unsubscribed.title),
    );
    // An unsubscribed address can no longer be confirmed with the old link.
    const token = new URLSearchParams(confirmPath.split('?')[1]).get('token')!;
    expect((await request(app).post(words.confirm).type('form').send(`token=${token}`)).headers.location).toBe(
      `${words.confirm}?result=invalid`,
    );

    const unsigned = await request(app)
      .post(`${words.unsubscribe}?token=1.${'A'.repeat(43)}`)
      .type('form')
      .set('Accept', 'text/html')
      .send('List-Unsubscribe=One-Click');
    expect(unsigned.headers.location).toBe(`${words.unsubscribe}?result=invalid`);
    expect((await request(app).get(unsigned.headers.location!)).text).toContain(
      escaped(unsubscribePage.outcomes.invalid.text),
    );
  });

  it('sends a malformed token to the "no longer works" page', async () => {
    const app = testApp();
    cleanups.push(() => app.db.close());
    const odd = await request(app).get(`${words.confirm}?token=%3Cscript%3E`);
    expect([odd.status, odd.headers.location]).toEqual([303, `${words.confirm}?result=invalid`]);
    const oddOut = await request(app).get(`${words.unsubscribe}?token=%3Cscript%3E`);
    expect([oddOut.status, oddOut.headers.location]).toEqual([303, `${words.unsubscribe}?result=invalid`]);
  });

  it('refuses in its language: a cross-site post, an unknown media type, too many posts', async () => {
    const app = testApp();
    cleanups.push(() => app.db.close());
    const cross = await request(app)
      .post(words.confirm)
      .type('form')
      .set('Origin', 'https://elsewhere.example')
      .send('token=abc');
    expect(cross.status).toBe(403);
    expect(cross.text).toContain(`<html lang="${locale}">`);
    expect(cross.text).toContain(words.crossSite);
    expect(cross.text).toContain(`href="${words.confirm}"`);

    const json = await request(app)
      .post(words.unsubscribe)
      .set('Origin', 'https://elsewhere.example')
      .set('Content-Type', 'application/json')
      .send('{}');
    expect([json.status, json.body]).toEqual([403, { error: words.crossSite }]);

    const media = await request(app).post(words.confirm).set('Content-Type', 'text/csv').send('token=abc');
    expect(media.status).toBe(415);
    expect(media.body.error).toMatch(words.mediaType);
    expect(media.body.error).not.toMatch(newsletterIn[other].mediaType);

    let limited;
    for (let i = 0; i < 11; i++)
      limited = await request(app).post(words.confirm).type('form').set('Accept', 'text/html').send('token=abc');
    expect(limited!.status).toBe(429);
    expect(limited!.text).toMatch(words.retryLater);
  });

  it.each([
    ['confirm', confirmPage.head.title],
    ['unsubscribe', unsubscribePage.head.title],
  ] as const)(
    'serves the %s step in its language: lang, og:locale, JSON-LD, the switch to its twin, out of search and the sitemap',
    async (step, title) => {
      const app = testApp();
      cleanups.push(() => app.db.close());
      const path = words[step];
      const twin = newsletterIn[other][step];
      const response = await request(app).get(path);
      expect(response.status).toBe(200);
      const { text } = response;
      expect(text.startsWith(`<!DOCTYPE html><html lang="${locale}">`)).toBe(true);
      expect(text).toContain(`<title>${title}</title>`);
      expect(text).toContain(`<meta property="og:locale" content="${localeTags[locale].ogLocale}"/>`);
      expect(text).toContain(`<meta property="og:url" content="${TEST_SITE_URL}${path}"/>`);
      const data = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text)?.[1] ?? 'null');
      expect(data.description).toBe(catalogues[locale].site.tagline);
      const switchTo = (href: string, to: Locale) =>
        new RegExp(
          `<a href="${href}" hrefLang="${to}" lang="${to}" class="language-switch__link">${localeTags[to].name}</a>`,
          'g',
        );
      expect(text.match(switchTo(twin, other))).toHaveLength(2);
      expect((await request(app).get(twin)).text).toMatch(switchTo(path, locale));
      // A consent step is no page to list: noindex, so no canonical or hreflang, in either language.
      expect(text).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(text).not.toContain('rel="canonical"');
      expect(text).not.toContain('hrefLang="x-default"');
      const sitemap = (await request(app).get('/sitemap.xml')).text;
      expect(sitemap).not.toContain(path);
      expect(sitemap).not.toContain(twin);
    },
  );
});
