import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createArticleContent } from '../../server/articles/content';
import { createArticleStore } from '../../server/articles/store';
import { openSqliteDatabase } from '../../server/db';
import { capturedLogger } from '../support/capturedLog';
import { testApp, testConfig } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, articleForm, consolePost, sessionFor } from '../support/staffHelpers';

// A published article's edit waits beside the live version until "Publish changes" (decision 075).
const log = capturedLogger();
const config = testConfig();
const db = openSqliteDatabase(config.dataDir);
const store = createArticleStore(db);
const content = createArticleContent(store, config.rootDir, log.logger);
const app = testApp({ DATA_DIR: config.dataDir }, { logger: log.logger, articles: content });
let client: StaffClient;
let id = 0;

const post = (path: string, fields: Record<string, string>) =>
  consolePost(app, path, client, { csrf: client.csrf, ...fields });
const staffGet = (path: string) => request(app).get(path).set('Cookie', client.cookie);
const live = () => request(app).get(`/blog/${articleForm.slug}`);
const edited = { ...articleForm, body: 'The first paragraph.\n\n## What it changed\n\nEverything.\n' };

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  const created = await post('/staff/articles', articleForm);
  id = Number(/(\d+)/.exec(created.headers.location!)![1]);
  expect((await post(`/staff/articles/${id}/publish`, {})).status).toBe(303);
});
afterAll(() => {
  app.db.close();
  db.close();
});

describe('an edit of a published article', () => {
  it('is kept as pending: the public page stays byte for byte the same, the preview and the editor show the edit', async () => {
    const before = (await live()).text;
    const saved = await post(`/staff/articles/${id}`, edited);
    expect(saved.headers.location).toBe(`/staff/articles/${id}?saved=pending`);
    await content.refresh();
    expect((await live()).text).toBe(before);
    expect((await request(app).get('/blog/rss.xml')).text).not.toContain('What it changed');
    expect((await staffGet(`/staff/articles/${id}/preview`)).text).toContain('<h2>What it changed</h2>');
    const editor = (await staffGet(`/staff/articles/${id}?saved=pending`)).text;
    expect(editor).toContain('## What it changed');
    expect(editor).toContain('Saved as a pending change');
    expect(editor).toContain('Publish changes');
    expect((await store.get(id))!.body).toBe(articleForm.body);
  });

  it('goes live with "Publish changes"', async () => {
    const published = await post(`/staff/articles/${id}/publish-changes`, {});
    expect(published.headers.location).toBe(`/staff/articles/${id}?saved=changesPublished`);
    expect((await live()).text).toContain('<h2>What it changed</h2>');
    expect((await store.get(id))!.pending).toBeNull();
  });

  it('is dropped by "Discard changes", the editor showing the live version again', async () => {
    await post(`/staff/articles/${id}`, { ...edited, title: 'A Title Not Wanted' });
    expect((await store.get(id))!.pending?.title).toBe('A Title Not Wanted');
    expect((await post(`/staff/articles/${id}/discard-changes`, {})).headers.location).toBe(
      `/staff/articles/${id}?saved=discarded`,
    );
    const editor = (await staffGet(`/staff/articles/${id}`)).text;
    expect(editor).not.toContain('A Title Not Wanted');
    expect((await store.get(id))!.pending).toBeNull();
    expect((await live()).text).not.toContain('A Title Not Wanted');
  });

  it('is what restoring a revision makes: pending, not live', async () => {
    const first = (await store.revisions(id)).at(-1)!;
    const restored = await post(`/staff/articles/${id}/revisions/${first.id}/restore`, {});
    expect(restored.headers.location).toBe(`/staff/articles/${id}/revisions?saved=restoredPending`);
    expect((await live()).text).toContain('<h2>What it changed</h2>');
    expect((await store.get(id))!.pending?.body).toBe(articleForm.body);
    await post(`/staff/articles/${id}/discard-changes`, {});
  });

  it('is scheduled as a draft is, and goes live when it is due', async () => {
    const refused = await post(`/staff/articles/${id}/schedule`, { publishAt: '2099-01-01T09:00' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('has no pending change to schedule');
    await post(`/staff/articles/${id}`, { ...edited, title: 'A Scheduled Title' });
    const scheduled = await post(`/staff/articles/${id}/schedule`, { publishAt: '2099-01-01T09:00' });
    expect(scheduled.headers.location).toBe(`/staff/articles/${id}?saved=scheduled`);
    const article = (await store.get(id))!;
    expect([article.state, article.pendingAt]).toEqual(['published', '2099-01-01T14:00:00.000Z']);
    expect(await store.publishDue(new Date('2098-12-31T00:00:00Z'))).toBe(0);
    expect(await store.publishDue(new Date('2099-01-01T14:00:30Z'))).toBe(1);
    await content.refresh();
    expect((await live()).text).toContain('A Scheduled Title');
    expect((await store.get(id))!).toMatchObject({ pending: null, pendingAt: null, state: 'published' });
  });

  it('keeps its slug change for "Publish changes": the old URL then answers with a 301', async () => {
    await post(`/staff/articles/${id}`, { ...edited, slug: 'a-renamed-article' });
    expect((await live()).status).toBe(200);
    await post(`/staff/articles/${id}/publish-changes`, {});
    const moved = await live();
    expect([moved.status, moved.headers.location]).toEqual([301, '/blog/a-renamed-article']);
  });
});

describe('deleting an article', () => {
  it('deletes a draft with its revisions; a live article only once it is unpublished', async () => {
    const draft = await post('/staff/articles', { ...articleForm, slug: 'a-draft-to-delete' });
    const draftId = Number(/(\d+)/.exec(draft.headers.location!)![1]);
    expect((await staffGet(`/staff/articles/${draftId}`)).text).toContain('Delete this draft');
    const deleted = await post(`/staff/articles/${draftId}/delete`, {});
    expect(deleted.headers.location).toBe('/staff/articles?saved=deleted');
    expect((await staffGet('/staff/articles?saved=deleted')).text).toContain('Article deleted, with its revisions.');
    expect(await store.get(draftId)).toBeUndefined();
    expect(await store.revisions(draftId)).toEqual([]);

    const refused = await post(`/staff/articles/${id}/delete`, {});
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('unpublish it (or cancel the schedule) first');
    expect((await store.get(id))!.state).toBe('published');
    await post(`/staff/articles/${id}/unpublish`, {});
    expect((await post(`/staff/articles/${id}/delete`, {})).status).toBe(303);
    expect(await store.get(id)).toBeUndefined();
  });
});
