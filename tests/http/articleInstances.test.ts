import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, inject, it } from 'vitest';

import { createAccountStore } from '../../server/console/accounts';
import { toLabTime } from '../../server/console/kit/format';
import { createSessionStore } from '../../server/console/sessions';
import { openDatabase } from '../../server/db';
import { createDatabase } from '../support/postgresServer';
import { freePort, killServers, startServer } from '../support/serverProcess';
import { addAccount } from '../support/staffHelpers';

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const form = (slug: string, title: string) => ({
  locale: 'en',
  title,
  slug,
  excerpt: 'Written on one instance, served by both.',
  category: 'research',
  author: 'Dr. Sarah Chen',
  date: '2026-11-25',
  image: '/images/blog/drug-discovery.svg',
  imageAlt: 'A molecule',
  body: 'Served by both instances.\n',
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a URL every 50 ms until it answers 200; the time it took, or Infinity after `limitMs`. */
async function msUntilServed(url: string, since: number, limitMs: number): Promise<number> {
  while (Date.now() - since < limitMs) {
    if ((await fetch(url)).status === 200) return Date.now() - since;
    await sleep(50);
  }
  return Number.POSITIVE_INFINITY;
}

describe('two instances on one PostgreSQL', { timeout: 300_000 }, () => {
  it('serve on B what the staff publish on A within 5 s, and publish a scheduled article once, at its minute', async () => {
    const databaseUrl = await createDatabase(inject('postgresUrl'));
    const db = await openDatabase({ dataDir: '', databaseUrl });
    cleanups.push(() => db.close());
    const instance = async () => {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const server = await startServer(port, {
        DATABASE_URL: databaseUrl,
        SITE_URL: origin,
        LOG_LEVEL: 'warn',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-articles-')),
      });
      return { origin, server };
    };
    // Started together: both try the seed, one of them puts it in. A page waits for its instance's articles.
    const [a, b] = await Promise.all([instance(), instance()]);
    for (const { origin } of [a, b]) expect((await fetch(`${origin}/blog`)).status).toBe(200);
    expect((await db.get<{ n: number }>('SELECT count(*) AS n FROM articles'))!.n).toBe(12);

    await addAccount(db, 'ana@meridianlab.test');
    const account = (await createAccountStore(db).find('ana@meridianlab.test'))!;
    const cookie = `staff_session=${await createSessionStore(db).create(account.id)}`;
    const csrf = /name="csrf" value="([^"]+)"/.exec(
      await (await fetch(`${a.origin}/staff/articles`, { headers: { cookie } })).text(),
    )![1]!;
    const postOnA = async (to: string, fields: Record<string, string>) => {
      const response = await fetch(`${a.origin}${to}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, origin: a.origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf, ...fields }),
      });
      expect(response.status, await response.clone().text()).toBe(303);
      return response.headers.get('location')!;
    };
    const create = async (slug: string, title: string) =>
      Number(/(\d+)/.exec(await postOnA('/staff/articles', form(slug, title)))![1]);

    // Both instances have kept their blog page (the page cache): B must forget its copy.
    await fetch(`${b.origin}/blog`);
    await fetch(`${b.origin}/blog`);
    const now = await create('published-on-a', 'Published on A');
    expect((await fetch(`${b.origin}/blog/published-on-a`)).status).toBe(404);
    const published = Date.now();
    await postOnA(`/staff/articles/${now}/publish`, {});
    const onB = await msUntilServed(`${b.origin}/blog/published-on-a`, published, 10_000);
    expect(onB).toBeLessThan(5_000);
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
    const [liveOnA, liveOnB] = await Promise.all(
      [a, b].map(({ origin }) => msUntilServed(`${origin}/blog/scheduled-on-a`, due.getTime(), 10_000)),
    );
    expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
    expect(Math.max(liveOnA!, liveOnB!)).toBeLessThan(10_000);
    const byTheSchedule = await db.all<{ saved_by: string }>(
      "SELECT saved_by FROM article_revisions WHERE article_id = ? AND saved_by = 'schedule'",
      later,
    );
    expect(byTheSchedule).toHaveLength(1);
    console.log(
      `two instances: published on A, served by B after ${onB} ms; scheduled for ${due.toISOString()}, served by A ${liveOnA} ms and B ${liveOnB} ms after its minute, published once`,
    );
    await Promise.all([a.server.stop(), b.server.stop()]);
  });
});
