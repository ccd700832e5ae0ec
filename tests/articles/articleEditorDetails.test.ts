import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createArticleStore } from '../../server/articles/store';
import { createAccountStore } from '../../server/console/accounts';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, articleForm, consolePost, sessionFor } from '../support/staffHelpers';

// The writer's desk's small things (decision 075): what search results and shares say, links that lead nowhere,
// authors who are staff, and a translation written beside its original.
const app = testApp();
const store = createArticleStore(app.db);
let ana: StaffClient;
let anaId = 0;

const post = (path: string, fields: Record<string, string>) =>
  consolePost(app, path, ana, { csrf: ana.csrf, ...fields });
const get = (path: string) => request(app).get(path).set('Cookie', ana.cookie);
const idOf = (location: string) => Number(/(\d+)/.exec(location)![1]);
const create = async (fields: Record<string, string>) => {
  const created = await post('/staff/articles', { ...articleForm, ...fields });
  expect(created.status).toBe(303);
  return idOf(created.headers.location!);
};
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test', undefined, { role: 'editor', name: 'Ana Torres' });
  await addAccount(app.db, 'no.name@meridianlab.test', undefined, { role: 'editor' });
  await addAccount(app.db, 'left@meridianlab.test', undefined, { role: 'editor', name: 'Leo Left' });
  anaId = (await createAccountStore(app.db).find('ana@meridianlab.test'))!.id;
  ana = await sessionFor(app, 'ana@meridianlab.test');
});
afterAll(() => app.db.close());

describe('what search results and shares say', () => {
  it('is the SEO title and description when given, in <title>, the description and the Open Graph tags', async () => {
    const id = await create({
      slug: 'seo-given',
      seoTitle: 'Lab robots for under $5,000',
      seoDescription: 'Five machines a small lab can afford, and what each one saves.',
    });
    await post(`/staff/articles/${id}/publish`, {});
    const page = (await request(app).get('/blog/seo-given')).text;
    expect(page).toContain('<title>Lab robots for under $5,000</title>');
    expect(meta(page, 'og:title')).toBe('Lab robots for under $5,000');
    expect(meta(page, 'twitter:title')).toBe('Lab robots for under $5,000');
    for (const key of ['description', 'og:description', 'twitter:description'])
      expect(meta(page, key)).toBe('Five machines a small lab can afford, and what each one saves.');
    // The editor's preview of the shared link says the same.
    const editor = (await get(`/staff/articles/${id}`)).text;
    expect(editor).toContain('As a shared link shows it');
    expect(editor).toMatch(/staff-articles__share-title">Lab robots for under \$5,000</);
  });

  it('defaults to the title and the excerpt when empty', async () => {
    const id = await create({ slug: 'seo-empty' });
    await post(`/staff/articles/${id}/publish`, {});
    const page = (await request(app).get('/blog/seo-empty')).text;
    expect(page).toContain(`<title>${articleForm.title} | Meridian Lab</title>`);
    expect(meta(page, 'og:description')).toBe(articleForm.excerpt);
    const editor = (await get(`/staff/articles/${id}`)).text;
    expect(editor).toContain('Empty: search results and shares show the title');
    expect(editor).toContain('Empty: search results and shares show the excerpt.');
  });

  it('shows each length against the recommended one as text, announced politely', async () => {
    const long = 'A title well past what a search result shows whole, which is about sixty characters';
    const id = await create({ slug: 'seo-counted', seoTitle: long, seoDescription: 'Short.' });
    const editor = (await get(`/staff/articles/${id}`)).text;
    expect(editor).toContain(`${long.length} characters: over 60, search results cut the rest.`);
    expect(editor).toContain('6 characters: search results show up to 160.');
    expect(editor).toMatch(/id="article-seoTitle"[^>]*aria-describedby="article-seoTitle-hint article-seoTitle-count"/);
    expect(editor).toMatch(/<p [^>]*id="article-seoTitle-count" aria-live="polite"/);
  });

  it('refuses one past its limit, keeping every field as typed', async () => {
    const refused = await post('/staff/articles', { ...articleForm, slug: 'seo-too-long', seoTitle: 'x'.repeat(121) });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Headline in search results and shares is at most 120 characters.');
    expect(refused.text).toContain('value="seo-too-long"');
  });
});

describe('links in the body to pages the site does not have', () => {
  const body = [
    'See [our pricing](/pricing), [our services](/services) and [the blog](/blog?category=research).',
    'Also [a draft](/blog/a-draft-not-live), [the feed](/blog/rss.xml), [a file](/images/blog/lab-automation.svg),',
    '[a section](#costs), [elsewhere](https://example.org/pricing) and [pricing again](/pricing#plans).',
  ].join('\n');
  let id = 0;

  beforeAll(async () => {
    await create({ slug: 'a-draft-not-live' });
    id = await create({ slug: 'links-checked', body });
  });

  it('are listed in the editor once saved, read from the route table and the published articles', async () => {
    const editor = (await get(`/staff/articles/${id}`)).text;
    const warning =
      /<div class="staff-notice staff-notice--warning" role="status" data-missing-links="true">(.*?)<\/div>/s.exec(
        editor,
      )![1]!;
    expect([...warning.matchAll(/<code>([^<]*)<\/code>/g)].map((match) => match[1])).toEqual([
      '/pricing',
      '/blog/a-draft-not-live',
    ]);
  });

  it('hold "Publish now" to ask, keeping the article as it is, and publish once confirmed', async () => {
    const asked = await post(`/staff/articles/${id}/publish`, {});
    expect(asked.status).toBe(409);
    expect(asked.text).toContain('This article links to pages this site does not have.');
    expect(asked.text).toMatch(/action="\/staff\/articles\/\d+\/publish"[^]*name="confirmLinks" value="yes"/);
    const held = (await store.get(id))!;
    expect([held.state, held.body]).toEqual(['draft', body]);
    expect((await request(app).get('/blog/links-checked')).status).toBe(404);
    const confirmed = await post(`/staff/articles/${id}/publish`, { confirmLinks: 'yes' });
    expect(confirmed.status).toBe(303);
    expect((await store.get(id))!.state).toBe('published');
  });

  it('count an article as there once it is published, and hold "Publish changes" and a schedule too', async () => {
    const draft = (await store.page({ state: 'draft', locale: 'en', search: 'a-draft-not-live' }, null, 1))
      .articles[0]!;
    await post(`/staff/articles/${draft.id}/publish`, {});
    const editor = (await get(`/staff/articles/${id}`)).text;
    expect(editor).not.toContain('<code>/blog/a-draft-not-live</code>');
    expect(editor).toContain('<code>/pricing</code>');
    await post(`/staff/articles/${id}`, { ...articleForm, slug: 'links-checked', body: `${body}\n[new](/careers)` });
    const asked = await post(`/staff/articles/${id}/publish-changes`, {});
    expect(asked.status).toBe(409);
    expect(asked.text).toContain('<code>/careers</code>');
    expect((await store.get(id))!.pending).not.toBeNull();
    const nextYear = new Date().getUTCFullYear() + 1;
    const schedule = await post(`/staff/articles/${id}/schedule`, { publishAt: `${nextYear}-07-01T09:30` });
    expect(schedule.status).toBe(409);
    expect(schedule.text).toContain(`name="publishAt" value="${nextYear}-07-01T09:30"`);
    expect((await store.get(id))!.pendingAt).toBeNull();
    expect((await post(`/staff/articles/${id}/publish-changes`, { confirmLinks: 'yes' })).status).toBe(303);
    expect((await request(app).get('/blog/links-checked')).text).toContain('href="/careers"');
  });
});

describe('an article’s author', () => {
  it('is the signed-in person by default, chosen from the staff who have a display name', async () => {
    const editor = (await get('/staff/articles/new')).text;
    const select = /<select[^>]*name="authorId"[^>]*>(.*?)<\/select>/s.exec(editor)![1]!;
    expect(select).toContain(`<option value="${anaId}" selected="">Ana Torres</option>`);
    expect(select).toContain('Leo Left');
    expect(select).not.toContain('no.name@');
    expect(select).toContain('<option value="">A guest author (their name below)</option>');
  });

  it('shows a staff member by their display name on the page, and a guest by the name typed', async () => {
    const staff = await create({ slug: 'by-staff', authorId: String(anaId), author: '' });
    expect((await store.get(staff))!).toMatchObject({ author: 'Ana Torres', authorId: anaId });
    await post(`/staff/articles/${staff}/publish`, {});
    const page = (await request(app).get('/blog/by-staff')).text;
    expect(meta(page, 'article:author')).toBe('Ana Torres');
    expect(page).toContain('"author":{"@type":"Person","name":"Ana Torres"}');
    // Their name and nothing else about them: not their address, in the page or the feeds.
    const feeds = [(await request(app).get('/blog/rss.xml')).text, (await request(app).get('/blog/atom.xml')).text];
    for (const published of [page, ...feeds]) expect(published).not.toContain('ana@meridianlab.test');
    for (const feed of feeds) expect(feed).toContain('Ana Torres');
    const guest = await create({ slug: 'by-a-guest', authorId: '', author: 'Dr. Visiting Scholar' });
    expect((await store.get(guest))!).toMatchObject({ author: 'Dr. Visiting Scholar', authorId: null });
    expect((await get(`/staff/articles/${guest}`)).text).toMatch(
      /id="article-author"[^>]*value="Dr. Visiting Scholar"/,
    );
  });

  it('refuses someone not offered, or a guest without a name, keeping every field as typed', async () => {
    const unknown = await post('/staff/articles', { ...articleForm, slug: 'by-nobody', authorId: '99999' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('Written by: choose someone from the list');
    expect(unknown.text).toContain('value="by-nobody"');
    const nameless = await post('/staff/articles', { ...articleForm, slug: 'by-no-guest', authorId: '', author: ' ' });
    expect(nameless.status).toBe(400);
    expect(nameless.text).toContain('Author is required.');
  });

  it('stays the one an article names after they leave, and no longer offered for others', async () => {
    const leo = (await createAccountStore(app.db).find('left@meridianlab.test'))!;
    const id = await create({ slug: 'by-leo', authorId: String(leo.id), author: '' });
    await createAccountStore(app.db).disable('left@meridianlab.test');
    const editor = (await get(`/staff/articles/${id}`)).text;
    expect(editor).toContain(`<option value="${leo.id}" selected="">Leo Left</option>`);
    expect(
      (await post(`/staff/articles/${id}`, { ...articleForm, slug: 'by-leo', authorId: String(leo.id) })).status,
    ).toBe(303);
    expect((await get('/staff/articles/new')).text).not.toContain('Leo Left');
  });
});

describe('a translation', () => {
  it('is written beside its original, read only, with its own alt text and address', async () => {
    const id = await create({
      slug: 'translated-original',
      body: 'The original’s own words.\n',
      seoTitle: 'An English headline',
    });
    const form = (await get(`/staff/articles/new?translate=${id}`)).text;
    expect(form).toContain('The original (English)');
    expect(form).toMatch(
      /<textarea[^>]*id="original-title"[^>]*readOnly=""|<textarea[^>]*readonly=""[^>]*id="original-title"/i,
    );
    expect(form).toContain('The original’s own words.');
    expect(form).toMatch(/id="article-imageAlt"[^>]*value=""/);
    expect(form).toMatch(/id="article-seoTitle"[^>]*value=""/);
    expect(form).toMatch(/<label for="original-title">Original: Title<\/label>/);
    expect(form.match(/id="original-title"/g)).toHaveLength(1);
    expect(form).toContain('The address: /es/blog/&lt;slug&gt;.');
    const es = await post('/staff/articles', {
      ...articleForm,
      locale: 'es',
      slug: 'original-traducido',
      translationOf: String(id),
    });
    // The translation's editor goes on showing it; the original's does not show its translation so.
    expect((await get(`/staff/articles/${idOf(es.headers.location!)}`)).text).toContain('The original (English)');
    expect((await get(`/staff/articles/${id}`)).text).not.toContain('The original (');
  });
});

describe('what was kept before these fields', () => {
  it('restores a revision and shows a kept form without them, the fields empty', async () => {
    const id = await create({ slug: 'kept-before', seoTitle: 'A headline given since' });
    // A revision as it was written before these fields existed: without them.
    const fields = JSON.stringify(
      { ...(await store.get(id))!, body: 'Written before the fields were.\n' },
      (key, value) => (['seoTitle', 'seoDescription', 'authorId'].includes(key) ? undefined : value),
    );
    app.db.connection
      .prepare(
        "INSERT INTO article_revisions (article_id, saved_at, saved_by, note, fields) VALUES (?, ?, 'old', '', ?)",
      )
      .run(id, new Date().toISOString(), fields);
    app.db.connection
      .prepare("INSERT INTO article_autosaves (form, saved_by, typed, saved_at) VALUES ('new', ?, ?, ?)")
      .run(
        'ana@meridianlab.test',
        JSON.stringify({ ...articleForm, title: 'Typed before' }),
        '2099-01-01T00:00:00.000Z',
      );
    const [revision] = await store.revisions(id);
    expect((await post(`/staff/articles/${id}/revisions/${revision!.id}/restore`, {})).status).toBe(303);
    expect(await store.get(id)).toMatchObject({
      body: 'Written before the fields were.\n',
      seoTitle: '',
      seoDescription: '',
      authorId: null,
    });
    const kept = await get('/staff/articles/new');
    expect(kept.status).toBe(200);
    expect(kept.text).toContain('value="Typed before"');
  });
});
