import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAccountStore } from '../../server/console/accounts';
import { EMPTY_CONTACT_VALUES } from '../../shared/model/contactForm';
import { guardFields } from '../support/formGuard';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, sessionFor } from '../support/staffHelpers';

const app = testApp({ TRUST_PROXY: '1' });
let owner: StaffClient;
let client = 0;

/** A lead from a new client address; resolves to the owner it was given ("" for nobody). */
async function arrive(): Promise<string> {
  client += 1;
  const lead = { ...EMPTY_CONTACT_VALUES, name: `Lead ${client}`, email: `lead${client}@example.com`, message: 'Hi' };
  const posted = await request(app)
    .post('/api/contact')
    .set('Content-Type', 'application/json')
    .set('X-Forwarded-For', `203.0.113.${client}`)
    .send(JSON.stringify({ ...lead, ...(await guardFields(app, 'contact')) }));
  expect(posted.status).toBe(201);
  const row = app.db.connection.prepare('SELECT owner FROM leads ORDER BY id DESC LIMIT 1').get() as { owner: string };
  return row.owner;
}
const setRule = (fields: Record<string, string>) =>
  consolePost(app, '/staff/assignment', owner, { csrf: owner.csrf, ...fields });
const lastAudit = () =>
  app.db.connection
    .prepare("SELECT actor, object, detail FROM audit_log WHERE action = 'setting.change' ORDER BY id DESC LIMIT 1")
    .get();

beforeAll(async () => {
  // Nobody works set hours: the default rule takes the least-loaded who speaks the lead's language.
  await addAccount(app.db, 'olga@lab.test', undefined, { role: 'owner', name: 'Olga', languages: ['en'] });
  await addAccount(app.db, 'ben@lab.test', undefined, { role: 'sales', name: 'Ben', languages: ['en'] });
  await addAccount(app.db, 'cy@lab.test', undefined, { role: 'sales', name: 'Cy', languages: ['en'] });
  await addAccount(app.db, 'eve@lab.test', undefined, { role: 'editor', name: 'Eve', languages: ['en'] });
  owner = await sessionFor(app, 'olga@lab.test');
});
afterAll(() => app.db.close());

describe('the lab’s assignment rule', () => {
  it('is the least-loaded by default, and the page says so', async () => {
    const page = await request(app).get('/staff/assignment').set('Cookie', owner.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<option value="balanced" selected="">/);
    expect([await arrive(), await arrive(), await arrive(), await arrive()]).toEqual([
      'olga@lab.test',
      'ben@lab.test',
      'cy@lab.test',
      'olga@lab.test',
    ]);
  });

  it('gives leads to everyone who may own them in turn, round-robin, whatever their load', async () => {
    expect((await setRule({ rule: 'round-robin', person: '' })).status).toBe(303);
    expect(lastAudit()).toEqual({ actor: 'olga@lab.test', object: 'lead assignment rule', detail: 'round-robin' });
    // Olga's leads are closed, so she is the least loaded; the turn goes on from her, the last owner, never to the editor.
    app.db.connection.prepare("UPDATE leads SET status = 'lost' WHERE owner = 'olga@lab.test'").run();
    expect([await arrive(), await arrive(), await arrive(), await arrive()]).toEqual([
      'ben@lab.test',
      'cy@lab.test',
      'olga@lab.test',
      'ben@lab.test',
    ]);
  });

  it('gives every lead to one fixed person, and to the default rule once they may own none', async () => {
    expect((await setRule({ rule: 'fixed', person: 'CY@lab.test' })).status).toBe(303);
    expect(lastAudit()).toMatchObject({ detail: 'always cy@lab.test' });
    const page = await request(app).get('/staff/assignment?saved=rule').set('Cookie', owner.cookie);
    expect(page.text).toMatch(/<option value="fixed" selected="">/);
    expect(page.text).toMatch(/<option value="cy@lab.test" selected="">Cy<\/option>/);
    expect([await arrive(), await arrive()]).toEqual(['cy@lab.test', 'cy@lab.test']);
    await createAccountStore(app.db).disable('cy@lab.test');
    expect(await arrive()).not.toBe('cy@lab.test');
  });

  it('refuses a rule it does not know, or a fixed rule without a person who may own leads, keeping what was chosen', async () => {
    const unknown = await setRule({ rule: 'loudest', person: '' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('Choose one of the rules.');
    const editor = await setRule({ rule: 'fixed', person: 'eve@lab.test' });
    expect(editor.status).toBe(400);
    expect(editor.text).toContain('Choose the person who gets every lead');
    expect(editor.text).toMatch(/<option value="fixed" selected="">/);
    expect(lastAudit()).toMatchObject({ detail: 'always cy@lab.test' });
  });

  it('is the owners’ alone', async () => {
    const sales = await sessionFor(app, 'ben@lab.test');
    expect((await request(app).get('/staff/assignment').set('Cookie', sales.cookie)).status).toBe(403);
    const posted = await consolePost(app, '/staff/assignment', sales, { csrf: sales.csrf, rule: 'round-robin' });
    expect(posted.status).toBe(403);
  });
});
