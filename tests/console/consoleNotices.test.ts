import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedArticles } from '../../server/articles/seed';
import { createArticleStore } from '../../server/articles/store';
import { testApp } from '../support/helpers';
import type { StaffClient } from '../support/staffHelpers';
import { addAccount, consolePost, insertLead, sessionFor } from '../support/staffHelpers';

const app = testApp();
let client: StaffClient;
/** Every console page that shows a notice named in its query, with the query's name. */
const pages: [path: string, query: 'saved' | 'done'][] = [];

beforeAll(async () => {
  const articles = createArticleStore(app.db);
  await articles.seed(seedArticles);
  await addAccount(app.db, 'ana@meridianlab.test');
  client = await sessionFor(app, 'ana@meridianlab.test');
  const [article] = await articles.published('en');
  const lead = insertLead(app.db);
  const campaign = await consolePost(app, '/staff/newsletter', client, {
    csrf: client.csrf,
    article: String(article!.id),
  });
  pages.push(
    [`/staff/articles/${article!.id}`, 'saved'],
    [`/staff/articles/${article!.id}/revisions`, 'saved'],
    [`/staff/leads/${lead}`, 'saved'],
    [campaign.headers.location!, 'done'],
  );
});
afterAll(() => app.db.close());

describe('a notice named in a console page’s query', () => {
  it('shows its own text when it is one of the page’s notices', async () => {
    const texts = ['Saved.', 'Revision restored', 'Status changed.', 'Saved.'];
    const keys = ['saved', 'restored', 'status', 'saved'];
    for (const [index, [path, query]] of pages.entries()) {
      const page = await request(app).get(`${path}?${query}=${keys[index]}`).set('Cookie', client.cookie);
      expect(page.text, path).toContain(texts[index]);
    }
  });

  it('names none, and is no error, when it is a key every object has', async () => {
    for (const [path, query] of pages)
      for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
        const url = `${path}?${query}=${key}`;
        const page = await request(app).get(url).set('Cookie', client.cookie);
        expect(page.status, url).toBe(200);
        expect(page.text, url).not.toContain('role="status"');
      }
  });
});
