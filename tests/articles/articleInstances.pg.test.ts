import { afterAll, describe, expect, it } from 'vitest';

import { toLabTime } from '../../server/console/kit/format';
import { firstServedAt, twoArticleInstances } from '../support/articleInstances';
import { postgresDatabase } from '../support/engines';
import { killServers } from '../support/serverProcess';

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// How soon each is served is measured by `npm run bench -- --only=timings`; here, that it is, and in order.
describe('two instances on one PostgreSQL', { timeout: 300_000 }, () => {
  it('serve on B what the staff publish on A, and publish a scheduled article once, not before its minute', async () => {
    const instances = await twoArticleInstances(await postgresDatabase());
    cleanups.push(() => instances.stop());
    const { a, b, db, postOnA, create } = instances;
    // Started together: both try the seed, one of them puts it in. A page waits for its instance's articles.
    for (const { origin } of [a, b]) expect((await fetch(`${origin}/blog`)).status).toBe(200);
    expect((await db.get<{ n: number }>('SELECT count(*) AS n FROM articles'))!.n).toBe(12);

    // Both instances have kept their blog page (the page cache): B must forget its copy.
    await fetch(`${b.origin}/blog`);
    await fetch(`${b.origin}/blog`);
    const now = await create('published-on-a', 'Published on A');
    expect((await fetch(`${b.origin}/blog/published-on-a`)).status).toBe(404);
    await postOnA(`/staff/articles/${now}/publish`, {});
    await firstServedAt(`${b.origin}/blog/published-on-a`);
    expect(await (await fetch(`${b.origin}/blog`)).text()).toContain('Published on A');
    expect(await (await fetch(`${b.origin}/blog/rss.xml`)).text()).toContain('/blog/published-on-a</link>');
    expect(await (await fetch(`${b.origin}/sitemap.xml`)).text()).toContain('/blog/published-on-a</loc>');

    // Scheduled one minute ahead: live on both after that minute, published by one instance only.
    const later = await create('scheduled-on-a', 'Scheduled on A');
    const due = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 60_000);
    await postOnA(`/staff/articles/${later}/schedule`, { publishAt: toLabTime(new Date(Date.now() + 60_000)) });
    const dueAt = (await db.get<{ publish_at: string }>('SELECT publish_at FROM articles WHERE id = ?', later))!;
    expect(dueAt.publish_at).toBe(due.toISOString());
    if (due.getTime() - Date.now() > 2_000)
      for (const { origin } of [a, b]) expect((await fetch(`${origin}/blog/scheduled-on-a`)).status).toBe(404);
    const servedAt = await Promise.all(
      [a, b].map(({ origin }) => firstServedAt(`${origin}/blog/scheduled-on-a`, 120_000)),
    );
    for (const at of servedAt) expect(at).toBeGreaterThanOrEqual(due.getTime());
    const byTheSchedule = await db.all<{ saved_by: string }>(
      "SELECT saved_by FROM article_revisions WHERE article_id = ? AND saved_by = 'schedule'",
      later,
    );
    expect(byTheSchedule).toHaveLength(1);
  });
});
