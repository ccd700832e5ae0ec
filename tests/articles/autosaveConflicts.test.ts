import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createArticleStore } from '../../server/articles/store';
import { TEST_SITE_URL, testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, articleForm, consolePost, sessionFor } from '../support/staffHelpers';

// The editor never loses a word (decision 075): what is typed is kept as it is typed, and a save after someone
// else's shows both texts.
const app = testApp();
const store = createArticleStore(app.db);
let ana: StaffClient;
let ben: StaffClient;
let id = 0;

const post = (client: StaffClient, path: string, fields: Record<string, string>) =>
  consolePost(app, path, client, { csrf: client.csrf, ...fields });
const editor = (client: StaffClient, path = `/staff/articles/${id}`) =>
  request(app).get(path).set('Cookie', client.cookie);
/** The autosave as the editor's script sends it: the form as multipart. */
const autosave = (client: StaffClient, path: string, fields: Record<string, string>) => {
  const sent = request(app).post(path).set('Origin', TEST_SITE_URL).set('Cookie', client.cookie);
  for (const [name, value] of Object.entries({ csrf: client.csrf, ...fields })) sent.field(name, value);
  return sent;
};
const baseOf = (html: string) => /name="baseRevision" value="(\d+)"/.exec(html)![1]!;

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  await addAccount(app.db, 'ben@meridianlab.test');
  ana = await sessionFor(app, 'ana@meridianlab.test');
  ben = await sessionFor(app, 'ben@meridianlab.test');
  const created = await post(ana, '/staff/articles', articleForm);
  id = Number(/(\d+)/.exec(created.headers.location!)![1]);
});
afterAll(() => app.db.close());

describe('what a writer types', () => {
  it('is kept as they type, even half-written, without touching the article, and comes back in the editor', async () => {
    const before = await store.get(id);
    const revisions = (await store.revisions(id)).length;
    const kept = await autosave(ana, `/staff/articles/${id}/autosave`, {
      ...articleForm,
      title: '',
      body: 'A paragraph typed and never saved.\n',
    });
    expect(kept.status).toBe(204);
    expect(await store.get(id)).toEqual(before);
    expect((await store.revisions(id)).length).toBe(revisions);
    const page = (await editor(ana)).text;
    expect(page).toContain('A paragraph typed and never saved.');
    expect(page).toContain('was kept and is in the form, not saved yet');
    // Ben opens the same article: Ana's unsaved text is hers alone.
    expect((await editor(ben)).text).not.toContain('A paragraph typed and never saved.');
  });

  it('is dropped when they choose the saved version, and when they save', async () => {
    expect((await post(ana, `/staff/articles/${id}/autosave/discard`, {})).headers.location).toBe(
      `/staff/articles/${id}`,
    );
    expect((await editor(ana)).text).not.toContain('A paragraph typed and never saved.');
    await autosave(ana, `/staff/articles/${id}/autosave`, { ...articleForm, body: 'Typed, then saved.\n' });
    await post(ana, `/staff/articles/${id}`, { ...articleForm, body: 'Typed, then saved.\n' });
    expect((await editor(ana)).text).not.toContain('was kept and is in the form');
  });

  it('is kept for a new article too, and refused with another session’s token', async () => {
    await autosave(ana, '/staff/articles/autosave', { ...articleForm, title: 'A Title Typed in a New Article' });
    expect((await editor(ana, '/staff/articles/new')).text).toContain('A Title Typed in a New Article');
    const forged = await autosave(ben, '/staff/articles/autosave', { csrf: ana.csrf, title: 'Forged' });
    expect(forged.status).toBe(403);
  });
});

describe('two staff saving the same article', () => {
  it('tells the later one, shows both texts, and saves theirs only when they save again', async () => {
    const opened = baseOf((await editor(ana)).text);
    const base = baseOf((await editor(ben)).text);
    expect(base).toBe(opened);
    await post(ben, `/staff/articles/${id}`, { ...articleForm, baseRevision: base, body: 'Ben’s paragraph.\n' });
    const later = await post(ana, `/staff/articles/${id}`, {
      ...articleForm,
      baseRevision: opened,
      body: 'Ana’s paragraph.\n',
    });
    expect(later.status).toBe(409);
    expect(later.text).toContain('ben@meridianlab.test saved this article');
    expect(later.text).toMatch(/id="theirs-body"[^>]*>Ben’s paragraph\./);
    expect(later.text).toMatch(/id="article-body"[^>]*>Ana’s paragraph\./);
    expect((await store.get(id))!.body).toBe('Ben’s paragraph.\n');

    // Saving again from that page is the writer's choice: theirs stays in the revisions.
    const again = await post(ana, `/staff/articles/${id}`, {
      ...articleForm,
      baseRevision: baseOf(later.text),
      body: 'Ana’s paragraph.\n',
    });
    expect(again.status).toBe(303);
    expect((await store.get(id))!.body).toBe('Ana’s paragraph.\n');
    expect((await store.revisions(id)).some((revision) => revision.fields.body === 'Ben’s paragraph.\n')).toBe(true);
  });

  it('does not stop a writer saving twice from the same page', async () => {
    const base = baseOf((await editor(ana)).text);
    await post(ana, `/staff/articles/${id}`, { ...articleForm, baseRevision: base, body: 'First.\n' });
    const second = await post(ana, `/staff/articles/${id}`, { ...articleForm, baseRevision: base, body: 'Second.\n' });
    expect(second.status).toBe(303);
  });
});
