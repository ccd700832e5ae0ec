import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../server/catalogues';
import { posts as esPosts } from '../../shared/content/generated/posts.es';
import { TEST_SITE_URL, testApp } from './helpers';

const app = testApp();
afterAll(() => app.db.close());
const es = catalogues.es;

const alternates = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((match) => [match[1]!, match[2]!]));
const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';

describe('GET /es/blog', () => {
  it('peek', async () => {
    const { status, text } = await request(app).get('/es/blog');
    console.log(status, main(text).replace(/<svg[\s\S]*?<\/svg>/g, ''));
  });
});
