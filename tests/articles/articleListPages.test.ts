/** The console's article list a page at a time (decision 091): every article once, the filter kept, and back. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testApp } from '../support/helpers';
import { pageLink } from '../support/pageLinks';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, sessionFor } from '../support/staffHelpers';

const app = testApp();
let client: StaffClient;
const PAIRS = 60;

beforeAll(async () => {
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  const add = app.db.connection.prepare(
    `INSERT INTO articles (pair_id, locale, slug, title, excerpt, category, author, date, body, created_at, updated_at, updated_by)
     VALUES (?, ?, ?, ?, 'E', 'research', 'Ana', '2026-01-01', 'Body.', ?, ?, 'ana@meridianlab.test')`,
  );
  // Both languages of a pair changed at one time, three pairs to a minute: a page may end between them.
  for (let pair = 1; pair <= PAIRS; pair++)
    for (const locale of ['en', 'es']) {
      const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(pair / 3) * 60_000).toISOString();
      add.run(1000 + pair, locale, `paged-${pair}`, `Paged ${locale} ${pair}`, at, at);
    }
});
afterAll(() => app.db.close());

const get = (path: string) => request(app).get(path).set('Cookie', client.cookie);
const titles = (html: string) =>
  [...html.matchAll(/class="staff-table__primary"[^>]*>Paged (\w+ \d+)</g)].map((m) => m[1]!);

describe('the article list', () => {
  it('shows 50 a page, the last changed first, with the filter in its links, every article once, and back', async () => {
    const pages: string[][] = [];
    let html = '';
    for (let path: string | undefined = '/staff/articles?q=paged&language=es'; path; path = pageLink(html, 'next')) {
      html = (await get(path)).text;
      expect(html).toContain(`${PAIRS} articles`);
      pages.push(titles(html));
      if (pages.length > 1) expect(path).toMatch(/^\/staff\/articles\?q=paged&language=es&after=/);
    }
    expect(pages.map((page) => page.length)).toEqual([50, 10]);
    expect(pages.flat()).toEqual(Array.from({ length: PAIRS }, (_, n) => `es ${PAIRS - n}`));
    const back = (await get(pageLink(html, 'prev')!)).text;
    expect(titles(back)).toEqual(pages[0]);
    expect(back).not.toContain('rel="prev"');
    expect((await get('/staff/articles?after=nonsense')).status).toBe(200);
  });
});
