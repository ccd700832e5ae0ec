import { createHash } from 'node:crypto';

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createArticleStore } from '../../server/articles/store';
import { testApp } from '../support/helpers';
import { addAccount, articleForm, STAFF_PASSWORD } from '../support/staffHelpers';

const app = testApp({ TRUST_PROXY: '1' });
const OWNER = 'olga@meridianlab.test';
const EDITOR = 'eddie@meridianlab.test';
let clients = 0;

/** A browser: its cookies (session and kept form) as the server set them, and its own client address. */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly address = `203.0.113.${++clients}`;

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  take(response: request.Response) {
    for (const line of ([] as string[]).concat(response.headers['set-cookie'] ?? [])) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (/Max-Age=0/.test(line)) this.cookies.delete(name!);
      else this.cookies.set(name!, value!);
    }
    return response;
  }
  async get(path: string) {
    return this.take(await request(app).get(path).set('Cookie', this.header()).set('X-Forwarded-For', this.address));
  }
  async post(path: string, fields: Record<string, string>) {
    const post = request(app)
      .post(path)
      .type('form')
      .set('Origin', 'https://meridianlab.test')
      .set('X-Forwarded-For', this.address)
      .set('Cookie', this.header());
    return this.take(await post.send(fields));
  }
  async signIn(email: string, fields: Record<string, string> = {}) {
    return this.post('/staff/sign-in', { email, password: STAFF_PASSWORD, ...fields });
  }
  /** The CSRF token of a console page's forms. */
  async csrf(path = '/staff/articles') {
    return /name="csrf" value="([^"]+)"/.exec((await this.get(path)).text)![1]!;
  }
  sessionToken() {
    return this.cookies.get('__Host-staff_session')!;
  }
}

/** Lets the browser's session time out: 31 minutes without a request, by the stored clock. */
function idle(browser: Browser) {
  const token = browser.sessionToken();
  app.db.connection
    .prepare('UPDATE staff_sessions SET last_seen_at = ? WHERE id = ?')
    .run(new Date(Date.now() - 31 * 60_000).toISOString(), sha(token));
}
/** A session's stored id: the SHA-256 of its cookie's token. */
const sha = (token: string) => createHash('sha256').update(token).digest('hex');

let article = 0;
/** The article form's file field (decision 075). */
const COVER_FIELD = 'coverFile';
const edit = (csrf: string, title: string) => ({ ...articleForm, title, csrf });
const titleOf = async () => (await createArticleStore(app.db).get(article))!.title;
const kept = () => (app.db.connection.prepare('SELECT count(*) AS n FROM staff_kept_forms').get() as { n: number }).n;

beforeAll(async () => {
  await addAccount(app.db, OWNER, undefined, { role: 'owner', name: 'Olga Owner' });
  await addAccount(app.db, EDITOR, undefined, { role: 'editor', name: 'Eddie Editor' });
  const browser = new Browser();
  await browser.signIn(OWNER);
  const created = await browser.post('/staff/articles', { ...articleForm, csrf: await browser.csrf() });
  article = Number(/\/staff\/articles\/(\d+)/.exec(String(created.headers.location))![1]);
});
afterAll(() => app.db.close());

/** Signs in, opens the article's editor, lets the session time out, then posts an edit: the form is kept. */
async function editAfterTimeOut(title: string) {
  const browser = new Browser();
  await browser.signIn(OWNER);
  const csrf = await browser.csrf(`/staff/articles/${article}`);
  idle(browser);
  const posted = await browser.post(`/staff/articles/${article}`, edit(csrf, title));
  return { browser, posted };
}

describe('a console form posted after its session ended', () => {
  it('is kept, and finished by the same person’s next sign-in, who lands back in the editor with the text saved', async () => {
    const { browser, posted } = await editAfterTimeOut('Saved across a time-out');
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe('/staff/sign-in?kept=1');
    expect(await titleOf()).toBe(articleForm.title);
    expect(browser.cookies.has('__Host-staff_kept_form')).toBe(true);
    expect(browser.cookies.has('__Host-staff_session')).toBe(false);
    // The kept text is not readable in the database without the browser's cookie.
    expect(JSON.stringify(app.db.connection.prepare('SELECT * FROM staff_kept_forms').all())).not.toContain(
      'Saved across a time-out',
    );
    expect((await browser.get('/staff/sign-in?kept=1')).text).toContain('sign in to finish saving');

    const signedIn = await browser.signIn(OWNER);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe(`/staff/articles/${article}?saved=saved`);
    expect(await titleOf()).toBe('Saved across a time-out');
    expect(browser.cookies.has('__Host-staff_kept_form')).toBe(false);
    expect(kept()).toBe(0);
    expect((await browser.get(`/staff/articles/${article}?saved=saved`)).text).toContain('Saved across a time-out');
  });

  it('is kept when the page asked something of the console after the time-out and before the post', async () => {
    const browser = new Browser();
    await browser.signIn(OWNER);
    const csrf = await browser.csrf(`/staff/articles/${article}`);
    idle(browser);
    // The editor's own requests meet the ended session first (its autosave, a status poll, a reload).
    const asked = await browser.get(`/staff/articles/${article}`);
    expect(asked.headers.location).toBe(`/staff/sign-in?expired=1&next=%2Fstaff%2Farticles%2F${article}`);
    const posted = await browser.post(`/staff/articles/${article}`, edit(csrf, 'Saved after the autosave met the end'));
    expect(posted.headers.location).toBe('/staff/sign-in?kept=1');
    await browser.signIn(OWNER);
    expect(await titleOf()).toBe('Saved after the autosave met the end');
  });

  it('keeps the text of the article form posted as multipart with a photo, which is chosen again', async () => {
    const browser = new Browser();
    await browser.signIn(OWNER);
    const csrf = await browser.csrf(`/staff/articles/${article}`);
    idle(browser);
    let post = request(app)
      .post(`/staff/articles/${article}`)
      .set('Origin', 'https://meridianlab.test')
      .set('X-Forwarded-For', browser.address)
      .set('Cookie', browser.header());
    for (const [name, value] of Object.entries(edit(csrf, 'Kept from a multipart post')))
      post = post.field(name, value);
    const posted = browser.take(await post.attach(COVER_FIELD, Buffer.alloc(2_000_000, 1), 'IMG_0001.jpg'));
    expect(posted.headers.location).toBe('/staff/sign-in?kept=1');
    const signedIn = await browser.signIn(OWNER);
    expect(signedIn.headers.location).toBe(`/staff/articles/${article}?saved=saved`);
    expect(await titleOf()).toBe('Kept from a multipart post');
  });

  it('is kept when the session was ended from another one, as when it timed out', async () => {
    const browser = new Browser();
    await browser.signIn(OWNER);
    const csrf = await browser.csrf(`/staff/articles/${article}`);
    const other = new Browser();
    await other.signIn(OWNER);
    const ended = await other.post(`/staff/sessions/${sha(browser.sessionToken())}/end`, { csrf: await other.csrf() });
    expect(ended.headers.location).toBe('/staff/sessions?done=ended');
    const posted = await browser.post(`/staff/articles/${article}`, edit(csrf, 'Saved after an ended session'));
    expect(posted.headers.location).toBe('/staff/sign-in?kept=1');
    await browser.signIn(OWNER);
    expect(await titleOf()).toBe('Saved after an ended session');
  });

  it('is not finished by another person signing in on that browser, and waits for its own', async () => {
    const { browser } = await editAfterTimeOut('Only Olga may finish this');
    const editor = await browser.signIn(EDITOR);
    expect(editor.headers.location).toBe('/staff/subscribers');
    expect(await titleOf()).not.toBe('Only Olga may finish this');
    expect(kept()).toBe(1);
    await browser.post('/staff/sign-out', { csrf: await browser.csrf('/staff/subscribers') });
    const owner = await browser.signIn(OWNER);
    expect(owner.headers.location).toBe(`/staff/articles/${article}?saved=saved`);
    expect(await titleOf()).toBe('Only Olga may finish this');
  });

  it('is gone after a day: the next sign-in lands home and changes nothing', async () => {
    const { browser } = await editAfterTimeOut('Too late');
    app.db.connection
      .prepare('UPDATE staff_kept_forms SET expires_at = ?')
      .run(new Date(Date.now() - 1000).toISOString());
    expect((await browser.get('/staff/sign-in')).text).not.toContain('finish saving');
    expect(kept()).toBe(0);
    const signedIn = await browser.signIn(OWNER);
    expect(signedIn.headers.location).toBe('/staff/leads');
    expect(await titleOf()).not.toBe('Too late');
  });

  it('is not kept without the ended session’s own CSRF token, nor from another site, nor without any session', async () => {
    const { browser } = await editAfterTimeOut('placeholder');
    await browser.signIn(OWNER); // finishes the placeholder
    const csrf = await browser.csrf(`/staff/articles/${article}`);
    idle(browser);
    const crossSite = await request(app)
      .post(`/staff/articles/${article}`)
      .type('form')
      .set('Origin', 'https://evil.example')
      .set('Cookie', browser.header())
      .send(edit(csrf, 'Cross-site'));
    expect(crossSite.status).toBe(403);
    const forged = await browser.post(`/staff/articles/${article}`, edit('not-the-token', 'Forged'));
    expect(forged.headers.location).toBe('/staff/sign-in?expired=1');
    const stranger = new Browser();
    const none = await stranger.post(`/staff/articles/${article}`, edit(csrf, 'No session'));
    expect(none.headers.location).toBe('/staff/sign-in');
    expect(kept()).toBe(0);
    expect(await titleOf()).toBe('placeholder');
  });

  it('goes through the role checks again: a form of a section the person may no longer open is refused', async () => {
    await addAccount(app.db, 'ria@meridianlab.test', undefined, { role: 'editor' });
    const browser = new Browser();
    await browser.signIn('ria@meridianlab.test');
    const csrf = await browser.csrf(`/staff/articles/${article}`);
    idle(browser);
    await browser.post(`/staff/articles/${article}`, edit(csrf, 'After a role change'));
    app.db.connection.prepare("UPDATE staff_accounts SET role = 'sales' WHERE email = 'ria@meridianlab.test'").run();
    const signedIn = await browser.signIn('ria@meridianlab.test');
    expect(signedIn.status).toBe(403);
    expect(await titleOf()).not.toBe('After a role change');
  });
});

describe('signing in', () => {
  it('returns to the console page that asked for it, and never to another site', async () => {
    const browser = new Browser();
    const asked = await browser.get('/staff/leads?status=new');
    expect(asked.headers.location).toBe('/staff/sign-in?next=%2Fstaff%2Fleads%3Fstatus%3Dnew');
    const page = await browser.get(String(asked.headers.location));
    expect(page.text).toContain('name="next" value="/staff/leads?status=new"');
    expect((await browser.signIn(OWNER, { next: '/staff/leads?status=new' })).headers.location).toBe(
      '/staff/leads?status=new',
    );
    // Already signed in (another tab signed in first), the sign-in page sends the person on to that page too.
    expect((await browser.get(String(asked.headers.location))).headers.location).toBe('/staff/leads?status=new');
    for (const next of ['https://evil.example/', '//evil.example', '/staffx', '/staff\\evil', '/staff/sign-in']) {
      const other = new Browser();
      expect((await other.signIn(OWNER, { next })).headers.location, next).toBe('/staff/leads');
    }
  });

  it('keeps the page to return to when the password was wrong', async () => {
    const browser = new Browser();
    const refused = await browser.post('/staff/sign-in', { email: OWNER, password: 'wrong', next: '/staff/people' });
    expect(refused.status).toBe(401);
    expect(refused.text).toContain('name="next" value="/staff/people"');
  });
});
