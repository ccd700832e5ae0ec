import { createHash } from 'node:crypto';

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createArticleStore } from '../../server/articles/store';
import { createAccountStore } from '../../server/console/accounts';
import { recordAudit } from '../../server/console/audit/record';
import { DEFAULT_GUARD_SETTINGS } from '../../server/formGuard/settings';
import { campaignStore } from '../../server/newsletter';
import { command as dataCommand } from '../../server/privacy/command';
import { purgeExpired } from '../../server/privacy/retention';
import { announced, campaignContent } from '../support/campaigns';
import { parseCsv } from '../support/csv';
import { testApp } from '../support/helpers';
import { pageLink } from '../support/pageLinks';
import type { StaffClient } from '../support/staffHelpers';
import {
  addAccount,
  articleForm,
  consolePost,
  insertLead,
  sessionFor,
  signIn,
  STAFF_PASSWORD,
} from '../support/staffHelpers';
import { setUpTwoFactor } from '../support/twoFactor';

const app = testApp({ TRUST_PROXY: '1' });
const OWNER = 'olga@meridianlab.test';
const EDITOR = 'eddie@meridianlab.test';
const HELD = 'held@acme.test';
let owner: StaffClient;
let editorId = 0;
let ownerId = 0;
let article = 0;

interface Row {
  actor: string;
  action: string;
  object: string;
  detail: string;
}
const rows = () =>
  app.db.connection
    .prepare('SELECT actor, action, object, detail FROM audit_log ORDER BY id')
    .all() as unknown as Row[];
const signInPost = (email: string, password: string, client = '203.0.113.1') =>
  request(app).post('/staff/sign-in').type('form').set('X-Forwarded-For', client).send({ email, password });
/** A line the data command writes is not this test's output. */
const quietly = async (work: () => Promise<void>) => {
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    await work();
  } finally {
    write.mockRestore();
  }
};

beforeAll(async () => {
  await addAccount(app.db, OWNER, undefined, { role: 'owner', name: 'Olga Owner' });
  await addAccount(app.db, EDITOR, undefined, { role: 'editor', name: 'Eddie Editor' });
  const accounts = createAccountStore(app.db);
  ownerId = (await accounts.find(OWNER))!.id;
  editorId = (await accounts.find(EDITOR))!.id;
  owner = await sessionFor(app, OWNER);
  insertLead(app.db, { email: 'maria@acme.test' });
  app.db.connection
    .prepare("INSERT INTO subscribers (email, created_at, confirmed_at) VALUES ('reader@example.test', ?, ?)")
    .run(new Date().toISOString(), new Date().toISOString());
  const created = await consolePost(app, '/staff/articles', owner, { ...articleForm, csrf: owner.csrf });
  article = Number(/\/staff\/articles\/(\d+)/.exec(String(created.headers.location))![1]);
  vi.stubEnv('DATA_DIR', app.config.dataDir);
});
afterAll(() => {
  vi.unstubAllEnvs();
  app.db.close();
});

/** Each action the log must record: what performs it, and the row it must leave (decision 072). */
const ACTIONS: [string, () => Promise<unknown>, () => Partial<Row>][] = [
  [
    'sign-in success',
    () => signIn(app, OWNER),
    () => ({ actor: OWNER, action: 'sign-in', object: `person ${ownerId}` }),
  ],
  [
    'sign-in failure of an account',
    () => signInPost(EDITOR, 'not the password'),
    () => ({ actor: EDITOR, action: 'sign-in.fail', object: `person ${editorId}`, detail: 'wrong password' }),
  ],
  [
    'sign-in failure of an address with no account, which is not kept',
    () => signInPost('nobody@meridianlab.test', 'not the password', '203.0.113.2'),
    () => ({ actor: 'unknown', action: 'sign-in.fail', object: 'sign-in' }),
  ],
  [
    'sign-in lock',
    async () => {
      // Nine failures long enough ago that no wait is left: the tenth locks.
      for (const key of [`pair:${EDITOR} 203.0.113.3`, `email:${EDITOR}`])
        app.db.connection
          .prepare('INSERT OR REPLACE INTO staff_sign_in_attempts VALUES (?, ?, 9, ?, ?)')
          .run(key, EDITOR, Date.now() - 3_600_000, Date.now() - 3_600_000);
      await signInPost(EDITOR, 'not the password', '203.0.113.3');
    },
    () => ({ actor: EDITOR, action: 'sign-in.lock', object: `person ${editorId}` }),
  ],
  [
    'role change',
    () =>
      consolePost(app, `/staff/people/${editorId}`, owner, {
        csrf: owner.csrf,
        name: 'Eddie Editor',
        office: 'Miami',
        language_en: 'on',
        timeZone: '',
        role: 'sales',
      }),
    () => ({ actor: OWNER, action: 'role.change', object: `person ${editorId}`, detail: 'editor → sales' }),
  ],
  [
    'leads export',
    () => request(app).get('/staff/leads.csv').set('Cookie', owner.cookie),
    () => ({ actor: OWNER, action: 'export.leads', object: 'leads', detail: '1 leads as CSV' }),
  ],
  [
    'subscribers export',
    () => request(app).get('/staff/subscribers.csv').set('Cookie', owner.cookie),
    () => ({ actor: OWNER, action: 'export.subscribers', object: 'subscribers', detail: '1 subscribers as CSV' }),
  ],
  [
    'a person’s export',
    () => quietly(() => dataCommand.run(['export', 'maria@acme.test']) as Promise<void>),
    () => ({ actor: 'command', action: 'export.person', object: 'a person’s data', detail: '1 leads, 0 subscription' }),
  ],
  [
    'correction',
    () => quietly(() => dataCommand.run(['correct', 'maria@acme.test', '--phone', '+1 305 555 0199']) as Promise<void>),
    () => ({ actor: 'command', action: 'correction', object: 'a person’s data', detail: '1 leads: phone' }),
  ],
  [
    'erasure',
    () => quietly(() => dataCommand.run(['erase', 'maria@acme.test']) as Promise<void>),
    () => ({ actor: 'command', action: 'erasure', object: 'a person’s data', detail: '1 leads, 0 subscriptions' }),
  ],
  [
    'publish',
    () => consolePost(app, `/staff/articles/${article}/publish`, owner, { csrf: owner.csrf }),
    () => ({ actor: OWNER, action: 'article.publish', object: `article ${article}` }),
  ],
  [
    'unpublish',
    () => consolePost(app, `/staff/articles/${article}/unpublish`, owner, { csrf: owner.csrf }),
    () => ({ actor: OWNER, action: 'article.unpublish', object: `article ${article}` }),
  ],
  [
    'schedule',
    () =>
      consolePost(app, `/staff/articles/${article}/schedule`, owner, {
        csrf: owner.csrf,
        publishAt: '2030-01-01T09:00',
      }),
    () => ({ actor: OWNER, action: 'article.schedule', object: `article ${article}` }),
  ],
  [
    'scheduled publishing',
    () => createArticleStore(app.db).publishDue(new Date('2030-01-01T15:00:00Z')),
    () => ({ actor: 'schedule', action: 'article.publish', object: `article ${article}` }),
  ],
  [
    'campaign send',
    async () => {
      const id = await campaignStore(app.db, app.config).create(campaignContent, announced.id);
      return consolePost(app, `/staff/newsletter/${id}/schedule`, owner, { csrf: owner.csrf, at: '' });
    },
    () => ({ actor: OWNER, action: 'campaign.send', object: expect.stringMatching(/^campaign \d+$/) }),
  ],
  [
    'session end by the person',
    async () => {
      const other = await sessionFor(app, OWNER);
      const id = sessionIdOf(other);
      return consolePost(app, `/staff/sessions/${id}/end`, owner, { csrf: owner.csrf });
    },
    () => ({
      actor: OWNER,
      action: 'session.end',
      object: `person ${ownerId}`,
      detail: 'another session, by themselves',
    }),
  ],
  [
    'session end by an owner',
    async () => {
      const theirs = await sessionFor(app, EDITOR);
      return consolePost(app, `/staff/people/${editorId}/sessions/${sessionIdOf(theirs)}/end`, owner, {
        csrf: owner.csrf,
      });
    },
    () => ({ actor: OWNER, action: 'session.end', object: `person ${editorId}`, detail: 'by an owner' }),
  ],
  [
    'sign-out',
    async () => {
      const mine = await sessionFor(app, OWNER);
      return consolePost(app, '/staff/sign-out', mine, { csrf: mine.csrf });
    },
    () => ({ actor: OWNER, action: 'session.end', object: `person ${ownerId}`, detail: 'signed out' }),
  ],
  [
    'invitation',
    () =>
      consolePost(app, '/staff/people', owner, {
        ...{ csrf: owner.csrf, name: 'Ines Invited', email: 'ines@meridianlab.test' },
        ...{ office: 'Miami', language_en: 'on', role: 'editor' },
      }),
    () => ({ actor: OWNER, action: 'invitation', detail: 'editor' }),
  ],
  [
    'password reset asked for',
    async () => {
      await request(app)
        .post('/staff/forgot')
        .type('form')
        .set('Origin', 'https://meridianlab.test')
        .set('X-Forwarded-For', '203.0.113.7')
        .send({ email: EDITOR });
      await app.afterAnswer.settled();
    },
    () => ({ actor: EDITOR, action: 'password.reset', object: `person ${editorId}`, detail: 'reset link sent' }),
  ],
  [
    'two factors required of everyone, a setting',
    async () => {
      await consolePost(app, '/staff/people/two-factor', owner, { csrf: owner.csrf, required: 'on' });
      await consolePost(app, '/staff/people/two-factor', owner, { csrf: owner.csrf });
    },
    () => ({ actor: OWNER, action: 'setting.change', detail: 'required of everyone' }),
  ],
  [
    'two-factor sign-in set up',
    async () => {
      await addAccount(app.db, 'tina@meridianlab.test', undefined, { role: 'sales', name: 'Tina' });
      await setUpTwoFactor(app, await sessionFor(app, 'tina@meridianlab.test'));
    },
    () => ({ actor: 'tina@meridianlab.test', action: 'two-factor', detail: 'set up from the account page' }),
  ],
  [
    'a held form post delivered',
    async () => consolePost(app, `/staff/quarantine/${await heldPost()}/deliver`, owner, { csrf: owner.csrf }),
    () => ({ actor: OWNER, action: 'quarantine.deliver', object: expect.stringMatching(/^held post \d+$/) }),
  ],
  [
    'a held form post deleted',
    async () => consolePost(app, `/staff/quarantine/${await heldPost()}/delete`, owner, { csrf: owner.csrf }),
    () => ({ actor: OWNER, action: 'quarantine.delete', detail: 'contact form' }),
  ],
  [
    'the form checks changed',
    () =>
      consolePost(app, '/staff/form-checks', owner, {
        ...Object.fromEntries(Object.entries(DEFAULT_GUARD_SETTINGS).map(([name, value]) => [name, String(value)])),
        // The tests' site sets no least time (TEST_FORM_CHECKS): only the threshold changes.
        ...{ minSeconds: '0', threshold: '60', csrf: owner.csrf },
      }),
    () => ({ actor: OWNER, action: 'setting.change', object: 'form checks', detail: 'threshold 50 → 60' }),
  ],
  [
    'audit log export',
    () => request(app).get('/staff/audit.csv').set('Cookie', owner.cookie),
    () => ({ actor: OWNER, action: 'export.audit', object: 'audit log' }),
  ],
];

/** A contact post that never loaded its page, held in the quarantine (decision 073): its id. */
async function heldPost(): Promise<number> {
  await request(app)
    .post('/api/contact')
    .set('X-Forwarded-For', '203.0.113.20')
    .send({ name: 'Held Person', email: HELD, message: 'Held words.' });
  await app.afterAnswer.settled(); // held posts are written together after their answers
  return (app.db.connection.prepare('SELECT max(id) AS id FROM form_quarantine').get() as { id: number }).id;
}

/** The stored id of a session: the SHA-256 of its cookie's token, as the sessions list shows it. */
function sessionIdOf(client: StaffClient): string {
  const token = client.cookie.split('=')[1]!;
  return (app.db.connection.prepare('SELECT id FROM staff_sessions WHERE id = ?').get(hash(token)) as { id: string })
    .id;
}
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

describe('the audit log', () => {
  it.each(ACTIONS)('records %s with its actor and object, one row', async (_name, perform, expected) => {
    const before = rows().length;
    await perform();
    const added = rows().slice(before);
    expect(added.map(({ action }) => action)).toContain(expected().action);
    expect(added.find(({ action }) => action === expected().action)).toMatchObject(expected());
  });

  it('holds no password, no token and no lead’s or subscriber’s contents or address', () => {
    const text = JSON.stringify(app.db.connection.prepare('SELECT * FROM audit_log').all());
    for (const secret of [
      STAFF_PASSWORD,
      'not the password',
      'nobody@meridianlab.test',
      'maria@acme.test',
      'Maria Gomez',
      'reader@example.test',
      '+1 305 555 0199',
      HELD,
      'Held words.',
      owner.csrf,
      owner.cookie.split('=')[1]!,
    ])
      expect(text).not.toContain(secret);
  });

  it('shows owners each step with names, filtered and paginated, and exports it as CSV; other roles get 403', async () => {
    const page = await request(app).get('/staff/audit').set('Cookie', owner.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Olga Owner');
    expect(page.text).toContain('Eddie Editor');
    expect(page.text).toContain('The article schedule');
    expect(page.text).not.toContain(`data-label="Who">${OWNER}<`); // who did it by name (a lead's owner is its detail)
    const filtered = await request(app)
      .get(`/staff/audit?person=${editorId}&action=sign-in.fail`)
      .set('Cookie', owner.cookie);
    expect(filtered.text).toMatch(/2 entries</); // the wrong password, then the one that locked
    expect(filtered.text).toContain('Sign-in failed');
    const none = await request(app).get('/staff/audit?from=2001-01-01&to=2001-01-02').set('Cookie', owner.cookie);
    expect(none.text).toMatch(/0 entries</);
    // Pages of 50, newest first.
    for (let n = 0; n < 60; n++)
      await recordAudit(app.db, { actor: OWNER, action: 'setting.change', object: `setting ${n}` });
    const first = await request(app).get('/staff/audit?action=setting.change').set('Cookie', owner.cookie);
    expect(first.text).toContain('setting 59');
    expect(first.text).not.toContain('setting 9<');
    // The older page starts after the last row shown (a keyset cursor, never an OFFSET), keeping the filter.
    const older = pageLink(first.text, 'next')!;
    expect(older).toMatch(/^\/staff\/audit\?action=setting.change&after=_\d+$/);
    const second = await request(app).get(older).set('Cookie', owner.cookie);
    expect(second.text).toContain('setting 0<');
    expect(second.text).not.toContain('setting 59');
    const newer = pageLink(second.text, 'prev')!;
    expect(newer).toMatch(/^\/staff\/audit\?[^"]*before=_\d+$/);
    expect((await request(app).get(newer).set('Cookie', owner.cookie)).text).toContain('setting 59');
    const csv = await request(app)
      .get(`/staff/audit.csv?person=${ownerId}&action=role.change`)
      .set('Cookie', owner.cookie);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="?audit-log-\d{4}-\d{2}-\d{2}\.csv/);
    expect(parseCsv(csv.text)).toEqual([
      ['When (UTC)', 'Who', 'What', 'Object', 'Detail'],
      [expect.any(String), 'Olga Owner', 'Role changed', 'Eddie Editor', 'editor → sales'],
    ]);
    await addAccount(app.db, 'sam@meridianlab.test', undefined, { role: 'editor' });
    const editor = await sessionFor(app, 'sam@meridianlab.test');
    for (const path of ['/staff/audit', '/staff/audit.csv']) {
      const refused = await request(app).get(path).set('Cookie', editor.cookie);
      expect(refused.status).toBe(403);
      expect(refused.text).not.toContain('Olga Owner');
    }
  });
});

describe('the audit table', () => {
  it('refuses an update and any delete but of rows past a year, which the retention job deletes', async () => {
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    app.db.connection
      .prepare(
        "INSERT INTO audit_log (at, actor, action, object, detail) VALUES (?, 'x@meridianlab.test', 'sign-in', 'person 9', '')",
      )
      .run(old);
    expect(() => app.db.connection.prepare("UPDATE audit_log SET actor = 'someone else'").run()).toThrow(/append-only/);
    expect(() => app.db.connection.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
    const count = () => (app.db.connection.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n;
    const before = count();
    expect((await purgeExpired(app.db)).auditLog).toBe(1);
    expect(count()).toBe(before - 1);
    expect(app.db.connection.prepare('SELECT count(*) AS n FROM audit_log WHERE at < ?').get(old.slice(0, 4))).toEqual({
      n: 0,
    });
  });
});
