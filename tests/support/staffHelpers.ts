import request from 'supertest';

import { createAccountStore } from '../../server/console/accounts';
import { hashPassword, SCRYPT_PARAMS } from '../../server/console/passwords';
import type { StaffProfile } from '../../server/console/people/profile';
import { createSessionStore } from '../../server/console/sessions';
import type { Database, SqliteDatabase } from '../../server/db';
import type { Inbox, InboxFilter, InboxLead } from '../../server/leads/inbox';
import type { TestApp } from './helpers';
import { TEST_SITE_URL } from './helpers';

export const STAFF_PASSWORD = 'violet-cyan-meridian-42';

/**
 * An account whose hash is made with a lower cost than production's, so a
 * test signs in in milliseconds: verification reads the cost from the hash.
 * An owner unless the profile says otherwise.
 */
export async function addAccount(
  db: Database,
  email: string,
  password = STAFF_PASSWORD,
  profile: Partial<StaffProfile> = { role: 'owner' },
): Promise<void> {
  await createAccountStore(db).add(email, await hashPassword(password, { ...SCRYPT_PARAMS, N: 2 ** 10 }), profile);
}

export interface StaffClient {
  /** The Cookie header that carries the session. */
  cookie: string;
  /** The session's CSRF token, as the console's forms carry it. */
  csrf: string;
}

/** The session cookie from a response's Set-Cookie, as a Cookie header. */
export function sessionCookieOf(response: request.Response): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const session = cookies.find((cookie) => /staff_session=[^;]+/.test(cookie));
  if (!session) throw new Error(`No session cookie in ${JSON.stringify(cookies)}`);
  return session.split(';')[0]!;
}

/** Signs in through the real form post, then reads the CSRF token from a console page. */
export async function signIn(app: TestApp, email: string, password = STAFF_PASSWORD): Promise<StaffClient> {
  const response = await request(app).post('/staff/sign-in').type('form').send({ email, password });
  if (response.status !== 303) throw new Error(`Sign-in answered ${response.status}`);
  const cookie = sessionCookieOf(response);
  const page = await request(app).get('/staff/leads').set('Cookie', cookie);
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1];
  if (!csrf) throw new Error('No CSRF token on the console page');
  return { cookie, csrf };
}

/**
 * A session opened straight from the store, without the sign-in form (which is
 * rate-limited per client): for tests about what a session may do, not how it starts.
 */
export async function sessionFor(app: TestApp, email: string): Promise<StaffClient> {
  const account = await createAccountStore(app.db).find(email);
  if (!account) throw new Error(`No account ${email}`);
  const name = TEST_SITE_URL.startsWith('https:') ? '__Host-staff_session' : 'staff_session';
  const cookie = `${name}=${await createSessionStore(app.db).create(account.id)}`;
  const page = await request(app).get('/staff/leads').set('Cookie', cookie);
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1];
  if (!csrf) throw new Error('No CSRF token on the console page');
  return { cookie, csrf };
}

/** A form post from the console's own origin, as a browser sends it. */
export function consolePost(app: TestApp, path: string, client: StaffClient | null, fields: Record<string, string>) {
  const post = request(app).post(path).type('form').set('Origin', TEST_SITE_URL).set('Sec-Fetch-Site', 'same-origin');
  if (client) post.set('Cookie', client.cookie);
  return post.send(fields);
}

/** Inserts a lead as the contact form stores it; returns its id. */
export function insertLead(
  db: SqliteDatabase,
  values: Partial<
    Record<'name' | 'email' | 'company' | 'phone' | 'service' | 'message' | 'received_at' | 'locale', string>
  > = {},
): number {
  const lead = {
    received_at: new Date().toISOString(),
    name: 'Maria Gomez',
    email: 'maria@acme.test',
    company: 'Acme',
    phone: '+1 305 555 0100',
    service: 'web-subscription',
    message: 'We need a new website.',
    locale: 'en',
    ...values,
  };
  const result = db.connection
    .prepare(
      `INSERT INTO leads (received_at, name, email, company, phone, service, message, locale, client_hash, user_agent)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'hash', 'Test Browser/1.0')`,
    )
    .run(lead.received_at, lead.name, lead.email, lead.company, lead.phone, lead.service, lead.message, lead.locale);
  return Number(result.lastInsertRowid);
}

/** A whole article as the console's editor posts it: a new English article, ready to publish. */
export const articleForm = {
  locale: 'en',
  title: 'Pipetting Robots on a Budget',
  slug: 'pipetting-robots-on-a-budget',
  excerpt: 'What a small lab can automate for the price of a used centrifuge.',
  category: 'technology',
  author: 'Dr. Marcus Rivera',
  date: '2026-11-20',
  featured: '',
  image: '/images/blog/lab-automation.svg',
  imageAlt: 'A pipetting robot',
  body: 'The first paragraph.\n\n## What it costs\n\nLess than you think.\n',
};

/** Every lead an inbox filter matches, newest first, read through the exports' batches. */
export async function everyLead(
  inbox: Inbox,
  filter: InboxFilter,
  bounds?: Parameters<Inbox['count']>[1],
): Promise<InboxLead[]> {
  const leads: InboxLead[] = [];
  for await (const batch of inbox.batches(filter, 2, bounds)) leads.push(...batch);
  return leads;
}
