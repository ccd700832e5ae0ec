import { createHash } from 'node:crypto';

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createArticleContent } from '../../server/articles/content';
import { seedArticles } from '../../server/articles/seed';
import { createArticleStore } from '../../server/articles/store';
import { recordingLogger, testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, articleForm, consolePost, sessionFor } from '../support/staffHelpers';

const app = testApp();
const store = createArticleStore(app.db);
let client: StaffClient;

beforeAll(async () => {
  await store.seed(seedArticles);
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
});
afterAll(() => app.db.close());

const get = (path: string) => request(app).get(path).set('Cookie', client.cookie);
const post = (path: string, fields: Record<string, string>) =>
  consolePost(app, path, client, { csrf: client.csrf, ...fields });

const form = articleForm;
const idOf = (location: string) => Number(/\/staff\/articles\/(\d+)/.exec(location)![1]);

describe('the article list', () => {
  it('lists both languages with state, translation, author and last change, and filters them', async () => {
    const page = await get('/staff/articles');
    expect(page.status).toBe(200);
    expect(page.text).toContain('12 articles');
    expect(page.text).toContain('How Machine Learning Is Shortening the Road to New Medicines');
    expect(page.text).toContain('Spanish: Published');
    expect(page.text).toContain('Dr. Sarah Chen');
    expect((await get('/staff/articles?language=es')).text).toContain('6 articles');
    expect((await get('/staff/articles?state=draft')).text).toContain('No article matches these filters.');
    expect((await get('/staff/articles?q=crispr&language=en')).text).toContain('1 article<');
  });
});

describe('writing an article', () => {
  let id = 0;

  it('refuses a form with problems, naming each field and keeping what was typed', async () => {
    const response = await post('/staff/articles', { ...form, title: '  ', slug: 'Not A Slug', date: '2026-02-30' });
    expect(response.status).toBe(400);
    expect(response.text).toContain('3 fields need a change');
    expect(response.text).toContain('Title is required.');
    expect(response.text).toContain('Slug: lowercase letters');
    expect(response.text).toContain('Date: a real date');
    expect(response.text).toContain('value="Not A Slug"');
    expect(response.text).toContain('Less than you think.');
    expect(response.text).toMatch(
      /id="article-title"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="article-title"/,
    );
    expect((await store.page({ state: 'draft', locale: '', search: '' }, null, 1)).total).toBe(0);
  });

  it('refuses a body with a script link, naming the body', async () => {
    const response = await post('/staff/articles', { ...form, body: '[click](javascript:alert(1))' });
    expect(response.status).toBe(400);
    expect(response.text).toContain('Body (Markdown): link &quot;javascript:alert(1)&quot;');
  });

  it('creates a draft, shows its read time, and refuses a slug another article has', async () => {
    const created = await post('/staff/articles', form);
    expect(created.status).toBe(303);
    id = idOf(created.headers.location!);
    const editor = await get(`/staff/articles/${id}?saved=created`);
    expect(editor.text).toContain('Draft created.');
    expect(editor.text).toContain('Read time: 1 min read.');
    expect(editor.text).toContain('No Spanish version');
    const taken = await post('/staff/articles', {
      ...form,
      slug: 'how-machine-learning-is-shortening-the-road-to-new-medicines',
    });
    expect(taken.status).toBe(400);
    expect(taken.text).toContain('Another English article already uses the slug');
  });

  it('previews the draft as the site’s own article page, for staff only, never kept nor indexed', async () => {
    await post(`/staff/articles/${id}`, {
      ...form,
      body: `${form.body}\n<script>alert(1)</script> <img src=x onerror=alert(1)>\n`,
    });
    const preview = await get(`/staff/articles/${id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(preview.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(preview.text).toContain('<title>Pipetting Robots on a Budget | Meridian Lab</title>');
    expect(preview.text).toMatch(/<h1[^>]*>Pipetting Robots on a Budget<\/h1>/);
    expect(preview.text).toContain('<h2>What it costs</h2>');
    expect(preview.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(preview.text).not.toMatch(/<script(?![^>]*application\/(ld\+)?json)/);
    expect(preview.text).not.toMatch(/<img[^>]*onerror/);
    const outsider = await request(app).get(`/staff/articles/${id}/preview`);
    expect(outsider.status).toBe(303);
    expect(outsider.text).not.toContain('Pipetting');
  });

  it('answers the preview under the console’s rules: never kept nor compressed, no script, the page’s own style', async () => {
    const preview = await get(`/staff/articles/${id}/preview`).set('Accept-Encoding', 'br, gzip');
    expect(preview.headers['cache-control']).toBe('no-store, no-transform');
    expect(preview.headers['content-encoding']).toBeUndefined();
    const policy = preview.headers['content-security-policy']!;
    expect(policy).toContain("script-src 'none'");
    expect(policy).toMatch(/style-src 'self' 'sha256-[^']+'/);
    const criticalCss = /<style[^>]*>([^<]*)<\/style>/.exec(preview.text)![1]!;
    expect(policy).toContain(`'sha256-${createHash('sha256').update(criticalCss).digest('base64')}'`);
  });

  it('publishes, schedules and unpublishes, each kept as a revision', async () => {
    expect((await post(`/staff/articles/${id}/publish`, {})).headers.location).toBe(
      `/staff/articles/${id}?saved=published`,
    );
    expect((await store.get(id))!.state).toBe('published');
    expect((await post(`/staff/articles/${id}/unpublish`, {})).status).toBe(303);
    expect((await store.get(id))!.state).toBe('unpublished');
    const past = await post(`/staff/articles/${id}/schedule`, { publishAt: '2020-01-01T09:00' });
    expect(past.status).toBe(400);
    expect(past.text).toContain('Publish at: a date and time in the future');
    const nextYear = new Date().getUTCFullYear() + 1;
    expect((await post(`/staff/articles/${id}/schedule`, { publishAt: `${nextYear}-07-01T09:30` })).status).toBe(303);
    const article = (await store.get(id))!;
    expect(article.state).toBe('scheduled');
    // 9:30 in New York in July is 13:30 UTC.
    expect(article.publishAt).toBe(`${nextYear}-07-01T13:30:00.000Z`);
    const notes = (await store.revisions(id)).map((revision) => revision.note);
    expect(notes.slice(0, 3)).toEqual([`scheduled for ${nextYear}-07-01T13:30:00.000Z`, 'unpublished', 'published']);
  });

  it('shows what changed between two revisions and restores one', async () => {
    await post(`/staff/articles/${id}`, {
      ...form,
      title: 'Pipetting Robots for Less',
      body: 'A new first line.\n\n## What it costs\n',
    });
    const revisions = await store.revisions(id);
    const [newest] = revisions;
    const first = revisions.at(-1)!;
    const diff = await get(`/staff/articles/${id}/revisions?from=${newest!.id}&to=${first.id}`);
    expect(diff.status).toBe(200);
    // Numbered among the article's own revisions, from 1, whatever other articles were saved meanwhile.
    expect([first.number, newest!.number]).toEqual([1, revisions.length]);
    expect(diff.text).toContain(`Revision 1 → revision ${revisions.length}`);
    expect(diff.text).toContain('<del>Pipetting Robots on a Budget</del>');
    expect(diff.text).toContain('<ins>Pipetting Robots for Less</ins>');
    expect(diff.text).toContain('<del>- The first paragraph.\n</del>');
    expect(diff.text).toContain('<ins>+ A new first line.\n</ins>');
    const restored = await post(`/staff/articles/${id}/revisions/${first.id}/restore`, {});
    expect(restored.headers.location).toBe(`/staff/articles/${id}/revisions?saved=restored`);
    expect((await store.get(id))!.title).toBe('Pipetting Robots on a Budget');
    expect((await store.revisions(id))[0]).toMatchObject({
      savedBy: 'ana@meridianlab.test',
      note: 'restored revision 1',
    });
  });

  it('writes the Spanish translation into the pair from the list’s link', async () => {
    const page = await get(`/staff/articles/new?translate=${id}`);
    expect(page.text).toContain(`name="translationOf" value="${id}"`);
    const created = await post('/staff/articles', {
      ...form,
      locale: 'es',
      translationOf: String(id),
      title: 'Robots de pipeteo con poco presupuesto',
      slug: 'robots-de-pipeteo-con-poco-presupuesto',
    });
    expect(created.status).toBe(303);
    const spanish = (await store.get(idOf(created.headers.location!)))!;
    expect(spanish.pairId).toBe((await store.get(id))!.pairId);
    expect((await get(`/staff/articles/${id}`)).text).toContain('Robots de pipeteo con poco presupuesto');
  });

  it('answers the console’s not-found page for an article or revision that does not exist', async () => {
    expect((await get('/staff/articles/99999')).status).toBe(404);
    expect((await get('/staff/articles/abc/revisions')).status).toBe(404);
    expect((await post(`/staff/articles/${id}/revisions/99999/restore`, {})).status).toBe(404);
  });
});

describe('going live', () => {
  // Saved before a rule changed (the editor refuses it now): written straight to the store.
  const refused = {
    ...form,
    locale: 'en' as const,
    category: 'technology' as const,
    featured: false,
    authorId: null,
    seoTitle: '',
    seoDescription: '',
  };
  const scriptLink = '[click](javascript:alert(1))';

  it('checks the article again when it is scheduled, and refuses what the editor would', async () => {
    const created = await store.create({ ...refused, slug: 'scheduled-before-a-rule', body: scriptLink }, 'old');
    const id = created.ok ? created.id : 0;
    const nextYear = new Date().getUTCFullYear() + 1;
    const response = await post(`/staff/articles/${id}/schedule`, { publishAt: `${nextYear}-07-01T09:30` });
    expect(response.status).toBe(400);
    expect(response.text).toContain('This article cannot go live yet: body: link &quot;javascript:alert(1)&quot;');
    expect((await store.get(id))!.state).toBe('draft');
  });

  it('publishes at its time only what passes the checks: the rest goes back to draft, and the editor says why', async () => {
    const { logger, lines } = recordingLogger();
    const content = createArticleContent(store, app.config.rootDir, logger);
    await content.ready;
    const [good, bad] = await Promise.all(
      [
        { ...refused, slug: 'due-and-sound' },
        { ...refused, slug: 'due-before-a-rule', body: scriptLink },
      ].map(async (fields) => {
        const created = await store.create(fields, 'old');
        const id = created.ok ? created.id : 0;
        await store.schedule(id, new Date('2026-11-30T14:00:00Z'), 'old', new Date('2026-11-30T13:00:00Z'));
        return id;
      }),
    );
    expect(await content.publishDue(new Date('2026-11-30T14:00:05Z'))).toBe(1);
    expect(await store.get(good!)).toMatchObject({ state: 'published', publishedAt: '2026-11-30T14:00:00.000Z' });
    expect(await store.get(bad!)).toMatchObject({ state: 'draft', publishAt: null, updatedBy: 'schedule' });
    const reason = 'body: link "javascript:alert(1)"';
    expect((await store.revisions(bad!))[0]!.note).toContain(`not published at 2026-11-30T14:00:00.000Z: ${reason}`);
    expect(lines()).toContainEqual(
      expect.objectContaining({
        level: 40,
        article: bad,
        reason: expect.stringContaining(reason) as string,
        msg: 'scheduled article not published',
      }),
    );
    const editor = await get(`/staff/articles/${bad}`);
    expect(editor.status).toBe(200);
    expect(editor.text).toContain(
      'The schedule did not publish this article: not published at 2026-11-30T14:00:00.000Z: body: link &quot;javascript:alert(1)&quot;',
    );
    expect(await content.publishDue(new Date('2026-11-30T14:00:10Z'))).toBe(0);
  });

  it('checks a revision again before it replaces a published article, when its changes are published', async () => {
    const fields = { ...refused, slug: 'restored-before-a-rule' };
    const created = await store.create(fields, 'old');
    const id = created.ok ? created.id : 0;
    await store.update(id, { ...fields, body: scriptLink }, { by: 'old' });
    await store.update(id, fields, { by: 'old' });
    expect((await post(`/staff/articles/${id}/publish`, {})).status).toBe(303);
    const old = (await store.revisions(id)).find((revision) => revision.fields.body === scriptLink)!;
    // Restored onto a live article, it is a pending change: "Publish changes" checks it as a publish does.
    expect((await post(`/staff/articles/${id}/revisions/${old.id}/restore`, {})).status).toBe(303);
    const response = await post(`/staff/articles/${id}/publish-changes`, {});
    expect(response.status).toBe(400);
    expect(response.text).toContain('This article cannot go live yet: body: link &quot;javascript:alert(1)&quot;');
    expect(await store.get(id)).toMatchObject({ state: 'published', body: fields.body });
  });
});

describe('every article action', () => {
  it('is refused without the session’s CSRF token, and changes nothing', async () => {
    const [article] = await store.published('en');
    const before = await store.version();
    for (const path of [
      '/staff/articles',
      `/staff/articles/${article!.id}`,
      `/staff/articles/${article!.id}/publish`,
      `/staff/articles/${article!.id}/schedule`,
      `/staff/articles/${article!.id}/unpublish`,
      `/staff/articles/${article!.id}/publish-changes`,
      `/staff/articles/${article!.id}/discard-changes`,
      `/staff/articles/${article!.id}/delete`,
      `/staff/articles/${article!.id}/revisions/1/restore`,
    ]) {
      const response = await consolePost(app, path, client, { ...form, publishAt: '2030-01-01T09:00' });
      expect(response.status, path).toBe(403);
    }
    expect(await store.version()).toBe(before);
  });
});
