import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { createArticleContent } from '../../server/articles/content';
import { articleReadTime, renderArticle } from '../../server/articles/markdown';
import { countReadTimes, THREAD_BODIES } from '../../server/articles/readTimes';
import { seedArticles } from '../../server/articles/seed';
import { createArticleStore } from '../../server/articles/store';
import { openSqliteDatabase } from '../../server/db';
import { capturedLogger } from '../support/capturedLog';
import { testConfig } from '../support/helpers';
import { seedManyArticles } from '../support/manyArticles';
import { freePort, killServers, startServer } from '../support/serverProcess';

// A load counts a live body's read time once and keeps it with the article; later loads render no body (decision 094).
const log = capturedLogger();
const config = testConfig();
const db = openSqliteDatabase(config.dataDir);
const store = createArticleStore(db);
const content = createArticleContent(store, config.rootDir, log.logger);
const first = seedArticles[0]!;
afterAll(async () => {
  killServers();
  await db.close();
});

/** Writes a column of the first seed article as another tool or an older deploy would, and tells the instances. */
async function setColumn(column: 'read_time' | 'body', value: string | null): Promise<number> {
  const { id } = (await db.get<{ id: number }>('SELECT id FROM articles WHERE slug = ?', first.slug))!;
  await db.run(`UPDATE articles SET ${column} = ? WHERE id = ?`, value, id);
  await db.run("UPDATE content_versions SET version = version + 1 WHERE name = 'articles'");
  await content.refresh();
  return id;
}
const listed = () => content.current().posts[first.locale].find((post) => post.slug === first.slug);

describe("a live body's read time", () => {
  it('is counted by the first load and kept with each article, as its page counts it', async () => {
    await content.ready;
    for (const seeded of seedArticles) {
      const article = (await store.published(seeded.locale)).find((row) => row.slug === seeded.slug)!;
      const rendered = renderArticle(seeded.body, seeded.locale, config.rootDir);
      expect(article.readTime, seeded.slug).toBe(rendered.ok && rendered.readTime);
      expect(content.current().posts[seeded.locale].find((post) => post.slug === seeded.slug)!.readTime).toBe(
        article.readTime,
      );
    }
  });

  it('is read from the store by later loads, which render no body, even one the rules would refuse', async () => {
    await setColumn('read_time', '42 min read');
    expect(listed()!.readTime).toBe('42 min read');
    // Kept: the load does not look at the body again (a change of the rules empties read_time to have it looked at).
    await setColumn('body', '# A second title\n');
    expect(listed()!.readTime).toBe('42 min read');
  });

  it('is counted again once emptied, and a body the rules refuse then stays off the site', async () => {
    const id = await setColumn('read_time', null);
    expect(listed()).toBeUndefined();
    expect(log.lines()).toContainEqual(expect.objectContaining({ msg: 'published article not shown', article: id }));
    expect((await store.get(id))!.readTime).toBeNull();
    await setColumn('body', first.body);
    expect(listed()!.readTime).toBe((await store.get(id))!.readTime);
    expect((await store.get(id))!.readTime).toMatch(/^\d+ min read$/);
  });

  it('is emptied by a save that changes the live body, and counted by the next load', async () => {
    const { id } = (await db.get<{ id: number }>('SELECT id FROM articles WHERE slug = ?', first.slug))!;
    await store.unpublish(id, 'ana@meridianlab.test');
    const longer = { ...first, body: `${first.body}\n${'word '.repeat(2_000)}\n` };
    expect(await store.update(id, longer, { by: 'ana@meridianlab.test' })).toMatchObject({ ok: true });
    expect((await store.get(id))!.readTime).toBeNull();
    await store.publish(id, 'ana@meridianlab.test');
    await content.refresh();
    const rendered = renderArticle(longer.body, first.locale, config.rootDir);
    expect(listed()!.readTime).toBe(rendered.ok && rendered.readTime);
    expect((await store.get(id))!.readTime).toBe(listed()!.readTime);
  });
});

describe('many read times at once (decision 099)', () => {
  it('are counted in a thread of their own, as the process counts them, refusals too; a few in the process', async () => {
    const bodies = Array.from({ length: THREAD_BODIES }, (_, n) => {
      const { body, locale } = seedArticles[n % seedArticles.length]!;
      return { body, locale };
    });
    bodies.push({ body: '# A second title\n', locale: 'en' });
    const threads: unknown[] = [];
    const started = (thread: unknown) => threads.push(thread);
    process.on('worker', started);
    try {
      const counts = await countReadTimes({ bodies, rootDir: config.rootDir });
      expect(threads).toHaveLength(1);
      expect(counts).toEqual(bodies.map(({ body, locale }) => articleReadTime(body, locale, config.rootDir)));
      expect(counts.at(-1)).toMatchObject({ ok: false });
      expect(await countReadTimes({ bodies: bodies.slice(0, 12), rootDir: config.rootDir })).toEqual(
        counts.slice(0, 12),
      );
      expect(threads).toHaveLength(1);
    } finally {
      process.off('worker', started);
    }
  });

  it('are counted by the built server’s first start after their migration, in the thread the build ships', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-uncounted-'));
    const paths = await seedManyArticles(dataDir, THREAD_BODIES + 1, { uncounted: true });
    const seeded = openSqliteDatabase(dataDir);
    const uncounted = () => seeded.get<{ n: number }>('SELECT count(*) AS n FROM articles WHERE read_time IS NULL');
    expect(await uncounted()).toEqual({ n: paths.length });
    const port = await freePort();
    const server = await startServer(port, { DATA_DIR: dataDir });
    try {
      // Pages wait for the first load (503 until then), which counts them and keeps them.
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/blog`)).status, { timeout: 60_000 })
        .toBe(200);
      // Its log first: a body refused would say why.
      expect(server.output()).not.toContain('published article not shown');
      await expect.poll(uncounted, { timeout: 60_000 }).toEqual({ n: 0 });
    } finally {
      await server.stop();
      await seeded.close();
    }
  });
});
