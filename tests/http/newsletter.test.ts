import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../server/db';
import { createOutbox } from '../../server/outbox/delivery';
import { signUpMessages } from '../../server/newsletter/messages';
import type { Confirmation } from '../../server/newsletter/store';
import { createSubscriberStore } from '../../server/newsletter/store';
import { newsletterConfirm as confirmPage } from '../../shared/content/i18n/en/newsletterConfirm';
import { newsletterUnsubscribe as unsubscribePage } from '../../shared/content/i18n/en/newsletterUnsubscribe';
import type { TestApp } from '../support/helpers';
import { TEST_SITE_URL, executableInlineScripts, testConfig } from '../support/helpers';
import { linkIn, mailingApp } from '../support/mailingApp';
import { header, rawHeader } from '../support/mailServer';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const signUp = (app: TestApp, email: string) => request(app).post('/api/subscribe').set('Content-Type', 'application/json').send(JSON.stringify({ email }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
const subscriber = (app: TestApp) =>
  app.db.connection.prepare('SELECT email, confirmed_at, unsubscribed_at, confirmation_token_hash FROM subscribers').get() as Record<string, string | null>;

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

describe('newsletter double opt-in', { timeout: 30_000 }, () => {
  it('writes the confirmation e-mail in the language the address signed up in, and keeps that language', async () => {
    const { app, smtp } = await mailingApp(cleanups);
    const response = await request(app).post('/api/subscribe?locale=es').set('Content-Type', 'application/json').send(JSON.stringify({ email: 'lectora@example.com' }));
    expect(response.status).toBe(202);
    const [mail] = await smtp.waitFor(1);
    expect(header(mail!, 'subject')).toBe('Confirme su suscripción a los artículos de Meridian Lab');
    expect(mail!.parsed.text).toContain('Para confirmar, abra este enlace (sirve una sola vez, durante 7 días):');
    expect(linkIn(mail!.parsed.text!, '/es/boletin/confirmar')).toBeDefined();
    expect(rawHeader(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(app.db.connection.prepare('SELECT locale FROM subscribers').get()).toEqual({ locale: 'es' });
    await signUp(app, 'english@example.com');
    expect(app.db.connection.prepare("SELECT locale FROM subscribers WHERE email = 'english@example.com'").get()).toEqual({ locale: 'en' });
  });

  it('answers a sign-up "pending" and e-mails a confirmation link with RFC 8058 unsubscribe headers; nothing is confirmed yet', async () => {
    const { app, smtp } = await mailingApp(cleanups);
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
    await settle();
    expect(subscriber(app).confirmation_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(app.db.connection.prepare('SELECT * FROM subscribers').all())).not.toContain(token);
    const outbox = app.db.connection.prepare('SELECT kind, subscriber_id, status, payload FROM outbox').all() as { kind: string; status: string; payload: string }[];
    expect(outbox).toMatchObject([{ kind: 'newsletter-confirmation', subscriber_id: 1, status: 'sent' }]);
    expect(outbox[0]!.payload).not.toContain(token);
  });

  it('sends one confirmation an hour at most, and none to a confirmed address, with the same answer every time', async () => {
    const { app, smtp } = await mailingApp(cleanups);
    const answers = [];
    for (const email of ['again@example.com', 'AGAIN@example.com', 'again@example.com']) answers.push(await signUp(app, email));
    await smtp.waitFor(1);
    await settle();
    expect(smtp.received).toHaveLength(1);
    for (const answer of answers) expect([answer.status, answer.body]).toEqual([202, { status: 'pending' }]);

    const { store, sent } = storeWithInbox();
    const t0 = new Date('2024-05-01T08:00:00Z');
    await store.signUp('hourly@example.com', t0);
    await store.signUp('hourly@example.com', new Date(t0.getTime() + 59 * 60_000));
    expect(sent).toHaveLength(1);
    await store.signUp('hourly@example.com', new Date(t0.getTime() + 61 * 60_000));
    expect(sent).toHaveLength(2);
    // The newer link replaces the older one.
    expect(await store.confirm(sent[0]!.confirmToken, new Date(t0.getTime() + 62 * 60_000))).toBe('invalid');
    expect(await store.confirm(sent[1]!.confirmToken, new Date(t0.getTime() + 62 * 60_000))).toBe('confirmed');
    await store.signUp('hourly@example.com', new Date(t0.getTime() + 5 * 60 * 60_000));
    expect(sent).toHaveLength(2);
  });

  it('shows the confirm button for a link, never caches it, and confirms once on the POST', async () => {
    const { app, smtp } = await mailingApp(cleanups);
    await signUp(app, 'confirm@example.com');
    const [mail] = await smtp.waitFor(1);
    const link = new URL(linkIn(mail!.parsed.text!, '/newsletter/confirm')!);
    const token = link.searchParams.get('token')!;

    const page = await request(app).get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain(`<h1 id="page-title" class="newsletter-step__title">${confirmPage.ask.title}</h1>`);
    expect(page.text).toMatch(new RegExp(`<form class="newsletter-step__form" action="/newsletter/confirm" method="post"><input type="hidden" name="token" value="${token}"/>`));
    expect(page.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(executableInlineScripts(page.text)).toEqual([]);
    // Opening the link changes nothing: a mail scanner that follows it confirms nobody.
    expect(subscriber(app).confirmed_at).toBeNull();
    // The token never reaches the page cache: the page without it shows no button.
    const plain = await request(app).get('/newsletter/confirm');
    expect(plain.text).not.toContain(token);
    expect(plain.text).toContain(confirmPage.missing.text);

    const confirmed = await request(app).post('/newsletter/confirm').type('form').set('Accept', 'text/html').send(`token=${token}`);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe('/newsletter/confirm?result=confirmed');
    expect(subscriber(app)).toMatchObject({ confirmed_at: expect.any(String), confirmation_token_hash: null });
    expect((await request(app).get(confirmed.headers.location!)).text).toContain(confirmPage.outcomes.confirmed.title.replace("'", '&#x27;'));

    const again = await request(app).post('/newsletter/confirm').type('form').set('Accept', 'text/html').send(`token=${token}`);
    expect(again.headers.location).toBe('/newsletter/confirm?result=invalid');
    const json = await request(app).post('/newsletter/confirm').set('Content-Type', 'application/json').send(JSON.stringify({ token }));
    expect([json.status, json.body]).toEqual([400, { result: 'invalid' }]);
  });

  it('lets a link expire after 7 days', async () => {
    const { store, sent } = storeWithInbox();
    const t0 = new Date('2024-05-01T08:00:00Z');
    await store.signUp('late@example.com', t0);
    expect(await store.confirm(sent[0]!.confirmToken, new Date(t0.getTime() + 7 * 24 * 60 * 60_000 + 1000))).toBe('invalid');
    await store.signUp('soon@example.com', t0);
    expect(await store.confirm(sent[1]!.confirmToken, new Date(t0.getTime() + 6 * 24 * 60 * 60_000))).toBe('confirmed');
  });

  it('sends a malformed token to the "no longer works" page, and refuses cross-site posts', async () => {
    const { app } = await mailingApp(cleanups);
    const odd = await request(app).get('/newsletter/confirm?token=%3Cscript%3E');
    expect([odd.status, odd.headers.location]).toEqual([303, '/newsletter/confirm?result=invalid']);
    const cross = await request(app).post('/newsletter/confirm').type('form').set('Origin', 'https://evil.example').send('token=abc');
    expect(cross.status).toBe(403);
  });
});

describe('unsubscribe', { timeout: 30_000 }, () => {
  it('shows a one-click button on the link\'s page and unsubscribes on its POST, the same as a mail client\'s RFC 8058 POST', async () => {
    const { app, smtp } = await mailingApp(cleanups);
    await signUp(app, 'leaving@example.com');
    const [mail] = await smtp.waitFor(1);
    const link = new URL(linkIn(mail!.parsed.text!, '/newsletter/unsubscribe')!);
    const path = `${link.pathname}${link.search}`;

    const page = await request(app).get(path);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain(unsubscribePage.ask.title);
    expect(page.text).toContain(`action="${path.replace(/&/g, '&amp;')}"`);
    expect(page.text).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click"/>');
    expect(subscriber(app).unsubscribed_at).toBeNull();

    // A mail client's one-click POST: multipart, no Origin, the token in the URL.
    const oneClick = await request(app).post(path).field('List-Unsubscribe', 'One-Click');
    expect([oneClick.status, oneClick.body]).toEqual([200, { result: 'unsubscribed' }]);
    const first = subscriber(app).unsubscribed_at;
    expect(first).toEqual(expect.any(String));

    // The page's own button (no JavaScript): a form post, then the outcome page.
    const button = await request(app).post(path).type('form').set('Accept', 'text/html').send('List-Unsubscribe=One-Click');
    expect([button.status, button.headers.location]).toEqual([303, '/newsletter/unsubscribe?result=unsubscribed']);
    expect(subscriber(app).unsubscribed_at).toBe(first);
    // An unsubscribed address can no longer be confirmed with the old link.
    const token = new URL(linkIn(mail!.parsed.text!, '/newsletter/confirm')!).searchParams.get('token')!;
    expect((await request(app).post('/newsletter/confirm').type('form').send(`token=${token}`)).headers.location).toBe('/newsletter/confirm?result=invalid');
  });

  it('refuses a token that was not signed by this site', async () => {
    const { store } = storeWithInbox();
    await store.signUp('victim@example.com');
    const genuine = await store.unsubscribeToken(1);
    expect(genuine).toMatch(/^1\.[\w-]{43}$/);
    expect(await store.unsubscribe(`2.${genuine.slice(2)}`)).toBe('invalid');
    expect(await store.unsubscribe(`1.${'A'.repeat(43)}`)).toBe('invalid');
    expect(await store.unsubscribe('1')).toBe('invalid');
    expect(await store.unsubscribe(genuine)).toBe('unsubscribed');
  });

  it('needs the site\'s own secret: another database signs differently', () => {
    expect(storeWithInbox().store.unsubscribeToken(1)).not.toBe(storeWithInbox().store.unsubscribeToken(1));
  });
});
