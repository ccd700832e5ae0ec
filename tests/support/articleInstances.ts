import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createAccountStore } from '../../server/console/accounts';
import { createSessionStore } from '../../server/console/sessions';
import type { Database } from '../../server/db';
import { openDatabase } from '../../server/db';
import type { ServerProcess } from './serverProcess';
import { freePort, startServer } from './serverProcess';
import { addAccount } from './staffHelpers';

/** An article's fields as the console's form posts them. */
const articleForm = (slug: string, title: string) => ({
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

export interface ArticleInstance {
  origin: string;
  server: ServerProcess;
}

export interface ArticleInstances {
  a: ArticleInstance;
  b: ArticleInstance;
  /** The database both use, for the test to read. */
  db: Database;
  /** Posts a console form on A as the signed-in staff; where it redirects to (it must answer 303). */
  postOnA(to: string, fields: Record<string, string>): Promise<string>;
  /** Writes a draft on A; its id. */
  create(slug: string, title: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Two server processes (`npm start`'s command) on the PostgreSQL database at `databaseUrl`, started together so
 * that both try the seed, and a staff session on A. For the test that they serve the same articles, and for the
 * bench's figures of how soon.
 */
export async function twoArticleInstances(databaseUrl: string): Promise<ArticleInstances> {
  const db = await openDatabase({ dataDir: '', databaseUrl });
  const instance = async (): Promise<ArticleInstance> => {
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
  const [a, b] = await Promise.all([instance(), instance()]);

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
    if (response.status !== 303) throw new Error(`${to} answered ${response.status}: ${await response.text()}`);
    return response.headers.get('location')!;
  };
  return {
    a,
    b,
    db,
    postOnA,
    create: async (slug, title) => Number(/(\d+)/.exec(await postOnA('/staff/articles', articleForm(slug, title)))![1]),
    async stop() {
      await Promise.all([a.server.stop(), b.server.stop()]);
      await db.close();
    },
  };
}

/** Polls a URL every 50 ms until it answers 200: the clock's time then (epoch ms). Rejects after `timeoutMs`. */
export async function firstServedAt(url: string, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await fetch(url)).status === 200) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}
