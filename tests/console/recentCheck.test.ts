import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { createAccountStore } from '../../server/console/accounts';
import { campaignStore } from '../../server/newsletter';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, insertLead, sessionFor, STAFF_PASSWORD } from '../support/staffHelpers';

const app = testApp({ TRUST_PROXY: '1' });
let owner: StaffClient;
let lucia = 0;
beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test', undefined, { role: 'owner', name: 'Ana Ruiz' });
  await addAccount(app.db, 'lucia@meridianlab.test', undefined, { role: 'editor', name: 'Lucía' });
  lucia = (await createAccountStore(app.db).find('lucia@meridianlab.test'))!.id;
  insertLead(app.db);
  const text = { subject: 'Autumn', preview: 'Soon', body: 'Words' };
  await campaignStore(app.db, app.config).create({ en: text, es: text }, 1);
});
afterAll(() => app.db.close());
afterEach(() => vi.useRealTimers());

/** The clock 10 minutes and a second after the session's sign-in: its check is stale, the session itself alive. */
function elevenMinutesOn() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
}
/** The hidden fields of the check page's form. */
const hidden = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
/** Each check from a client address of its own: the throttle's waits run on the clock, which the tests move. */
let clients = 0;
const check = (client: StaffClient, fields: Record<string, string>) =>
  consolePost(app, '/staff/check', client, fields).set('X-Forwarded-For', `203.0.113.${++clients}`);

describe('a dangerous action', () => {
  it('goes through in the 10 minutes after the password was typed', async () => {
    owner = await sessionFor(app, 'ana@meridianlab.test');
    const exported = await request(app).get('/staff/leads.csv').set('Cookie', owner.cookie);
    expect(exported.status).toBe(200);
    expect(exported.text).toContain('Maria Gomez');
  });

  it('after 10 minutes asks for the password, shows no data, then goes on to the export once it is right', async () => {
    owner = await sessionFor(app, 'ana@meridianlab.test');
    elevenMinutesOn();
    for (const path of ['/staff/leads.csv?status=new', '/staff/leads.json', '/staff/subscribers.csv']) {
      const asked = await request(app).get(path).set('Cookie', owner.cookie);
      expect(asked.status, path).toBe(403);
      expect(asked.text).toContain('Confirm it is you');
      expect(asked.text).not.toContain('Maria Gomez');
      expect(asked.headers['content-disposition']).toBeUndefined();
      expect(hidden(asked.text)).toMatchObject({ recheck_next: path, recheck_method: 'get' });
    }
    const asked = await request(app).get('/staff/leads.csv?status=new').set('Cookie', owner.cookie);
    const wrong = await check(owner, { ...hidden(asked.text), recheck_password: 'not-my-password-1' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('That is not your password.');
    expect(hidden(wrong.text)).toMatchObject({ recheck_next: '/staff/leads.csv?status=new' });
    expect((await request(app).get('/staff/leads.csv').set('Cookie', owner.cookie)).status).toBe(403);

    const right = await check(owner, { ...hidden(asked.text), recheck_password: STAFF_PASSWORD });
    expect(right.status).toBe(303);
    expect(right.headers.location).toBe('/staff/leads.csv?status=new');
    const exported = await request(app).get(right.headers.location!).set('Cookie', owner.cookie);
    expect(exported.status).toBe(200);
    expect(exported.text).toContain('Maria Gomez');
  });

  it('carries a post’s form through the check: a role change is made with what was typed', async () => {
    owner = await sessionFor(app, 'ana@meridianlab.test');
    elevenMinutesOn();
    const form = { name: 'Lucía Pardo', office: 'Bogota', language_es: 'on', timeZone: '', role: 'sales' };
    const asked = await consolePost(app, `/staff/people/${lucia}`, owner, { ...form, csrf: owner.csrf });
    expect(asked.status).toBe(403);
    expect((await createAccountStore(app.db).find('lucia@meridianlab.test'))!.role).toBe('editor');
    const carried = hidden(asked.text);
    expect(carried).toMatchObject({ ...form, csrf: owner.csrf, recheck_next: `/staff/people/${lucia}` });
    expect(carried.recheck_method).toBe('post');

    // The browser posts the check form, then (307) the same body to the action, as it follows the redirect.
    const checked = await check(owner, { ...carried, recheck_password: STAFF_PASSWORD });
    expect(checked.status).toBe(307);
    expect(checked.headers.location).toBe(`/staff/people/${lucia}`);
    const done = await consolePost(app, checked.headers.location!, owner, {
      ...carried,
      recheck_password: STAFF_PASSWORD,
    });
    expect(done.status).toBe(303);
    expect(await createAccountStore(app.db).find('lucia@meridianlab.test')).toMatchObject({
      name: 'Lucía Pardo',
      role: 'sales',
      office: 'Bogota',
    });
  });

  it('asks nothing for a profile change that keeps the role', async () => {
    owner = await sessionFor(app, 'ana@meridianlab.test');
    elevenMinutesOn();
    const form = {
      name: 'Lucía P.',
      office: 'Bogota',
      language_es: 'on',
      timeZone: '',
      role: 'sales',
      csrf: owner.csrf,
    };
    expect((await consolePost(app, `/staff/people/${lucia}`, owner, form)).status).toBe(303);
  });

  it('guards a campaign send and an invitation alike', async () => {
    owner = await sessionFor(app, 'ana@meridianlab.test');
    elevenMinutesOn();
    const send = await consolePost(app, '/staff/newsletter/1/schedule', owner, { csrf: owner.csrf, at: '' });
    expect(send.status).toBe(403);
    expect(hidden(send.text)).toMatchObject({ recheck_next: '/staff/newsletter/1/schedule', at: '' });
    expect(app.db.connection.prepare('SELECT status FROM campaigns WHERE id = 1').get()).toEqual({ status: 'draft' });
    const invite = await consolePost(app, '/staff/people', owner, {
      csrf: owner.csrf,
      name: 'Eve',
      email: 'eve@meridianlab.test',
      office: 'Miami',
      language_en: 'on',
      role: 'owner',
    });
    expect(invite.status).toBe(403);
    expect(await createAccountStore(app.db).find('eve@meridianlab.test')).toBeUndefined();
  });

  it('goes on only to a console path, and counts wrong passwords as failed sign-ins', async () => {
    const client = await sessionFor(app, 'lucia@meridianlab.test');
    for (const next of ['https://evil.example/', '//evil.example/staff/', '/staff\\@evil.example', '/elsewhere']) {
      const checked = await check(client, { csrf: client.csrf, recheck_next: next, recheck_password: STAFF_PASSWORD });
      expect(checked.status, checked.text.slice(0, 300)).toBe(303);
      expect(checked.headers.location, next).toBe('/staff');
    }
    const wrong = () =>
      consolePost(app, '/staff/check', client, {
        csrf: client.csrf,
        recheck_next: '/staff/leads.csv',
        recheck_password: 'x',
      }).set('X-Forwarded-For', '203.0.113.99');
    for (let i = 0; i < 3; i++) expect((await wrong()).status).toBe(401);
    const slowed = await wrong();
    expect(slowed.status).toBe(429);
    expect(slowed.text).toContain('Too many failed attempts');
  });

  it('goes on for both of two right passwords sent at once after two wrong ones (a double click)', async () => {
    // Not Lucía, whose address the test before slowed down.
    const client = await sessionFor(app, 'ana@meridianlab.test');
    const send = (password: string) =>
      consolePost(app, '/staff/check', client, {
        csrf: client.csrf,
        recheck_next: '/staff/leads.csv',
        recheck_password: password,
      }).set('X-Forwarded-For', '203.0.113.98');
    for (let i = 0; i < 2; i++) expect((await send('x')).status).toBe(401);
    // The first counts as a third failure until its password is checked: the second waits for that answer.
    const answers = await Promise.all([send(STAFF_PASSWORD), send(STAFF_PASSWORD)]);
    expect(answers.map((answer) => [answer.status, answer.headers.location])).toEqual([
      [303, '/staff/leads.csv'],
      [303, '/staff/leads.csv'],
    ]);
  });
});
