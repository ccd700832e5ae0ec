import { afterAll, describe, expect, it } from 'vitest';

import type { ArticleFields } from '../../server/articles/fields';
import { seedArticles } from '../../server/articles/seed';
import { createArticleStore } from '../../server/articles/store';
import type { Database } from '../../server/db';
import { openDatabase } from '../../server/db';
import { engines, postgresDatabase } from '../support/engines';

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

const draft: ArticleFields = {
  locale: 'en',
  slug: 'a-new-article',
  title: 'A New Article',
  excerpt: 'What it is about.',
  category: 'research',
  author: 'Dr. Sarah Chen',
  authorId: null,
  date: '2026-11-20',
  featured: false,
  image: '/images/blog/drug-discovery.svg',
  imageAlt: 'A molecule',
  body: 'First paragraph.\n\n## A section\n\nSecond paragraph.\n',
  seoTitle: '',
  seoDescription: '',
};

describe.each(engines)('the article store on $engine', { timeout: 30_000 }, ({ open }) => {
  const fresh = async () => {
    const db = await open();
    opened.push(db);
    return { db, store: createArticleStore(db) };
  };

  it('seeds the six articles and their Spanish twins once, published, each pair sharing its id', async () => {
    const { store } = await fresh();
    expect(await store.seed(seedArticles)).toBe(true);
    expect(await store.seed(seedArticles)).toBe(false);
    const english = await store.published('en');
    const spanish = await store.published('es');
    expect(english.map((article) => article.pairId)).toEqual(spanish.map((article) => article.pairId));
    expect(english).toHaveLength(6);
    expect(english[0]!.slug).toBe('how-machine-learning-is-shortening-the-road-to-new-medicines');
    const list = (await store.page({ state: '', locale: '', search: '' }, null, 50)).articles;
    expect(list).toHaveLength(12);
    expect(list.every((article) => article.translation?.state === 'published')).toBe(true);
    expect((await store.revisions(english[0]!.id))[0]).toMatchObject({ savedBy: 'seed', note: 'published' });
  });

  it('keeps a revision of every save with who and when, restores one as a new revision, and refuses a taken slug', async () => {
    const { store } = await fresh();
    const created = await store.create(draft, 'ana@meridianlab.test', undefined, new Date('2026-11-20T10:00:00Z'));
    if (!created.ok) throw new Error(created.reason);
    const { id } = created;
    expect(await store.update(id, { ...draft, body: 'Changed.\n' }, { by: 'ben@meridianlab.test' })).toEqual({
      ok: true,
      id,
      pending: false,
    });
    const revisions = await store.revisions(id);
    expect(revisions.map((revision) => [revision.savedBy, revision.fields.body])).toEqual([
      ['ben@meridianlab.test', 'Changed.\n'],
      ['ana@meridianlab.test', draft.body],
    ]);
    await store.restore(id, revisions[1]!.id, 'ana@meridianlab.test');
    expect((await store.get(id))!.body).toBe(draft.body);
    expect((await store.revisions(id))[0]!.note).toBe('restored revision 1');

    const other = await store.create({ ...draft, slug: 'another' }, 'ana@meridianlab.test');
    expect(other.ok).toBe(true);
    expect(await store.update((other as { id: number }).id, draft, { by: 'ana@meridianlab.test' })).toMatchObject({
      ok: false,
      field: 'slug',
    });
  });

  it('links a translation into the pair, once per language', async () => {
    const { store } = await fresh();
    const english = (await store.create(draft, 'ana@meridianlab.test')) as { id: number };
    const pairId = (await store.get(english.id))!.pairId;
    const spanish = await store.create({ ...draft, locale: 'es', slug: 'un-articulo' }, 'ana', pairId);
    expect(spanish.ok).toBe(true);
    expect((await store.translationOf((await store.get(english.id))!))!.slug).toBe('un-articulo');
    expect(await store.create({ ...draft, locale: 'es', slug: 'otro' }, 'ana', pairId)).toMatchObject({
      ok: false,
      field: 'locale',
    });
  });

  it('keeps a published article’s old slug as a redirect, never a draft’s', async () => {
    const { store } = await fresh();
    const { id } = (await store.create(draft, 'ana')) as { id: number };
    await store.update(id, { ...draft, slug: 'renamed-draft' }, { by: 'ana' });
    expect((await store.redirects('en')).size).toBe(0);
    await store.publish(id, 'ana');
    // A live article's save waits as its pending edit: the slug changes when the changes are published.
    await store.update(id, { ...draft, slug: 'renamed-again' }, { by: 'ana' });
    expect((await store.redirects('en')).size).toBe(0);
    await store.publishChanges(id, 'ana');
    expect([...(await store.redirects('en'))].map(([old, article]) => [old, article.slug])).toEqual([
      ['renamed-draft', 'renamed-again'],
    ]);
    await store.unpublish(id, 'ana');
    expect((await store.redirects('en')).size).toBe(0);
  });

  it('moves the content version with every change', async () => {
    const { store } = await fresh();
    const before = await store.version();
    const { id } = (await store.create(draft, 'ana')) as { id: number };
    await store.publish(id, 'ana');
    expect(await store.version()).toBe(before + 2);
  });

  it('keeps a read time counted for the body it was counted on, and empties it when the live body changes', async () => {
    const { store } = await fresh();
    const { id } = (await store.create(draft, 'ana')) as { id: number };
    const counted = (await store.get(id))!;
    expect(counted.readTime).toBeNull();
    await store.keepReadTimes([{ id, updatedAt: counted.updatedAt, readTime: '1 min read' }]);
    expect((await store.get(id))!.readTime).toBe('1 min read');
    await store.update(id, { ...draft, body: 'Another body.\n' }, { by: 'ana', now: new Date(Date.now() + 1_000) });
    expect((await store.get(id))!.readTime).toBeNull();
    // A count of the body before that save is not kept.
    await store.keepReadTimes([{ id, updatedAt: counted.updatedAt, readTime: '1 min read' }]);
    expect((await store.get(id))!.readTime).toBeNull();
  });

  it('publishes a scheduled article at its minute, once, when two instances run the schedule together', async () => {
    const { store } = await fresh();
    const { id } = (await store.create(draft, 'ana')) as { id: number };
    await store.schedule(id, new Date('2026-11-30T14:00:40Z'), 'ana', new Date('2026-11-30T13:00:00Z'));
    expect((await store.get(id))!.publishAt).toBe('2026-11-30T14:00:00.000Z');
    expect(await store.publishDue(new Date('2026-11-30T13:59:59Z'))).toBe(0);
    const due = new Date('2026-11-30T14:00:00Z');
    // Each call runs its own transaction on its own connection (PostgreSQL's pool), as two instances would.
    const counts = await Promise.all([store.publishDue(due), store.publishDue(due), store.publishDue(due)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    const article = (await store.get(id))!;
    expect(article.state).toBe('published');
    expect(article.publishedAt).toBe('2026-11-30T14:00:00.000Z');
    expect((await store.revisions(id)).filter((revision) => revision.savedBy === 'schedule')).toHaveLength(1);
  });
});

describe('two instances on one PostgreSQL database', { timeout: 30_000 }, () => {
  it('publish a due article once, whichever instance runs the schedule first', async () => {
    const databaseUrl = await postgresDatabase();
    const [a, b] = [await openDatabase({ dataDir: '', databaseUrl }), await openDatabase({ dataDir: '', databaseUrl })];
    opened.push(a, b);
    const [storeA, storeB] = [createArticleStore(a), createArticleStore(b)];
    for (let round = 0; round < 5; round++) {
      const { id } = (await storeA.create({ ...draft, slug: `due-${round}` }, 'ana')) as { id: number };
      await storeB.schedule(id, new Date('2026-11-30T14:00:00Z'), 'ana', new Date('2026-11-30T13:00:00Z'));
      const due = new Date('2026-11-30T14:00:05Z');
      const counts = await Promise.all([storeA.publishDue(due), storeB.publishDue(due)]);
      expect(counts.sort()).toEqual([0, 1]);
      expect((await storeB.revisions(id)).filter((revision) => revision.savedBy === 'schedule')).toHaveLength(1);
    }
  });
});
