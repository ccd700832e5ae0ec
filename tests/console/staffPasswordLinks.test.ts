import { createHash } from 'node:crypto';

import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { createAccountStore } from '../../server/console/accounts';
import { purgeExpired } from '../../server/privacy/retention';
import type { TestApp } from '../support/helpers';
import { linkIn, mailingApp } from '../support/mailingApp';
import type { MailServer } from '../support/mailServer';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';
import { until } from '../support/waits';

const NEW_PASSWORD = 'orchid-tangent-harbor-77';
const HOUR_MS = 60 * 60_000;

const cleanups: (() => unknown)[] = [];
let app: TestApp;
let smtp: MailServer;
let owner: StaffClient;
beforeAll(async () => {
  ({ app, smtp } = await mailingApp(cleanups, { TRUST_PROXY: '1' }));
  await addAccount(app.db, 'ana@meridianlab.test', undefined, { role: 'owner', name: 'Ana Ruiz' });
  owner = await sessionFor(app, 'ana@meridianlab.test');
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
afterEach(() => vi.useRealTimers());

/** Each test's requests come from its own client address, so the per-client limits of one never touch another. */
let clients = 0;
const newClient = () => `198.51.100.${++clients}`;

const invite = (fields: Record<string, string>) =>
  consolePost(app, '/staff/people', owner, {
    csrf: owner.csrf,
    name: 'Lucía Pardo',
    office: 'Bogota',
    language_en: 'on',
    role: 'editor',
    ...fields,
  });
/** The messages received for `address`, once `count` of them have come. */
async function mailsTo(address: string, count: number) {
  await until(
    `${count} e-mail(s) to ${address}`,
    () => smtp.received.filter((m) => m.recipients.includes(address)).length >= count,
  );
  return smtp.received.filter((mail) => mail.recipients.includes(address));
}
/** The path and query of the password link in a message. */
const linkOf = (text: string | undefined) => {
  const link = linkIn(text ?? '', '/staff/password');
  if (!link) throw new Error('No password link in the e-mail');
  return new URL(link).pathname + new URL(link).search;
};
const tokenOf = (path: string) => new URLSearchParams(path.split('?')[1]).get('token')!;
const setPassword = (path: string, password = NEW_PASSWORD, client = newClient()) =>
  request(app)
    .post('/staff/password')
    .type('form')
    .set('Origin', 'https://meridianlab.test')
    .set('X-Forwarded-For', client)
    .send({ token: tokenOf(path), password, repeat: password });
const signIn = (email: string, password: string) =>
  request(app).post('/staff/sign-in').type('form').set('X-Forwarded-For', newClient()).send({ email, password });
const forgot = (email: string, client = newClient()) =>
  request(app)
    .post('/staff/forgot')
    .type('form')
    .set('Origin', 'https://meridianlab.test')
    .set('X-Forwarded-For', client)
    .send({ email });

describe('an invitation', () => {
  it('makes an invited account and e-mails a link that sets its password once; then the person signs in', async () => {
    const sent = await invite({ email: 'lucia@meridianlab.test' });
    expect(sent.status).toBe(303);
    const person = (await createAccountStore(app.db).find('lucia@meridianlab.test'))!;
    expect(sent.headers.location).toBe(`/staff/people?invited=${person.id}`);
    expect(person).toMatchObject({ name: 'Lucía Pardo', role: 'editor', office: 'Bogota', timeZone: 'America/Bogota' });
    expect(person.invitedAt).not.toBeNull();
    const list = await request(app).get(sent.headers.location!).set('Cookie', owner.cookie);
    expect(list.text).toContain('Invitation sent to lucia@meridianlab.test');
    expect(list.text).toContain('Invited');

    const [mail] = await mailsTo('lucia@meridianlab.test', 1);
    expect(mail!.parsed.subject).toBe('You are invited to the Meridian Lab staff console');
    expect(mail!.parsed.text).toContain('Ana Ruiz invited you');
    expect(mail!.parsed.text).toContain('It works once, for 72 hours');
    const link = linkOf(mail!.parsed.text);
    // Only the secret's hash is stored: the database holds nothing of the link that opens it.
    const [id, secret] = tokenOf(link).split('.');
    const stored = app.db.connection.prepare('SELECT * FROM staff_links WHERE id = ?').get(id!) as Record<
      string,
      string
    >;
    expect(stored.secret_hash).toBe(createHash('sha256').update(secret!).digest('hex'));
    expect(JSON.stringify(app.db.connection.prepare('SELECT * FROM staff_links').all())).not.toContain(secret);
    await until('the e-mail marked sent', () =>
      String(
        (app.db.connection.prepare("SELECT payload FROM outbox WHERE kind = 'staff-link'").get() as { payload: string })
          .payload,
      ).includes('[link removed once sent]'),
    );

    // An invited account has no password yet: nothing typed opens it.
    expect((await signIn('lucia@meridianlab.test', '')).status).toBe(400);
    expect((await signIn('lucia@meridianlab.test', 'anything-at-all-123')).status).toBe(401);

    const page = await request(app).get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain('For lucia@meridianlab.test.');
    // A refused password keeps the link usable, and says why.
    const common = await setPassword(link, 'password1234');
    expect(common.status).toBe(400);
    expect(common.text).toContain('too common');
    const mismatch = await request(app)
      .post('/staff/password')
      .type('form')
      .set('Origin', 'https://meridianlab.test')
      .send({ token: tokenOf(link), password: NEW_PASSWORD, repeat: `${NEW_PASSWORD}!` });
    expect(mismatch.status).toBe(400);

    const set = await setPassword(link);
    expect(set.status).toBe(303);
    expect(set.headers.location).toBe('/staff/sign-in?passwordSet=1');
    expect((await request(app).get(set.headers.location!)).text).toContain('Your password is set. Sign in with it.');
    expect((await createAccountStore(app.db).find('lucia@meridianlab.test'))!.invitedAt).toBeNull();
    // Single use: the same link opens nothing now.
    expect((await setPassword(link, 'another-tangent-harbor-78')).status).toBe(410);
    expect((await request(app).get(link)).text).toContain('This link no longer works');

    const signedIn = await signIn('lucia@meridianlab.test', NEW_PASSWORD);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe('/staff/subscribers');
  });

  it('is written in Spanish for a person who takes calls in Spanish alone', async () => {
    expect((await invite({ email: 'jorge@meridianlab.test', language_en: '', language_es: 'on' })).status).toBe(303);
    const [mail] = await mailsTo('jorge@meridianlab.test', 1);
    expect(mail!.parsed.subject).toBe('Le invitamos a la consola del personal de Meridian Lab');
    expect(mail!.parsed.text).toContain('Sirve una sola vez, durante 72 horas');
    expect(linkOf(mail!.parsed.text)).toMatch(/^\/staff\/password\?token=/);
  });

  it('sent again replaces the earlier link; an address with an account of its own is refused', async () => {
    expect((await invite({ email: 'marta@meridianlab.test' })).status).toBe(303);
    const person = (await createAccountStore(app.db).find('marta@meridianlab.test'))!;
    const again = await consolePost(app, `/staff/people/${person.id}/invite`, owner, { csrf: owner.csrf });
    expect(again.headers.location).toBe(`/staff/people/${person.id}?saved=resent`);
    const [first, second] = await mailsTo('marta@meridianlab.test', 2);
    expect((await request(app).get(linkOf(first!.parsed.text))).status).toBe(410);
    const live = linkOf(second!.parsed.text);
    // The link's id with any other secret opens nothing.
    const altered = live.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await request(app).get(altered)).status).toBe(410);
    expect((await request(app).get(live)).status).toBe(200);

    // An active account is never taken over by an invitation, whatever its case.
    const taken = await invite({ email: 'ANA@meridianlab.test', role: 'sales' });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain('This address already has an account');
    expect(taken.text).toContain('value="Lucía Pardo"');
    expect((await createAccountStore(app.db).find('ana@meridianlab.test'))!.role).toBe('owner');
    // A form with problems comes back with what was typed.
    const refused = await invite({ email: 'not an address', name: '' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Enter the person’s e-mail address.');
    expect(refused.text).toContain('value="not an address"');
  });

  it('stops working 72 hours after it was sent', async () => {
    expect((await invite({ email: 'late@meridianlab.test' })).status).toBe(303);
    const link = linkOf((await mailsTo('late@meridianlab.test', 1))[0]!.parsed.text);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 72 * HOUR_MS - 60_000);
    expect((await request(app).get(link)).status).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await request(app).get(link)).status).toBe(410);
    expect((await setPassword(link)).status).toBe(410);
  });
});

describe('Forgot password?', () => {
  it('answers the same whether the address has an account or not, and e-mails only an account', async () => {
    await addAccount(app.db, 'pablo@meridianlab.test', undefined, { role: 'sales', name: 'Pablo' });
    const known = await forgot('pablo@meridianlab.test');
    const unknown = await forgot('nobody@meridianlab.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect(known.text).toContain('If that address has an account, a link to choose a new password is on its way.');
    await app.afterAnswer.settled();
    const [mail] = await mailsTo('pablo@meridianlab.test', 1);
    expect(mail!.parsed.subject).toBe('Reset your password for the Meridian Lab staff console');
    expect(mail!.parsed.text).toContain('It works once, for 30 minutes');
    expect(app.db.connection.prepare("SELECT count(*) AS n FROM outbox WHERE payload LIKE '%nobody@%'").get()).toEqual({
      n: 0,
    });
  });

  it('sets a new password once, and ends every session the person had', async () => {
    await addAccount(app.db, 'rosa@meridianlab.test', undefined, { role: 'sales', name: 'Rosa' });
    const laptop = await sessionFor(app, 'rosa@meridianlab.test');
    const phone = await sessionFor(app, 'rosa@meridianlab.test');
    await forgot('rosa@meridianlab.test');
    await app.afterAnswer.settled();
    const link = linkOf((await mailsTo('rosa@meridianlab.test', 1))[0]!.parsed.text);
    expect((await setPassword(link)).status).toBe(303);
    for (const session of [laptop, phone]) {
      const page = await request(app).get('/staff/leads').set('Cookie', session.cookie);
      expect(page.headers.location).toBe('/staff/sign-in?expired=1&next=%2Fstaff%2Fleads');
    }
    expect((await setPassword(link, 'another-tangent-harbor-78')).status).toBe(410);
    expect((await signIn('rosa@meridianlab.test', NEW_PASSWORD)).status).toBe(303);
  });

  it('gives a link that stops working after 30 minutes, and a disabled account nothing', async () => {
    await addAccount(app.db, 'tomas@meridianlab.test', undefined, { role: 'sales' });
    await forgot('tomas@meridianlab.test');
    await app.afterAnswer.settled();
    const link = linkOf((await mailsTo('tomas@meridianlab.test', 1))[0]!.parsed.text);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 29 * 60_000);
    expect((await request(app).get(link)).status).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await setPassword(link)).status).toBe(410);
    vi.useRealTimers();

    await addAccount(app.db, 'gone@meridianlab.test');
    await createAccountStore(app.db).disable('gone@meridianlab.test');
    expect((await forgot('gone@meridianlab.test')).status).toBe(200);
    await app.afterAnswer.settled();
    expect(app.db.connection.prepare("SELECT count(*) AS n FROM outbox WHERE payload LIKE '%gone@%'").get()).toEqual({
      n: 0,
    });
  });

  it('sends one address at most 3 links an hour, answering as ever; one client gets 429 past 10 requests', async () => {
    await addAccount(app.db, 'busy@meridianlab.test', undefined, { role: 'sales' });
    for (let i = 0; i < 4; i++) expect((await forgot('busy@meridianlab.test')).status).toBe(200);
    await app.afterAnswer.settled();
    expect(
      app.db.connection.prepare("SELECT count(*) AS n FROM outbox WHERE payload LIKE '%busy@meridianlab.test%'").get(),
    ).toEqual({ n: 3 });
    // The hour's counts name neither the address nor the client: keyed hashes only.
    const counted = JSON.stringify(app.db.connection.prepare('SELECT key FROM rate_limit_hits').all());
    expect(counted).toContain('staff-reset-address:');
    expect(counted).not.toContain('busy@');
    expect(counted).not.toContain('198.51.100.');

    const client = newClient();
    for (let i = 0; i < 10; i++) expect((await forgot(`someone-${i}@meridianlab.test`, client)).status).toBe(200);
    const limited = await forgot('busy@meridianlab.test', client);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
    expect(limited.text).toContain('Too many requests from here.');
    // Another client still gets its answer.
    expect((await forgot('someone-else@meridianlab.test')).status).toBe(200);
  });

  it('refuses a made-up or altered token and asks again for a typed address that is not one', async () => {
    const made = await request(app).get(`/staff/password?token=${'A'.repeat(22)}.${'B'.repeat(43)}`);
    expect(made.status).toBe(410);
    expect(made.text).toContain('Ask for a new link');
    expect((await request(app).get('/staff/password?token=%00')).status).toBe(410);
    // Like every console page: never stored, never indexed, no script.
    for (const path of ['/staff/forgot', '/staff/password?token=x']) {
      const page = await request(app).get(path);
      expect(page.headers['cache-control'], path).toBe('no-store, no-transform');
      expect(page.headers['x-robots-tag'], path).toBe('noindex, nofollow');
      expect(page.headers['content-security-policy'], path).toContain("script-src 'none'");
    }
    expect((await request(app).get('/staff/password')).status).toBe(410);
    const bad = await forgot('not an address');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('value="not an address"');
  });
});

describe('what the site keeps of a link', () => {
  it('keeps its hash until it is used, replaced or out of time, then the daily purge; the e-mail’s copy 30 days, without the link', async () => {
    expect((await invite({ email: 'kept@meridianlab.test' })).status).toBe(303);
    const text = (await mailsTo('kept@meridianlab.test', 1))[0]!.parsed.text;
    const { id } = (await createAccountStore(app.db).find('kept@meridianlab.test'))!;
    const links = () => app.db.connection.prepare('SELECT purpose FROM staff_links WHERE account_id = ?').all(id);
    await until(
      'the e-mail marked sent',
      () =>
        app.db.connection
          .prepare(
            "SELECT count(*) AS n FROM outbox WHERE kind = 'staff-link' AND status = 'sent' AND payload LIKE '%kept@%'",
          )
          .get()!.n === 1,
    );
    const copy = () =>
      app.db.connection.prepare("SELECT payload FROM outbox WHERE payload LIKE '%kept@%'").all() as {
        payload: string;
      }[];
    expect(copy()[0]!.payload).not.toContain(tokenOf(linkOf(text)));
    await purgeExpired(app.db, new Date(Date.now() + 72 * HOUR_MS - 60_000));
    expect(links()).toEqual([{ purpose: 'invite' }]);
    await purgeExpired(app.db, new Date(Date.now() + 72 * HOUR_MS + 60_000));
    expect(links()).toEqual([]);
    await purgeExpired(app.db, new Date(Date.now() + 29 * 24 * HOUR_MS));
    expect(copy()).toHaveLength(1);
    await purgeExpired(app.db, new Date(Date.now() + 31 * 24 * HOUR_MS));
    expect(copy()).toHaveLength(0);
  });
});
